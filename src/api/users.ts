// Users and consultant access (spec 001 §7): online calls of the super consultant's Users page. Not synced: the list
// spans every company, and each change must be refused or accepted by the server at once, with its audit line.
import { del, get, post, put } from './http';
import type { ApiResult } from './http';
import type { AuditThresholdKey } from '../domain/billAuditThresholds';
import type { CompanyAccessFlags } from '../domain/userAdmin';
import type { CompanyRow } from '../db/rows';

/** A user as the Users page lists it. */
export interface AdminUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  companyId: number;
  companyName: string;
  roles: string[];
  /** Companies a consultant was granted. */
  companyAccess: number[];
}

/** A company a consultant may work in. */
export interface CompanyAccess {
  companyId: number;
  companyName: string;
  grantedAt: string;
}

/** One audited change. */
export interface AuditLine {
  id: string;
  at: string;
  actorName: string;
  action: string;
  targetUserId: number | null;
  targetCompanyId: number | null;
  detail: string;
}

/** `GET /api/users/usersAll`. */
export function fetchAllUsers(): Promise<ApiResult<AdminUser[]>> {
  return get<AdminUser[]>('/users/usersAll');
}

/** `GET /api/users/audit`: the latest changes, newest first. */
export function fetchUserAudit(limit = 50): Promise<ApiResult<AuditLine[]>> {
  return get<AuditLine[]>(`/users/audit?limit=${limit}`);
}

/** `POST /api/users/addRole`. */
export function addRole(userId: number, role: string): Promise<ApiResult<{ roles: string[] }>> {
  return post('/users/addRole', { userId, role });
}

/** `DELETE /api/users/removeRole?id&role`. */
export function removeRole(userId: number, role: string): Promise<ApiResult<{ roles: string[] }>> {
  return del(`/users/removeRole?id=${userId}&role=${encodeURIComponent(role)}`);
}

/** `GET /api/users/{id}/getCompanyAccess`. */
export function fetchCompanyAccess(userId: number): Promise<ApiResult<CompanyAccess[]>> {
  return get<CompanyAccess[]>(`/users/${userId}/getCompanyAccess`);
}

/** `POST /api/users/addCompanyAccess`. */
export function grantCompanyAccess(userId: number, companyId: number): Promise<ApiResult<unknown>> {
  return post('/users/addCompanyAccess', { userId, companyId });
}

/** `DELETE /api/users/{id}/deleteConsultantCompanyAccess?companyId`. */
export function revokeCompanyAccess(userId: number, companyId: number): Promise<ApiResult<unknown>> {
  return del(`/users/${userId}/deleteConsultantCompanyAccess?companyId=${companyId}`);
}

/** `PUT /api/companies/setCompanyAccess`: the flags given change; the answer is the company record. */
export function setCompanyAccess(
  companyId: number,
  flags: Partial<CompanyAccessFlags>,
): Promise<ApiResult<CompanyRow>> {
  return put<CompanyRow>('/companies/setCompanyAccess', { companyId, ...flags });
}

/** `PUT /api/companies/setAuditThresholds`: the bill audit thresholds given change (null: back to the default). */
export function setAuditThresholds(
  companyId: number,
  thresholds: Partial<Record<AuditThresholdKey, number | null>>,
): Promise<ApiResult<CompanyRow>> {
  return put<CompanyRow>('/companies/setAuditThresholds', { companyId, thresholds });
}
