// Invitations (spec 000 §7 `POST /invite`; the pending list, resend and revoke of docs/architecture.md §14): online
// calls, each company-scoped so a consultant acts on the company they are in.
import { del, get, post } from './http';
import type { ApiResult } from './http';

/** An invitation not used and not expired. */
export interface PendingInvitation {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  roles: string[];
  invitedByName: string | null;
  createdAt: string;
  expiresAt: string;
}

/** What an invitation says: who, and which roles. */
export interface NewInvitation {
  email: string;
  firstName: string;
  lastName: string;
  roles: readonly string[];
}

/** `POST /api/invite` for a company: the mail goes out with the link to /register/{id}. */
export function sendInvitation(
  companyId: number,
  invitation: NewInvitation,
): Promise<ApiResult<{ status: 'sent' }>> {
  return post<{ status: 'sent' }>('/invite', { ...invitation, roles: [...invitation.roles], companyId });
}

/** `GET /api/companies/{id}/invites`. */
export function fetchPendingInvitations(companyId: number): Promise<ApiResult<PendingInvitation[]>> {
  return get<PendingInvitation[]>(`/companies/${companyId}/invites`);
}

/** `POST /api/companies/{id}/invites/{inviteId}/resend`: a new 7-day link, mailed again. */
export function resendInvitation(
  companyId: number,
  inviteId: string,
): Promise<ApiResult<{ status: 'sent'; expiresAt: string }>> {
  return post(`/companies/${companyId}/invites/${inviteId}/resend`);
}

/** `DELETE /api/companies/{id}/invites/{inviteId}`: the link stops working. */
export function revokeInvitation(
  companyId: number,
  inviteId: string,
): Promise<ApiResult<{ status: 'revoked' }>> {
  return del(`/companies/${companyId}/invites/${inviteId}`);
}
