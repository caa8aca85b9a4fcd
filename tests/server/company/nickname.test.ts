import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';
import { companyVersion, seedWorld, worldTokens } from '../../helpers/companyWorld';
import type { RoleName, World } from '../../helpers/companyWorld';
import { feedCursor } from '../../helpers/feedCursor';

/** The role names of the client users these tests read the feed as. */
const CLIENT = ['Client'];

interface AccountRow {
  id: string;
  companyId: number;
  nickname: string | null;
  version: number;
}

interface ChangePage {
  changes: { entity: string; op: string; id: string; version: number; row?: Record<string, unknown> }[];
  cursor: string;
  hasMore: boolean;
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

const path = () => `/api/accounts/nickname/${world.a.accountId}`;

describe('PUT /api/accounts/nickname/:id', () => {
  it('sets a trimmed nickname and answers the row with its new version', async () => {
    const before = await companyVersion(server.db, world.a.id);
    const res = await call<AccountRow>(server, 'PUT', path(), {
      token: tokens.client,
      body: { nickname: '  Main meter  ' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: world.a.accountId,
      companyId: world.a.id,
      nickname: 'Main meter',
      version: before + 1,
    });
  });

  it('clears the nickname when it is empty', async () => {
    const res = await call<AccountRow>(server, 'PUT', path(), {
      token: tokens.client,
      body: { nickname: '   ' },
    });
    expect(res).toMatchObject({ status: 200, body: { nickname: null } });
  });

  it('rejects a nickname over 100 characters', async () => {
    const res = await call(server, 'PUT', path(), {
      token: tokens.client,
      body: { nickname: 'x'.repeat(101) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: { fields: { 'body.nickname': 'must be at most 100 characters' } },
    });
    const padded = await call<AccountRow>(server, 'PUT', path(), {
      token: tokens.client,
      body: { nickname: ` ${'x'.repeat(100)} ` },
    });
    expect(padded.status).toBe(200);
  });

  it('applies a repeated Idempotency-Key once and answers the same both times', async () => {
    const before = await companyVersion(server.db, world.a.id);
    const headers = { 'idempotency-key': 'c0ffee00-1234:7' };
    const first = await call<AccountRow>(server, 'PUT', path(), {
      token: tokens.client,
      body: { nickname: 'Once' },
      headers,
    });
    const second = await call<AccountRow>(server, 'PUT', path(), {
      token: tokens.client,
      body: { nickname: 'Once' },
      headers,
    });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await companyVersion(server.db, world.a.id)).toBe(before + 1);
  });

  it('answers 409 with the current row for a stale If-Match and changes nothing', async () => {
    const current = await call<AccountRow>(server, 'PUT', path(), {
      token: tokens.clientAdmin,
      body: { nickname: 'Theirs' },
    });
    const version = await companyVersion(server.db, world.a.id);
    const stale = await call<{ error: { code: string }; current: AccountRow }>(server, 'PUT', path(), {
      token: tokens.client,
      body: { nickname: 'Mine' },
      headers: { 'if-match': String(current.body.version - 1) },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    expect(stale.body.current).toMatchObject({
      id: world.a.accountId,
      nickname: 'Theirs',
      version: current.body.version,
    });
    expect(await companyVersion(server.db, world.a.id)).toBe(version);

    const fresh = await call<AccountRow>(server, 'PUT', path(), {
      token: tokens.client,
      body: { nickname: 'Mine' },
      headers: { 'if-match': `"${current.body.version}"` },
    });
    expect(fresh).toMatchObject({ status: 200, body: { nickname: 'Mine' } });
  });

  it('shows the new nickname in the change feed with a higher version', async () => {
    const since = await companyVersion(server.db, world.a.id);
    const put = await call<AccountRow>(server, 'PUT', path(), {
      token: tokens.consultant,
      body: { nickname: 'From feed' },
    });
    expect(put.status).toBe(200);
    const feed = await call<ChangePage>(
      server,
      'GET',
      `/api/sync/${world.a.id}/changes?since=${await feedCursor(server.db, world.a.id, since, CLIENT)}`,
      {
        token: tokens.client,
      },
    );
    expect(feed.status).toBe(200);
    const change = feed.body.changes.find((c) => c.entity === 'accounts' && c.id === world.a.accountId);
    expect(change).toMatchObject({ op: 'put', version: put.body.version, row: { nickname: 'From feed' } });
    expect(change?.version).toBeGreaterThan(since);
    expect(Number(feed.body.cursor.split('~')[0])).toBe(put.body.version);
  });

  it('answers 404 for an unknown account', async () => {
    const res = await call(server, 'PUT', '/api/accounts/nickname/7d2b1a8e-0000-4000-8000-000000000000', {
      token: tokens.superConsultant,
      body: { nickname: 'x' },
    });
    expect(res.status).toBe(404);
  });
});
