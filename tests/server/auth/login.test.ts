import { eq } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpFor } from '../../../server/src/auth/twoFactor';
import { verifyAccessToken } from '../../../server/src/auth/tokens';
import { totpSecrets, users } from '../../../server/src/db/schema';
import { createCompany, createUser } from '../../helpers/fixtures';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';
import { refreshCookieValue, refreshSetCookie } from './authHelpers';

const PASSWORD = 'Secret@123';

type LoginAnswer = {
  accessToken?: string;
  twoFactorRequired?: boolean;
  challenge?: string;
  error?: { code: string; message: string; fields?: Record<string, string> };
};

describe('POST /api/login', { timeout: 30_000 }, () => {
  let server: TestServer;
  let companyId: number;
  let admin: { id: number; email: string };

  beforeAll(async () => {
    server = await startTestServer();
    companyId = await createCompany(server.db, { name: 'Northwind' });
    admin = await createUser(server.db, {
      email: 'Admin@Northwind.test',
      companyId,
      roles: ['Client', 'Admin'],
      password: PASSWORD,
    });
  }, 60_000);
  afterAll(() => server.close(), 60_000);

  it('answers an access token with the roles claim and sets the refresh cookie', async () => {
    const result = await call<LoginAnswer>(server, 'POST', '/api/login', {
      body: { email: 'ADMIN@northwind.test', password: PASSWORD },
    });
    expect(result.status).toBe(200);
    expect(Object.keys(result.body)).toEqual(['accessToken']);
    const claims = await verifyAccessToken(server.config, result.body.accessToken ?? '');
    expect(claims).toMatchObject({ userId: admin.id, companyId, role: ['Admin', 'Client'] });
    expect(claims?.sid).toMatch(/^[0-9a-f-]{36}$/);

    const cookie = refreshSetCookie(result) ?? '';
    expect(refreshCookieValue(result)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/refresh');
    expect(cookie).toContain(`Max-Age=${server.config.refreshTokenTtlDays * 86400}`);
    // The test server speaks plain HTTP, so the cookie must work without Secure.
    expect(cookie).not.toContain('Secure');
  });

  it('answers 401 with one message for a wrong password and for an unknown email', async () => {
    const wrong = await call<LoginAnswer>(server, 'POST', '/api/login', {
      body: { email: admin.email, password: 'Wrong@123' },
    });
    const unknown = await call<LoginAnswer>(server, 'POST', '/api/login', {
      body: { email: 'nobody@northwind.test', password: PASSWORD },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: { code: 'unauthorized', message: 'Invalid email or password' } });
    expect(unknown.body).toEqual(wrong.body);
    expect(refreshSetCookie(wrong)).toBeUndefined();
  });

  it('refuses an inactive user with the same answer', async () => {
    const user = await createUser(server.db, { companyId, roles: ['Client'], password: PASSWORD });
    await server.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const result = await call<LoginAnswer>(server, 'POST', '/api/login', {
      body: { email: user.email, password: PASSWORD },
    });
    expect(result.status).toBe(401);
    expect(result.body.error?.message).toBe('Invalid email or password');
  });

  it('validates the body', async () => {
    const result = await call<LoginAnswer>(server, 'POST', '/api/login', {
      body: { email: 'not-an-email', password: PASSWORD, extra: 1 },
    });
    expect(result.status).toBe(400);
    expect(result.body.error?.fields).toHaveProperty(['body.email']);
  });

  describe('with two-factor on', () => {
    const secret = new Secret().base32;
    let mfa: { id: number; email: string };

    beforeAll(async () => {
      mfa = await createUser(server.db, { companyId, roles: ['Client'], password: PASSWORD });
      await server.db.insert(totpSecrets).values({ userId: mfa.id, secret, enabled: true });
    });

    it('answers a challenge, then a session for the current code, once', async () => {
      const first = await call<LoginAnswer>(server, 'POST', '/api/login', {
        body: { email: mfa.email, password: PASSWORD },
      });
      expect(first.status).toBe(200);
      expect(first.body.twoFactorRequired).toBe(true);
      expect(first.body.accessToken).toBeUndefined();
      expect(refreshSetCookie(first)).toBeUndefined();
      const challenge = encodeURIComponent(first.body.challenge ?? '');
      // The challenge is no access token.
      expect(await verifyAccessToken(server.config, first.body.challenge ?? '')).toBeNull();

      const code = totpFor(secret).generate();
      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await call<LoginAnswer>(
        server,
        'POST',
        `/api/verify2fa?challenge=${challenge}&code=${wrongCode}`,
      );
      expect(wrong.status).toBe(401);

      const ok = await call<LoginAnswer>(
        server,
        'POST',
        `/api/verify2fa?challenge=${challenge}&code=${code}`,
      );
      expect(ok.status).toBe(200);
      expect(await verifyAccessToken(server.config, ok.body.accessToken ?? '')).toMatchObject({
        userId: mfa.id,
      });
      expect(refreshCookieValue(ok)).toBeTruthy();

      // A code is accepted once, even inside its time window.
      const replay = await call<LoginAnswer>(
        server,
        'POST',
        `/api/verify2fa?challenge=${challenge}&code=${code}`,
      );
      expect(replay.status).toBe(401);
    });

    it('refuses a forged challenge and a malformed code', async () => {
      const forged = await call<LoginAnswer>(
        server,
        'POST',
        `/api/verify2fa?challenge=abc.def.ghi&code=123456`,
      );
      expect(forged.status).toBe(401);
      const malformed = await call<LoginAnswer>(server, 'POST', `/api/verify2fa?challenge=abc&code=12ab`);
      expect(malformed.status).toBe(400);
      expect(malformed.body.error?.fields).toHaveProperty(['querystring.code']);
    });
  });
});
