import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REFRESH_REUSE_GRACE_SECONDS,
  hashRefreshToken,
  revokeUserSessions,
  startSession,
} from '../../../server/src/auth/sessions';
import { verifyAccessToken } from '../../../server/src/auth/tokens';
import { refreshTokens, users } from '../../../server/src/db/schema';
import { createCompany, createUser, tokenFor } from '../../helpers/fixtures';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';
import { login, refresh, refreshCookieValue, refreshSetCookie } from './authHelpers';

const PASSWORD = 'Secret@123';

describe('refresh and logout', { timeout: 30_000 }, () => {
  let server: TestServer;
  let user: { id: number; email: string };
  let companyId: number;

  beforeAll(async () => {
    server = await startTestServer();
    companyId = await createCompany(server.db, { name: 'Harbor Foods' });
    user = await createUser(server.db, { companyId, roles: ['Client'], password: PASSWORD });
  }, 60_000);
  afterAll(() => server.close(), 60_000);

  /** Makes a token's rotation older than the grace window, as if its reuse came minutes later. */
  async function ageRotation(token: string): Promise<void> {
    await server.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - (REFRESH_REUSE_GRACE_SECONDS + 5) * 1000).toISOString() })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  }

  it('rotates the refresh token on every use; reusing an old one revokes the whole family', async () => {
    const session = await login(server, user.email, PASSWORD);

    const first = await refresh(server, session.cookie);
    expect(first.status).toBe(200);
    const claims = await verifyAccessToken(server.config, first.body.accessToken ?? '');
    expect(claims).toMatchObject({ userId: user.id, companyId, role: ['Client'] });
    const rotated = refreshCookieValue(first);
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(session.cookie);
    expect(refreshSetCookie(first)).toContain('Path=/api/refresh');

    // The first cookie was rotated: presenting it again after the grace window is theft or a bug, so the family dies.
    await ageRotation(session.cookie);
    const reuse = await refresh(server, session.cookie);
    expect(reuse.status).toBe(401);
    expect(reuse.body.error?.code).toBe('unauthorized');
    expect(refreshCookieValue(reuse)).toBe('');

    const afterReuse = await refresh(server, rotated);
    expect(afterReuse.status).toBe(401);
    expect(refreshCookieValue(afterReuse)).toBe('');

    // Only hashes are stored.
    const rows = await server.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    expect(rows.some((row) => row.tokenHash === hashRefreshToken(rotated ?? ''))).toBe(true);
    expect(rows.some((row) => row.tokenHash === rotated)).toBe(false);
  });

  it('keeps other sessions of the user alive when one family is revoked', async () => {
    const a = await login(server, user.email, PASSWORD);
    const b = await login(server, user.email, PASSWORD);
    const aNext = await refresh(server, a.cookie);
    await ageRotation(a.cookie);
    expect((await refresh(server, a.cookie)).status).toBe(401);
    expect((await refresh(server, refreshCookieValue(aNext))).status).toBe(401);
    expect((await refresh(server, b.cookie)).status).toBe(200);
  });

  it('exchanges a token rotated moments ago again (the answer was lost, or two tabs asked at once)', async () => {
    const someone = await createUser(server.db, { companyId, roles: ['Client'], password: PASSWORD });
    const session = await login(server, someone.email, PASSWORD);
    const [first, second] = await Promise.all([
      refresh(server, session.cookie),
      refresh(server, session.cookie),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const next = refreshCookieValue(first);
    const other = refreshCookieValue(second);
    expect(next).not.toBe(other);
    // The old cookie again, its answer lost: another token; every token handed out stays valid.
    const again = await refresh(server, session.cookie);
    expect(again.status).toBe(200);
    for (const token of [next, other, refreshCookieValue(again)])
      expect((await refresh(server, token)).status).toBe(200);
    // Once the window has passed, the old cookie is reuse: the family is revoked, the newest token with it.
    await ageRotation(session.cookie);
    expect((await refresh(server, session.cookie)).status).toBe(401);
    const live = await server.db.select().from(refreshTokens).where(eq(refreshTokens.userId, someone.id));
    expect(live.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it('answers 401 without a cookie, with an unknown one and with an expired one', async () => {
    const none = await refresh(server);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({
      error: { code: 'unauthorized', message: 'Your session has ended. Please sign in again.' },
    });
    expect(refreshCookieValue(none)).toBe('');
    expect((await refresh(server, 'not-a-token')).status).toBe(401);

    const session = await login(server, user.email, PASSWORD);
    await server.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(session.cookie)));
    expect((await refresh(server, session.cookie)).status).toBe(401);
  });

  it('logout revokes this session and clears the cookie', async () => {
    // A user of its own: logins count against a per-account limit of 5 a minute.
    const someone = await createUser(server.db, { companyId, roles: ['Client'], password: PASSWORD });
    const session = await login(server, someone.email, PASSWORD);
    const other = await login(server, someone.email, PASSWORD);
    const result = await call(server, 'POST', '/api/logout', { token: session.accessToken });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: 'ok' });
    expect(refreshCookieValue(result)).toBe('');
    expect(refreshSetCookie(result)).toContain('Path=/api/refresh');

    expect((await refresh(server, session.cookie)).status).toBe(401);
    expect((await refresh(server, other.cookie)).status).toBe(200);
  });

  it('an access token stops working the moment its session signs out, not when it expires', async () => {
    const someone = await createUser(server.db, { companyId, roles: ['Client'], password: PASSWORD });
    const session = await login(server, someone.email, PASSWORD);
    const other = await login(server, someone.email, PASSWORD);
    const company = `/api/companies/${companyId}`;
    expect((await call(server, 'GET', company, { token: session.accessToken })).status).toBe(200);
    // A token refreshed within the session names the same session and ends with it.
    const refreshed = (await refresh(server, session.cookie)).body.accessToken ?? '';
    expect((await call(server, 'GET', company, { token: refreshed })).status).toBe(200);

    expect((await call(server, 'POST', '/api/logout', { token: session.accessToken })).status).toBe(200);
    for (const token of [session.accessToken, refreshed]) {
      const after = await call<{ error: { code: string } }>(server, 'GET', company, { token });
      expect(after.status).toBe(401);
      expect(after.body.error.code).toBe('unauthorized');
    }
    expect((await call(server, 'POST', '/api/logout', { token: session.accessToken })).status).toBe(401);
    // The user's other session is another family: it goes on.
    expect((await call(server, 'GET', company, { token: other.accessToken })).status).toBe(200);
  });

  it('a detected reuse or a password reset ends the access tokens of the sessions it revokes', async () => {
    // Sessions started as login starts them: sign-ins count against a per-address limit.
    const someone = await createUser(server.db, { companyId, roles: ['Client'], password: PASSWORD });
    const user = { id: someone.id, companyId, isActive: true };
    const company = `/api/companies/${companyId}`;
    const stolen = await startSession(server.db, server.config, user);
    const rotated = await refresh(server, stolen.refreshToken);
    const current = rotated.body.accessToken ?? '';
    await ageRotation(stolen.refreshToken);
    expect((await refresh(server, stolen.refreshToken)).status).toBe(401);
    expect((await call(server, 'GET', company, { token: current })).status).toBe(401);

    const session = await startSession(server.db, server.config, user);
    expect((await call(server, 'GET', company, { token: session.accessToken })).status).toBe(200);
    await revokeUserSessions(server.db, someone.id);
    expect((await call(server, 'GET', company, { token: session.accessToken })).status).toBe(401);
  });

  it('a user made inactive loses access at once, and regains it when made active again', async () => {
    const someone = await createUser(server.db, { companyId, roles: ['Client'], password: PASSWORD });
    const session = await startSession(server.db, server.config, {
      id: someone.id,
      companyId,
      isActive: true,
    });
    const company = `/api/companies/${companyId}`;
    expect((await call(server, 'GET', company, { token: session.accessToken })).status).toBe(200);
    await server.db.update(users).set({ isActive: false }).where(eq(users.id, someone.id));
    expect((await call(server, 'GET', company, { token: session.accessToken })).status).toBe(401);
    await server.db.update(users).set({ isActive: true }).where(eq(users.id, someone.id));
    expect((await call(server, 'GET', company, { token: session.accessToken })).status).toBe(200);
  });

  it('logout needs a signed-in caller and tolerates a token without a session id', async () => {
    expect((await call(server, 'POST', '/api/logout')).status).toBe(401);
    const token = await tokenFor(server.config, { id: user.id, companyId, roles: ['Client'] });
    expect((await call(server, 'POST', '/api/logout', { token })).status).toBe(200);
  });
});
