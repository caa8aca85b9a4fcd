import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { unauthorized } from '../../errors';
import { checkCredentials, findUserById, normalizeEmail } from '../../auth/credentials';
import { accountLimiter, rateLimitsFor } from '../../auth/rateLimits';
import {
  REFRESH_COOKIE,
  clearRefreshCookie,
  revokeFamily,
  rotateRefreshToken,
  setRefreshCookie,
  startSession,
} from '../../auth/sessions';
import { acceptTotpCode, hasTwoFactor, signChallenge, verifyChallenge } from '../../auth/twoFactor';
import { verifyAccessToken } from '../../auth/tokens';
import { invitationRoutes } from './authInvite';
import { passwordRoutes } from './authPassword';
import { ssoRoutes } from './authSso';

/** Same answer for unknown email, wrong password and inactive user: nothing tells them apart. */
const BAD_CREDENTIALS = 'Invalid email or password';

const TokenAnswer = Type.Object({ accessToken: Type.String() });
const ChallengeAnswer = Type.Object({ twoFactorRequired: Type.Literal(true), challenge: Type.String() });
const OkAnswer = Type.Object({ status: Type.Literal('ok') });

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || null : null;
}

/** The auth calls of spec 000 §7 (docs/architecture.md §5): sessions, 2FA, invitations, passwords and SSO. */
export async function authRoutes(app: App, deps: AppDeps): Promise<void> {
  const { db, config } = deps;
  const limits = rateLimitsFor(config);
  const loginPerAccount = accountLimiter(app, limits.perAccount);
  const verifyPerAccount = accountLimiter(app, limits.perAccount);

  app.post(
    '/api/login',
    {
      config: { access: { public: true }, rateLimit: limits.signInPerIp },
      schema: {
        body: Type.Object(
          {
            email: Type.String({ format: 'email', minLength: 3, maxLength: 254 }),
            password: Type.String({ minLength: 1, maxLength: 200 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Union([TokenAnswer, ChallengeAnswer]) },
      },
    },
    async (request, reply) => {
      await loginPerAccount(request, reply, `login:${normalizeEmail(request.body.email)}`);
      const user = await checkCredentials(db, request.body.email, request.body.password);
      if (!user) throw unauthorized(BAD_CREDENTIALS);
      if (await hasTwoFactor(db, user.id)) {
        return { twoFactorRequired: true as const, challenge: await signChallenge(config, user.id) };
      }
      const session = await startSession(db, config, user);
      setRefreshCookie(reply, config, session.refreshToken);
      return { accessToken: session.accessToken };
    },
  );

  app.post(
    '/api/verify2fa',
    {
      config: { access: { public: true }, rateLimit: limits.signInPerIp },
      schema: {
        querystring: Type.Object(
          {
            challenge: Type.String({ minLength: 1, maxLength: 2048 }),
            code: Type.String({ pattern: '^[0-9]{6}$' }),
          },
          { additionalProperties: false },
        ),
        response: { 200: TokenAnswer },
      },
    },
    async (request, reply) => {
      const userId = await verifyChallenge(config, request.query.challenge);
      if (userId === null) throw unauthorized('The sign-in has expired. Please sign in again.');
      // Counted per user, not per challenge, so fresh challenges do not buy more guesses.
      await verifyPerAccount(request, reply, `2fa:${userId}`);
      const user = await findUserById(db, userId);
      if (!user?.isActive || !(await acceptTotpCode(db, userId, request.query.code))) {
        throw unauthorized('Invalid verification code');
      }
      const session = await startSession(db, config, user);
      setRefreshCookie(reply, config, session.refreshToken);
      return { accessToken: session.accessToken };
    },
  );

  app.post(
    '/api/refresh',
    {
      config: { access: { public: true }, rateLimit: limits.refreshPerIp },
      schema: { response: { 200: TokenAnswer } },
    },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE];
      const outcome = token ? await rotateRefreshToken(db, config, token) : null;
      if (!outcome?.ok) {
        clearRefreshCookie(reply, config);
        if (outcome?.reason === 'reused')
          request.log.warn('refresh token reused; its session family was revoked');
        throw unauthorized('Your session has ended. Please sign in again.');
      }
      setRefreshCookie(reply, config, outcome.refreshToken);
      return { accessToken: outcome.accessToken };
    },
  );

  app.post(
    '/api/logout',
    {
      config: { access: { company: { from: 'none' } } },
      schema: { response: { 200: OkAnswer } },
    },
    async (request, reply) => {
      // The cookie is scoped to /api/refresh and never reaches here: the token names the session.
      const token = bearerToken(request);
      const claims = token ? await verifyAccessToken(config, token) : null;
      if (claims?.sid) await revokeFamily(db, claims.sid);
      clearRefreshCookie(reply, config);
      return { status: 'ok' as const };
    },
  );

  await invitationRoutes(app, deps);
  await passwordRoutes(app, deps);
  await ssoRoutes(app, deps);
}
