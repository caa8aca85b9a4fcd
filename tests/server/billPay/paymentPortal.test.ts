// The payment portal sign-on (spec 001 §7 getLucrotecSsoToken): a short-lived token signed with the portal's secret
// when the portal is configured; 404 'not configured' when it is not; the Bill Pay rule applies either way.
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_TOKEN_SECONDS } from '../../../server/src/areas/billpay/paymentPortal';
import { seedWorld, worldTokens } from '../../helpers/companyWorld';
import { SEED_TIMEOUT_MS } from '../../helpers/demoServer';
import type { RoleName, World } from '../../helpers/companyWorld';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';

const PORTAL = { url: 'https://pay.example/sso', secret: 'portal-secret-for-tests-0123456789' };

describe('GET /api/getLucrotecSsoToken', () => {
  let configured: TestServer;
  let plain: TestServer;
  let world: World;
  let tokens: Record<RoleName, string>;
  let plainTokens: Record<RoleName, string>;

  beforeAll(async () => {
    // Two servers (with and without a portal), each migrated afresh: slow on a loaded machine.
    let seeded: World | undefined;
    configured = await startTestServer({
      env: { PAYMENT_PORTAL_URL: PORTAL.url, PAYMENT_PORTAL_SECRET: PORTAL.secret },
      seed: async (db) => {
        seeded = await seedWorld(db);
      },
    });
    if (!seeded) throw new Error('no world');
    world = seeded;
    tokens = await worldTokens(configured.config, world);
    let other: World | undefined;
    plain = await startTestServer({
      seed: async (db) => {
        other = await seedWorld(db);
      },
    });
    if (!other) throw new Error('no world');
    plainTokens = await worldTokens(plain.config, other);
  }, 3 * SEED_TIMEOUT_MS);

  afterAll(async () => {
    await configured.close();
    await plain.close();
  });

  it('answers a token signed with the portal secret for the user and company, valid for two minutes', async () => {
    const res = await call<{ token: string; url: string; expiresIn: number }>(
      configured,
      'GET',
      '/api/getLucrotecSsoToken',
      { token: tokens.clientOfB },
    );
    expect(res.status).toBe(200);
    expect(res.body.url).toBe(PORTAL.url);
    const { payload } = await jwtVerify(res.body.token, new TextEncoder().encode(PORTAL.secret), {
      audience: PORTAL.url,
    });
    expect(payload).toMatchObject({ userId: world.users.clientOfB.id, companyId: world.b.id });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(PORTAL_TOKEN_SECONDS);
  });

  it('keeps the Bill Pay rule: a company without bill pay answers 403, a foreign twin 404', async () => {
    expect((await call(configured, 'GET', '/api/getLucrotecSsoToken', { token: tokens.client })).status).toBe(
      403,
    );
    const twin = await call(configured, 'GET', `/api/companies/${world.b.id}/getLucrotecSsoToken`, {
      token: tokens.consultant,
    });
    expect(twin.status).toBe(404);
  });

  it('answers 204 with no body when the portal is not set up (nothing to sign on to, not a failure)', async () => {
    const res = await call(plain, 'GET', '/api/getLucrotecSsoToken', {
      token: plainTokens.clientOfB,
    });
    expect(res.status).toBe(204);
  });
});
