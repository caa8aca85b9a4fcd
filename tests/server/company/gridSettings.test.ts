import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';
import { companyVersion, seedWorld, worldTokens } from '../../helpers/companyWorld';
import type { RoleName, World } from '../../helpers/companyWorld';

interface GridRow {
  id: string;
  companyId: number;
  userId: number;
  gridName: string;
  gridSettings: string;
  version: number;
}

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

describe('grid settings', () => {
  it('saves a new grid and answers the row with the new company version', async () => {
    const before = await companyVersion(server.db, world.a.id);
    const res = await call<GridRow>(server, 'POST', '/api/user/saveGridSettings', {
      token: tokens.client,
      body: { gridName: 'locations', gridSettings: 'name,city,state' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      companyId: world.a.id,
      userId: world.users.client.id,
      gridName: 'locations',
      gridSettings: 'name,city,state',
      version: before + 1,
    });
    expect(await companyVersion(server.db, world.a.id)).toBe(before + 1);
  });

  it('updates the same row on a second save and lists only the caller’s rows', async () => {
    const first = await call<GridRow>(server, 'POST', '/api/user/saveGridSettings', {
      token: tokens.clientAdmin,
      body: { gridName: 'accounts', gridSettings: 'a,b' },
    });
    const second = await call<GridRow>(server, 'POST', '/api/user/saveGridSettings', {
      token: tokens.clientAdmin,
      body: { gridName: 'accounts', gridSettings: 'b,c' },
      headers: { 'if-match': String(first.body.version) },
    });
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.gridSettings).toBe('b,c');
    expect(second.body.version).toBeGreaterThan(first.body.version);

    const all = await call<GridRow[]>(server, 'GET', '/api/user/allGridSettings', {
      token: tokens.clientAdmin,
    });
    expect(all.status).toBe(200);
    expect(all.body.map((row) => [row.gridName, row.gridSettings])).toEqual([['accounts', 'b,c']]);
    expect(all.body.every((row) => row.userId === world.users.clientAdmin.id)).toBe(true);
  });

  it('answers 409 with the current row for a stale If-Match', async () => {
    const saved = await call<GridRow>(server, 'POST', '/api/user/saveGridSettings', {
      token: tokens.limitedClient,
      body: { gridName: 'bills', gridSettings: 'x' },
    });
    await call(server, 'POST', '/api/user/saveGridSettings', {
      token: tokens.limitedClient,
      body: { gridName: 'bills', gridSettings: 'y' },
    });
    const stale = await call<{ current: GridRow }>(server, 'POST', '/api/user/saveGridSettings', {
      token: tokens.limitedClient,
      body: { gridName: 'bills', gridSettings: 'z' },
      headers: { 'if-match': String(saved.body.version) },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: { code: 'conflict' }, current: { gridSettings: 'y' } });
  });

  it('keeps a consultant’s settings per client company through the company twins', async () => {
    const save = await call<GridRow>(server, 'POST', `/api/companies/${world.a.id}/user/saveGridSettings`, {
      token: tokens.consultant,
      body: { gridName: 'locations', gridSettings: 'name' },
    });
    expect(save.status).toBe(200);
    expect(save.body).toMatchObject({ companyId: world.a.id, userId: world.users.consultant.id });

    const inA = await call<GridRow[]>(server, 'GET', `/api/companies/${world.a.id}/user/allGridSettings`, {
      token: tokens.consultant,
    });
    expect(inA.body.map((row) => row.gridSettings)).toEqual(['name']);
    // The consultant's own company has none: settings are per company.
    const own = await call<GridRow[]>(server, 'GET', '/api/user/allGridSettings', {
      token: tokens.consultant,
    });
    expect(own).toMatchObject({ status: 200, body: [] });
  });

  it('rejects a blank grid name and unknown fields', async () => {
    const blank = await call(server, 'POST', '/api/user/saveGridSettings', {
      token: tokens.client,
      body: { gridName: '   ', gridSettings: 'a' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ error: { fields: { 'body.gridName': 'must not be blank' } } });
    const extra = await call(server, 'POST', '/api/user/saveGridSettings', {
      token: tokens.client,
      body: { gridName: 'x', gridSettings: 'a', userId: world.users.clientOfB.id },
    });
    expect(extra.status).toBe(400);
    expect(extra.body).toMatchObject({ error: { code: 'validation_failed' } });
  });
});
