import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { notFound } from '../../errors';
import { findUserByEmail } from '../../auth/credentials';
import { assertNewPassword, gone, isLinkToken, isPast, linkState } from '../../auth/mailedLinks';
import { hashPassword } from '../../auth/passwords';
import { rateLimitsFor } from '../../auth/rateLimits';
import { revokeUserSessions } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { sendMail } from '../../mail';

const RESET_TTL_MS = 60 * 60 * 1000;
/** The one answer of forgot_password, whether or not the email belongs to someone. */
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that email, a reset link has been sent.';

async function openResetToken(db: Db, tokenId: string) {
  const [row] = isLinkToken(tokenId)
    ? await db
        .select({ ...getTableColumns(passwordResetTokens), expired: isPast(passwordResetTokens.expiresAt) })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.id, tokenId))
    : [];
  if (!row) throw notFound('This reset link does not exist');
  const state = linkState(row);
  if (state === 'used') throw gone('This reset link has already been used');
  if (state === 'expired') throw gone('This reset link has expired. Ask for a new one.');
  return row;
}

/** `POST /api/forgot_password` and `POST /api/reset_password/{tokenId}` (spec 000 §7 Auth). */
export async function passwordRoutes(app: App, { db, config }: AppDeps): Promise<void> {
  const limits = rateLimitsFor(config);
  app.post(
    '/api/forgot_password',
    {
      config: { access: { public: true }, rateLimit: limits.mailPerIp },
      schema: {
        body: Type.Object(
          { email: Type.String({ format: 'email', minLength: 3, maxLength: 254 }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ status: Type.Literal('ok'), message: Type.String() }) },
      },
    },
    async (request) => {
      const user = await findUserByEmail(db, request.body.email);
      if (user?.isActive) {
        const [token] = await db
          .insert(passwordResetTokens)
          .values({ userId: user.id, expiresAt: new Date(Date.now() + RESET_TTL_MS).toISOString() })
          .returning({ id: passwordResetTokens.id });
        if (token) {
          // Not awaited: the answer must not take longer for a known email than for an unknown one.
          sendMail(config, {
            to: user.email,
            subject: 'Reset your GET Energy Portal password',
            text: [
              'Someone asked to reset the password of your GET Energy Portal account.',
              `Choose a new password here: ${config.publicUrl}/resetpassword/${token.id}`,
              '',
              'The link can be used once and expires in 1 hour. If you did not ask for it, ignore this message.',
            ].join('\n'),
          }).catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'));
        }
      }
      return { status: 'ok' as const, message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/api/reset_password/:tokenId',
    {
      config: { access: { public: true }, rateLimit: limits.mailPerIp },
      schema: {
        params: Type.Object(
          { tokenId: Type.String({ minLength: 1, maxLength: 64 }) },
          { additionalProperties: false },
        ),
        body: Type.Object(
          { newPassword: Type.String({ maxLength: 200 }), confirmPassword: Type.String({ maxLength: 200 }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async (request) => {
      const token = await openResetToken(db, request.params.tokenId);
      assertNewPassword(request.body.newPassword, request.body.confirmPassword, 'newPassword');
      const passwordHash = await hashPassword(request.body.newPassword);
      await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(passwordResetTokens.id, token.id),
              isNull(passwordResetTokens.usedAt),
              sql`${passwordResetTokens.expiresAt} > now()`,
            ),
          )
          .returning({ id: passwordResetTokens.id });
        if (!claimed) throw gone('This reset link has already been used');
        await tx.update(users).set({ passwordHash }).where(eq(users.id, token.userId));
        // Older reset links of the same user die with this one.
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResetTokens.userId, token.userId), isNull(passwordResetTokens.usedAt)));
      });
      // Whoever knew the old password may hold a session: end them all.
      await revokeUserSessions(db, token.userId);
      return { status: 'ok' as const };
    },
  );
}
