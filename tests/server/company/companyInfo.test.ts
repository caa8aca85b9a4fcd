import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';
import { seedWorld, worldTokens } from '../../helpers/companyWorld';
import type { RoleName, World } from '../../helpers/companyWorld';

let server: TestServer;
let world: World;
let tokens: Record<RoleName, string>;

beforeAll(async () => {
  server = await startTestServer({
    seed: async (db) => {
      world = await seedWorld(db);
    },
  });
  tokens = await worldTokens(server.config, world);
});

afterAll(async () => {
  await server.close();
});

describe('GET /api/companies/:id', () => {
  it('answers the company record with its flags', async () => {
    const res = await call<Record<string, unknown>>(server, 'GET', `/api/companies/${world.a.id}`, {
      token: tokens.client,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: world.a.id,
      name: 'Alpha Stores',
      parentId: null,
      companyTypeId: 1,
      companyHasSupportAccess: true,
      alertsAccess: true,
      billPayAccess: false,
    });
    expect(typeof res.body.version).toBe('number');
  });

  it('shows a child company its parent', async () => {
    const res = await call(server, 'GET', `/api/companies/${world.child.id}`, { token: tokens.client });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: world.child.id, parentId: world.a.id });
  });
});

describe('GET /api/company/:id/profile', () => {
  it('answers the account and client manager contacts', async () => {
    const res = await call(server, 'GET', `/api/company/${world.a.id}/profile`, { token: tokens.client });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      companyId: world.a.id,
      accountManager: 'Alpha Stores manager',
      accountManagerEmail: `manager-${world.a.id}@get.test`,
      accountManagerPhoneNumber: '555-0100',
      clientManager: 'Client Manager',
      clientManagerEmail: null,
    });
  });

  it('answers 404 for a company without a profile', async () => {
    const res = await call(server, 'GET', `/api/company/${world.consultancyId}/profile`, {
      token: tokens.superConsultant,
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('GET /api/company_support/enabled', () => {
  it('answers the support flag of the company', async () => {
    const a = await call(server, 'GET', `/api/company_support/enabled?companyId=${world.a.id}`, {
      token: tokens.client,
    });
    expect(a).toMatchObject({ status: 200, body: { enabled: true } });
    const b = await call(server, 'GET', `/api/company_support/enabled?companyId=${world.b.id}`, {
      token: tokens.clientOfB,
    });
    expect(b).toMatchObject({ status: 200, body: { enabled: false } });
  });

  it('accepts the spelling with a trailing slash', async () => {
    const res = await call(server, 'GET', `/api/company_support/enabled/?companyId=${world.a.id}`, {
      token: tokens.client,
    });
    expect(res).toMatchObject({ status: 200, body: { enabled: true } });
  });

  it('requires companyId', async () => {
    const res = await call(server, 'GET', '/api/company_support/enabled', { token: tokens.client });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { fields: { 'querystring.companyId': 'is required' } } });
  });
});

describe('GET /api/company/:id/customConfiguration', () => {
  it('answers the configuration object', async () => {
    const res = await call(server, 'GET', `/api/company/${world.a.id}/customConfiguration`, {
      token: tokens.limitedClient,
    });
    expect(res).toMatchObject({ status: 200, body: { theme: 'Alpha Stores' } });
  });

  it('answers an empty object for a company nobody configured', async () => {
    const res = await call(server, 'GET', `/api/company/${world.consultancyId}/customConfiguration`, {
      token: tokens.superConsultant,
    });
    expect(res).toMatchObject({ status: 200, body: {} });
  });
});
