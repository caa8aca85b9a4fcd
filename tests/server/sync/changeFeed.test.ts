import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/src/db/client';
import { gridSettings, locations } from '../../../server/src/db/schema';
import { parseRoles } from '../../../src/domain/roles';
import type { ChangePage } from '../../../src/domain/syncProtocol';
import { parseCursor, pruneTombstones, readChanges } from '../../../server/src/sync/changeFeed';
import { runSyncedWrite } from '../../../server/src/sync/syncedWrite';
import { writeTombstone } from '../../../server/src/sync/versioning';
import { feedReader } from '../../helpers/feedCursor';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';
import { createCompany, createUser, tokenFor } from '../../helpers/fixtures';

/** The feed's viewer in these tests: a plain client (who reads bill pay rows, not the company's users). */
const CLIENT_ROLES = parseRoles(['Client']);

let server: TestServer;
let companyId: number;
let otherCompanyId: number;
let userId: number;
let token: string;

function locationRow(name: string, version: number, company = companyId) {
  return {
    id: randomUUID(),
    companyId: company,
    version,
    name,
    address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  };
}

/** Inserts `count` locations in one synced write: they share one version. */
async function writeLocations(db: Db, count: number, prefix: string, company = companyId): Promise<string[]> {
  const ids: string[] = [];
  await runSyncedWrite(
    db,
    { companyId: company, userId, idempotencyKey: undefined, method: 'POST', path: '/test' },
    async (tx, version) => {
      const rows = Array.from({ length: count }, (_, i) => locationRow(`${prefix}-${i}`, version, company));
      await tx.insert(locations).values(rows);
      ids.push(...rows.map((row) => row.id));
      return { statusCode: 200, body: null };
    },
  );
  return ids;
}

/** Pulls every page after `since`, applying puts and deletes to a map like the client does. */
async function pullAll(
  since: string | null,
  limit: number,
  local = new Map<string, Record<string, unknown>>(),
  between?: () => Promise<void>,
) {
  let cursor = since;
  const pages: ChangePage[] = [];
  for (;;) {
    const page = await readChanges(server.db, {
      reader: await feedReader(server.db, companyId, CLIENT_ROLES),
      userId,
      since: cursor === null ? null : parseCursor(cursor),
      limit,
    });
    pages.push(page);
    for (const change of page.changes) {
      const key = `${change.entity}/${change.id}`;
      if (change.op === 'put' && change.row) local.set(key, change.row);
      else local.delete(key);
    }
    cursor = page.cursor;
    if (between) await between();
    if (!page.hasMore) break;
  }
  return { local, cursor: cursor ?? '0', pages };
}

async function serverLocations(): Promise<Map<string, string>> {
  const rows = await server.db.select().from(locations).where(eq(locations.companyId, companyId));
  return new Map(rows.map((row) => [`locations/${row.id}`, row.name]));
}

function localLocations(local: Map<string, Record<string, unknown>>): Map<string, string> {
  return new Map(
    [...local].filter(([key]) => key.startsWith('locations/')).map(([key, row]) => [key, String(row.name)]),
  );
}

beforeAll(async () => {
  server = await startTestServer();
  companyId = await createCompany(server.db, { name: 'Feed Co' });
  otherCompanyId = await createCompany(server.db, { name: 'Other Co' });
  const user = await createUser(server.db, { companyId, roles: ['Client'] });
  userId = user.id;
  token = await tokenFor(server.config, { id: userId, companyId, roles: ['Client'] });
});

afterAll(async () => {
  await server.close();
});

describe('readChanges', () => {
  it('keeps the rows of one transaction on one page', async () => {
    await writeLocations(server.db, 7, 'batch');
    const first = await readChanges(server.db, {
      reader: await feedReader(server.db, companyId, CLIENT_ROLES),
      userId,
      since: null,
      limit: 2,
    });
    const batch = first.changes.filter((change) => change.entity === 'locations');
    expect(batch).toHaveLength(7);
    expect(new Set(batch.map((change) => change.version)).size).toBe(1);
  });

  it('never skips a change when writes land between pages', async () => {
    for (let i = 0; i < 20; i += 1) await writeLocations(server.db, 1 + (i % 3), `before-${i}`);
    let round = 0;
    const { local, cursor } = await pullAll(null, 5, new Map(), async () => {
      round += 1;
      if (round > 6) return;
      // A new row and an update of an existing row while the client is mid-pull.
      await writeLocations(server.db, 2, `during-${round}`);
      const [victim] = await server.db
        .select()
        .from(locations)
        .where(eq(locations.companyId, companyId))
        .limit(1);
      if (victim) {
        await runSyncedWrite(
          server.db,
          { companyId, userId, idempotencyKey: undefined, method: 'PUT', path: '/t' },
          async (tx, version) => {
            await tx
              .update(locations)
              .set({ name: `renamed-${round}`, version })
              .where(eq(locations.id, victim.id));
            return { statusCode: 200, body: null };
          },
        );
      }
    });
    // Writes of the last rounds landed after the final page: a follow-up pull brings them.
    const { local: caughtUp } = await pullAll(cursor, 5, local);
    expect(localLocations(caughtUp)).toEqual(await serverLocations());
  });

  it('interleaves concurrent writers and readers without losing rows', async () => {
    const start = await readChanges(server.db, {
      reader: await feedReader(server.db, companyId, CLIENT_ROLES),
      userId,
      since: null,
      limit: 100_000,
    });
    const local = new Map<string, Record<string, unknown>>();
    for (const change of start.changes)
      if (change.row) local.set(`${change.entity}/${change.id}`, change.row);
    const writers = Array.from({ length: 10 }, (_, i) => writeLocations(server.db, 3, `concurrent-${i}`));
    const reader = pullAll(start.cursor, 4, local);
    await Promise.all([...writers, reader]);
    const { local: finalLocal } = await pullAll((await reader).cursor, 4, (await reader).local);
    expect(localLocations(finalLocal)).toEqual(await serverLocations());
  });

  it('serves deletes as tombstones after the cursor, not in a snapshot', async () => {
    const [id] = await writeLocations(server.db, 1, 'doomed');
    const before = await pullAll(null, 100_000);
    await runSyncedWrite(
      server.db,
      { companyId, userId, idempotencyKey: undefined, method: 'DELETE', path: '/t' },
      async (tx, version) => {
        await tx.delete(locations).where(eq(locations.id, id ?? ''));
        await writeTombstone(tx, companyId, 'locations', id ?? '', version);
        return { statusCode: 200, body: null };
      },
    );
    const after = await readChanges(server.db, {
      reader: await feedReader(server.db, companyId, CLIENT_ROLES),
      userId,
      since: parseCursor(before.cursor),
      limit: 100,
    });
    expect(after.changes).toEqual([expect.objectContaining({ entity: 'locations', op: 'del', id })]);
    const snapshot = await readChanges(server.db, {
      reader: await feedReader(server.db, companyId, CLIENT_ROLES),
      userId,
      since: null,
      limit: 100_000,
    });
    expect(snapshot.changes.some((change) => change.op === 'del')).toBe(false);
    const full = await pullAll(null, 100_000);
    expect(full.pages.flatMap((page) => page.changes).some((change) => change.op === 'del')).toBe(false);
  });

  it('serves only the caller’s own grid settings', async () => {
    const other = await createUser(server.db, { companyId, roles: ['Client'] });
    await runSyncedWrite(
      server.db,
      { companyId, userId, idempotencyKey: undefined, method: 'POST', path: '/t' },
      async (tx, version) => {
        await tx.insert(gridSettings).values([
          { companyId, version, userId, gridName: 'locations', gridSettings: 'name,city' },
          { companyId, version, userId: other.id, gridName: 'locations', gridSettings: 'name' },
        ]);
        return { statusCode: 200, body: null };
      },
    );
    const page = await readChanges(server.db, {
      reader: await feedReader(server.db, companyId, CLIENT_ROLES),
      userId,
      since: null,
      limit: 100_000,
    });
    const settings = page.changes.filter((change) => change.entity === 'gridSettings');
    expect(settings).toHaveLength(1);
    expect(settings[0]?.row).toMatchObject({ userId, gridSettings: 'name,city' });
  });

  it('never mixes in another company’s rows', async () => {
    await writeLocations(server.db, 3, 'foreign', otherCompanyId);
    const page = await readChanges(server.db, {
      reader: await feedReader(server.db, companyId, CLIENT_ROLES),
      userId,
      since: null,
      limit: 100_000,
    });
    expect(
      page.changes.every(
        (change) =>
          change.row === undefined || change.row.companyId === companyId || change.entity === 'companies',
      ),
    ).toBe(true);
    expect(page.changes.filter((change) => change.entity === 'companies').map((change) => change.id)).toEqual(
      [String(companyId)],
    );
  });

  it('answers 410 for a cursor older than the kept tombstones', async () => {
    // A company of its own: pruning raises its minimum cursor for every later test.
    const prunedCompanyId = await createCompany(server.db, { name: 'Pruned Co' });
    const prunedUser = await createUser(server.db, { companyId: prunedCompanyId, roles: ['Client'] });
    const prunedToken = await tokenFor(server.config, {
      id: prunedUser.id,
      companyId: prunedCompanyId,
      roles: ['Client'],
    });
    const [id] = await writeLocations(server.db, 1, 'pruned', prunedCompanyId);
    const reader = await feedReader(server.db, prunedCompanyId, CLIENT_ROLES);
    const read = (since: string | null, limit = 100_000) =>
      readChanges(server.db, {
        reader,
        userId: prunedUser.id,
        since: since === null ? null : parseCursor(since),
        limit,
      });
    const cursorBefore = (await read(null)).cursor;
    await runSyncedWrite(
      server.db,
      { companyId: prunedCompanyId, userId, idempotencyKey: undefined, method: 'DELETE', path: '/t' },
      async (tx, version) => {
        await tx.delete(locations).where(eq(locations.id, id ?? ''));
        await writeTombstone(tx, prunedCompanyId, 'locations', id ?? '', version);
        return { statusCode: 200, body: null };
      },
    );
    await pruneTombstones(server.db, 0);
    await expect(read(cursorBefore)).rejects.toMatchObject({ statusCode: 410 });
    const response = await call(server, 'GET', `/api/sync/${prunedCompanyId}/changes?since=${cursorBefore}`, {
      token: prunedToken,
    });
    expect(response.status).toBe(410);
    expect(response.body).toMatchObject({ error: { code: 'cursor_expired' } });
    // A fresh pull still works, page after page, and no longer has the deleted row.
    await writeLocations(server.db, 5, 'after-prune', prunedCompanyId);
    const seen: string[] = [];
    let page = await read(null, 2);
    seen.push(...page.changes.map((change) => change.id));
    while (page.hasMore) {
      // A full pull in progress: its rows stage, its bills stage, or the changes since it began.
      expect(page.cursor).toMatch(/^(\d+@\d+[rd]|b\S*@\d+|\d+)(~[A-Za-z.]+)?$/);
      page = await read(page.cursor, 2);
      seen.push(...page.changes.map((change) => change.id));
    }
    expect(page.cursor).toMatch(/^\d+(~[A-Za-z.]+)?$/);
    expect(seen).not.toContain(id);
    expect(seen.filter((changeId) => changeId !== String(prunedCompanyId))).toHaveLength(5);
  });
});

describe('runSyncedWrite', () => {
  it('applies a repeated Idempotency-Key once, even when the copies race', async () => {
    let effects = 0;
    const context = { companyId, userId, idempotencyKey: 'client-a:41', method: 'POST', path: '/api/x' };
    const effect = async (tx: Parameters<Parameters<Db['transaction']>[0]>[0], version: number) => {
      effects += 1;
      await tx.insert(locations).values(locationRow('idempotent', version));
      return { statusCode: 201, body: { version } };
    };
    const results = await Promise.all([
      runSyncedWrite(server.db, context, effect),
      runSyncedWrite(server.db, context, effect),
    ]);
    const again = await runSyncedWrite(server.db, context, effect);
    expect(effects).toBe(1);
    expect(results.map((result) => result.body)).toEqual([results[0]?.body, results[0]?.body]);
    expect(again).toMatchObject({ statusCode: 201, body: results[0]?.body, replayed: true });
    const rows = await server.db.select().from(locations).where(eq(locations.name, 'idempotent'));
    expect(rows).toHaveLength(1);
  });

  it('rolls back the version bump when the effect fails', async () => {
    const before = await readChanges(server.db, {
      reader: await feedReader(server.db, companyId, CLIENT_ROLES),
      userId,
      since: null,
      limit: 100_000,
    });
    await expect(
      runSyncedWrite(
        server.db,
        { companyId, userId, idempotencyKey: 'client-a:42', method: 'POST', path: '/api/x' },
        async (tx, version) => {
          await tx.insert(locations).values(locationRow('never', version));
          throw new Error('boom');
        },
      ),
    ).rejects.toThrow('boom');
    const after = await readChanges(server.db, {
      reader: await feedReader(server.db, companyId, CLIENT_ROLES),
      userId,
      since: parseCursor(before.cursor),
      limit: 10,
    });
    expect(after.changes).toEqual([]);
  });
});

describe('GET /api/sync/:companyId/changes', () => {
  it('pages the feed over HTTP with a cursor', async () => {
    const { cursor: start } = await pullAll(null, 100_000);
    for (let i = 0; i < 4; i += 1) await writeLocations(server.db, 1, `http-${i}`);
    const first = await call<ChangePage>(
      server,
      'GET',
      `/api/sync/${companyId}/changes?since=${start}&limit=3`,
      { token },
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ hasMore: true, changes: expect.any(Array) });
    const next = await call<ChangePage>(
      server,
      'GET',
      `/api/sync/${companyId}/changes?since=${first.body.cursor}&limit=3`,
      { token },
    );
    expect(next.status).toBe(200);
    const firstCursor = parseCursor(first.body.cursor);
    expect(firstCursor?.stage).toBe('incremental');
    expect(Math.min(...next.body.changes.map((change) => change.version))).toBeGreaterThan(
      firstCursor?.stage === 'incremental' ? firstCursor.version : Infinity,
    );
  });

  it('rejects a malformed cursor with a field error', async () => {
    const response = await call(server, 'GET', `/api/sync/${companyId}/changes?since=abc`, { token });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: { code: 'validation_failed', fields: { 'querystring.since': expect.any(String) } },
    });
  });

  it('answers 404 for a company the caller cannot reach', async () => {
    const response = await call(server, 'GET', `/api/sync/${otherCompanyId}/changes`, { token });
    expect(response.status).toBe(404);
  });
});
