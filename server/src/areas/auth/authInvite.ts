import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { ApiError, forbidden, notFound } from '../../errors';
import { callerOf, canReachCompany } from '../../auth/access';
import { companyById } from '../../auth/accessQueries';
import { findUserByEmail, normalizeEmail } from '../../auth/credentials';
import {
  assertNewPassword,
  gone,
  isLinkToken,
  isPast,
  isUniqueViolation,
  linkState,
} from '../../auth/mailedLinks';
import { hashPassword } from '../../auth/passwords';
import { rateLimitsFor } from '../../auth/rateLimits';
import type { Db } from '../../db/client';
import { companies, invites, userRoles, users } from '../../db/schema';
import { sendMail } from '../../mail';
import type { MailMessage } from '../../mail';
import type { ServerConfig } from '../../config';
import { canInvite, mayGrantRoles } from '../../../../src/domain/invitations';
import { newUserVersion } from '../../sync/userDirectory';

/** How long an invitation link works; a resend starts it again (server/src/areas/inviteuser/invitations.ts). */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const ROLE_NAMES = ['Super Consultant', 'Consultant', 'Admin', 'Limited Client', 'Client'];
const EMAIL_TAKEN = 'A user with this email address already exists';

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
const TokenParams = Type.Object(
  { tokenId: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

/** The invitation mail: who invites to which company, and the one-time link to /register/{id}. */
export function invitationMail(
  config: ServerConfig,
  invite: { id: string; email: string; firstName: string | null },
  company: { name: string },
): MailMessage {
  return {
    to: invite.email,
    subject: `You are invited to ${company.name} on GET Energy Portal`,
    text: [
      `Hello ${(invite.firstName ?? '').trim() || 'there'},`,
      '',
      `You have been invited to join ${company.name} on GET Energy Portal.`,
      `Create your account here: ${config.publicUrl}/register/${invite.id}`,
      '',
      'The link can be used once and expires in 7 days.',
    ].join('\n'),
  };
}

/** The invitation behind a link: 404 when unknown, 410 when used or expired. */
async function openInvite(db: Db, tokenId: string) {
  const [row] = isLinkToken(tokenId)
    ? await db
        .select({ ...getTableColumns(invites), expired: isPast(invites.expiresAt) })
        .from(invites)
        .where(eq(invites.id, tokenId))
    : [];
  if (!row) throw notFound('This invitation does not exist');
  const state = linkState(row);
  if (state === 'used') throw gone('This invitation has already been used');
  if (state === 'expired') throw gone('This invitation has expired. Ask for a new one.');
  return row;
}

/** `POST /api/invite` and `GET|POST /api/register/{tokenId}` (spec 000 §7 Auth). */
export async function invitationRoutes(app: App, { db, config }: AppDeps): Promise<void> {
  const limits = rateLimitsFor(config);
  app.post(
    '/api/invite',
    {
      config: { access: { company: { from: 'none' } }, rateLimit: limits.invitePerIp },
      schema: {
        body: Type.Object(
          {
            email: Type.String({ format: 'email', minLength: 3, maxLength: 254 }),
            firstName: Name,
            lastName: Name,
            roles: Type.Optional(
              Type.Array(Type.Enum(ROLE_NAMES), { maxItems: ROLE_NAMES.length, uniqueItems: true }),
            ),
            companyId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ status: Type.Literal('sent') }) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (!canInvite(caller.roles)) throw forbidden('Only administrators can invite users');
      const company = await companyById(db, request.body.companyId ?? caller.companyId);
      if (!company || !(await canReachCompany(db, caller, company))) throw notFound('Company not found');
      const roles = request.body.roles && request.body.roles.length > 0 ? request.body.roles : ['Client'];
      // Consultants reach many companies; only a super consultant may make one (src/domain/invitations.ts).
      if (!mayGrantRoles(caller.roles, roles))
        throw forbidden('Only a super consultant can invite consultants');
      const email = normalizeEmail(request.body.email);
      if (await findUserByEmail(db, email)) throw new ApiError(409, 'conflict', EMAIL_TAKEN);

      const [invite] = await db
        .insert(invites)
        .values({
          email,
          firstName: request.body.firstName.trim(),
          lastName: request.body.lastName.trim(),
          companyId: company.id,
          roles,
          invitedBy: caller.userId,
          expiresAt: new Date(Date.now() + INVITE_TTL_MS).toISOString(),
        })
        .returning({ id: invites.id });
      if (!invite) throw new Error('invite insert returned nothing');
      try {
        await sendMail(
          config,
          invitationMail(config, { ...invite, email, firstName: request.body.firstName }, company),
        );
      } catch (error) {
        // An invitation nobody received must not linger as a usable link.
        await db.delete(invites).where(eq(invites.id, invite.id));
        request.log.error({ err: error }, 'invitation mail failed');
        throw new ApiError(502, 'mail_failed', 'The invitation could not be sent. Please try again.');
      }
      return { status: 'sent' as const };
    },
  );

  app.get(
    '/api/register/:tokenId',
    {
      config: { access: { public: true }, rateLimit: limits.mailPerIp },
      schema: {
        params: TokenParams,
        response: {
          200: Type.Object({
            email: Type.String(),
            companyName: Type.String(),
            firstName: Type.String(),
            lastName: Type.String(),
          }),
        },
      },
    },
    async (request) => {
      const invite = await openInvite(db, request.params.tokenId);
      const [company] = await db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, invite.companyId));
      return {
        email: invite.email,
        companyName: company?.name ?? '',
        firstName: invite.firstName ?? '',
        lastName: invite.lastName ?? '',
      };
    },
  );

  app.post(
    '/api/register/:tokenId',
    {
      config: { access: { public: true }, rateLimit: limits.mailPerIp },
      schema: {
        params: TokenParams,
        body: Type.Object(
          {
            firstName: Name,
            lastName: Name,
            password: Type.String({ maxLength: 200 }),
            confirmPassword: Type.String({ maxLength: 200 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async (request) => {
      const { firstName, lastName, password, confirmPassword } = request.body;
      const invite = await openInvite(db, request.params.tokenId);
      assertNewPassword(password, confirmPassword, 'password');
      const passwordHash = await hashPassword(password);
      try {
        await db.transaction(async (tx) => {
          // Claiming the invitation in one conditional update makes a double submit register once.
          const [claimed] = await tx
            .update(invites)
            .set({ usedAt: sql`now()` })
            .where(and(eq(invites.id, invite.id), isNull(invites.usedAt), sql`${invites.expiresAt} > now()`))
            .returning({ id: invites.id });
          if (!claimed) throw gone('This invitation has already been used');
          const [user] = await tx
            .insert(users)
            .values({
              email: invite.email,
              firstName: firstName.trim(),
              lastName: lastName.trim(),
              passwordHash,
              companyId: invite.companyId,
              // The company's users list (Contacts) serves the new user and its roles from this version.
              version: await newUserVersion(tx, invite.companyId),
            })
            .returning({ id: users.id });
          if (!user) throw new Error('user insert returned nothing');
          if (invite.roles.length > 0)
            await tx.insert(userRoles).values(invite.roles.map((role) => ({ userId: user.id, role })));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, 'conflict', EMAIL_TAKEN);
        throw error;
      }
      return { status: 'ok' as const };
    },
  );
}
