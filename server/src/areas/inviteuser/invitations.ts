// The Invite User page's pending invitations (spec 000 §2 /inviteuser; docs/architecture.md §14 Support, users and
// invitations): the company's invitations not used and not expired, resend (a new 7-day window and the same mail)
// and revoke, each with its consultant twin. Online calls: invitations are not synced. Sending one is
// `POST /api/invite` (authInvite.ts).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { callerOf, companyOf } from '../../auth/access';
import { invites, users } from '../../db/schema';
import { ApiError, forbidden, notFound } from '../../errors';
import { CompanyId, UuidString } from '../../http/commonSchemas';
import { sendMail } from '../../mail';
import { mayGrantRoles } from '../../../../src/domain/invitations';
import { INVITE_TTL_MS, invitationMail } from '../auth/authInvite';
import { CompanyScopeParams, twinRoutes } from '../../http/twinRoutes';

const InviteParams = Type.Object(
  { companyId: Type.Optional(CompanyId), id: UuidString },
  { additionalProperties: false },
);

const PendingInvite = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.Union([Type.String(), Type.Null()]),
  lastName: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.String()),
  invitedByName: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  expiresAt: Type.String(),
});

const pending = (companyId: number) =>
  and(eq(invites.companyId, companyId), isNull(invites.usedAt), sql`${invites.expiresAt} > now()`);

/** Registers the pending invitations list, resend and revoke. */
export async function invitationAdminRoutes(app: App, { db, config }: AppDeps): Promise<void> {
  for (const route of twinRoutes('/invites', { area: 'inviteuser' })) {
    app.get(
      route.url,
      {
        config: { access: route.access },
        schema: { params: CompanyScopeParams, response: { 200: Type.Array(PendingInvite) } },
      },
      async (request) =>
        db
          .select({
            id: invites.id,
            email: invites.email,
            firstName: invites.firstName,
            lastName: invites.lastName,
            roles: invites.roles,
            invitedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
            createdAt: invites.createdAt,
            expiresAt: invites.expiresAt,
          })
          .from(invites)
          .leftJoin(users, eq(users.id, invites.invitedBy))
          .where(pending(companyOf(request).id))
          .orderBy(desc(invites.createdAt)),
    );
  }

  /** A pending invitation of the company that the caller could have sent (a consultant's only by a super consultant). */
  async function ownInvite(companyId: number, id: string, roles: Parameters<typeof mayGrantRoles>[0]) {
    const [row] = await db
      .select()
      .from(invites)
      .where(and(eq(invites.id, id.toLowerCase()), pending(companyId)));
    if (!row) throw notFound('No such pending invitation');
    if (!mayGrantRoles(roles, row.roles))
      throw forbidden('Only a super consultant can manage this invitation');
    return row;
  }

  for (const route of twinRoutes('/invites/:id/resend', { area: 'inviteuser' })) {
    app.post(
      route.url,
      { config: { access: route.access }, schema: { params: InviteParams } },
      async (request) => {
        const company = companyOf(request);
        const invite = await ownInvite(company.id, request.params.id, callerOf(request).roles);
        const previous = invite.expiresAt;
        const expiresAt = new Date(Date.now() + INVITE_TTL_MS).toISOString();
        await db.update(invites).set({ expiresAt }).where(eq(invites.id, invite.id));
        try {
          await sendMail(config, invitationMail(config, invite, company));
        } catch (error) {
          await db.update(invites).set({ expiresAt: previous }).where(eq(invites.id, invite.id));
          request.log.error({ err: error }, 'invitation mail failed');
          throw new ApiError(502, 'mail_failed', 'The invitation could not be sent. Please try again.');
        }
        return { status: 'sent' as const, expiresAt };
      },
    );
  }

  for (const route of twinRoutes('/invites/:id', { area: 'inviteuser' })) {
    app.delete(
      route.url,
      { config: { access: route.access }, schema: { params: InviteParams } },
      async (request) => {
        const invite = await ownInvite(companyOf(request).id, request.params.id, callerOf(request).roles);
        // Deleted, not marked: the link then answers "does not exist", which is what a revoked link is.
        await db.delete(invites).where(eq(invites.id, invite.id));
        return { status: 'revoked' as const };
      },
    );
  }
}
