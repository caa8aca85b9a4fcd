import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { saveCustomAttributes } from '../../src/db/mutations/customAttributes';
import { setSiteTags } from '../../src/db/mutations/locations';
import { keepMine, takeTheirs } from '../../src/db/outbox';
import type { AppDb } from '../../src/db/schema';
import type { OutboxEntry } from '../../src/db/syncRows';
import { conflictSets } from '../../src/sync/syncFormat';
import { customAttributes, locationAttributeValues, siteTags } from '../../server/src/db/schema';
import { runSyncedWrite } from '../../server/src/sync/syncedWrite';
import { call } from '../helpers/testServer';
import {
  companyCounter,
  freshPull,
  localSnapshot,
  storedKeys,
  syncedCompany,
  useSyncBench,
} from '../helpers/syncHarness';
import type { SyncBench } from '../helpers/syncHarness';

let bench: SyncBench;
useSyncBench((started) => {
  bench = started;
});

const syncedA = () => syncedCompany(bench, bench.world.a.id);

/** The site's tag ids on the server, and its links. */
async function serverLinks(locationId: string) {
  return bench.server.db.select().from(siteTags).where(eq(siteTags.locationId, locationId));
}

async function localTagIds(db: AppDb, locationId: string): Promise<string[]> {
  return (await db.siteTags.where('locationId').equals(locationId).toArray())
    .map((link) => link.tagId)
    .sort();
}

/** Another user associates tags with a site, straight on the server. */
async function remoteTags(companyId: number, locationId: string, tagIds: string[]): Promise<void> {
  const answer = await call(
    bench.server,
    'POST',
    `/api/companies/${companyId}/site/${locationId}/associateTags`,
    {
      token: bench.otherToken,
      body: { tagIds },
    },
  );
  if (answer.status !== 200) throw new Error(`remote association answered ${answer.status}`);
}

const posts = () => bench.proxy.log.filter((entry) => entry.method === 'POST');

describe('multi-row writes against the server', { timeout: 60_000 }, () => {
  it('saves a tag set offline, keeps it over a pull, sends it once and ends equal to a fresh pull', async () => {
    const { a } = bench.world;
    const [east, west] = a.tagIds;
    await remoteTags(a.id, a.locationId, [east]);
    const { db, engine } = await syncedA();
    const before = await companyCounter(bench, a.id);
    const entry = await setSiteTags(db, a.locationId, [west]);
    expect(await localTagIds(db, a.locationId)).toEqual([west]);
    const madeHere = entry.effects.find((effect) => effect.change.kind === 'put')?.entityId;

    // The write endpoint is down for one try: the pull runs anyway and must not undo the set.
    bench.proxy.inject({ method: 'POST' }, { kind: 'refuse' });
    await engine.syncNow(a.id);
    expect(await localTagIds(db, a.locationId)).toEqual([west]);
    expect(await db.outbox.get(entry.seq)).toMatchObject({ status: 'pending', attempts: 1 });

    await engine.syncNow(a.id);
    await engine.stop();
    expect(await db.outbox.count()).toBe(0);
    // The server took the link under the id made on the device: the feed brings the same row, no duplicate.
    expect((await serverLinks(a.locationId)).map((link) => [link.tagId, link.id])).toEqual([
      [west, madeHere],
    ]);
    expect((await companyCounter(bench, a.id)) - before).toBe(1);
    const meta = await db.meta.get('client');
    expect(posts().map((logged) => [logged.idempotencyKey, logged.ifMatch])).toEqual([
      [`${meta?.clientId}:${entry.mutationId}`, String(entry.baseVersion)],
      [`${meta?.clientId}:${entry.mutationId}`, String(entry.baseVersion)],
    ]);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('applies a tag set once when its answer was lost after the server committed', async () => {
    const { a } = bench.world;
    const [east, west] = a.tagIds;
    const { db, engine } = await syncedA();
    const before = await companyCounter(bench, a.id);
    const keysBefore = (await storedKeys(bench)).length;
    await setSiteTags(db, a.locationId, [east, west]);
    bench.proxy.inject({ method: 'POST' }, { kind: 'lose-response' });
    await engine.syncNow(a.id);
    await engine.syncNow(a.id);
    await engine.stop();
    expect(posts().map((logged) => [logged.status, logged.fault])).toEqual([
      [200, 'lose-response'],
      [200, null],
    ]);
    expect((await companyCounter(bench, a.id)) - before).toBe(1);
    expect((await storedKeys(bench)).length - keysBefore).toBe(1);
    expect((await serverLinks(a.locationId)).map((link) => link.tagId).sort()).toEqual([east, west].sort());
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('turns a set someone changed meanwhile into a conflict with both versions; keep mine resends it', async () => {
    const { a } = bench.world;
    const [east, west] = a.tagIds;
    await remoteTags(a.id, a.locationId, [west]);
    const { db, engine, events } = await syncedA();
    const entry = await setSiteTags(db, a.locationId, [east]);
    await remoteTags(a.id, a.locationId, []);
    await engine.syncNow(a.id);
    expect(events).toContainEqual({
      type: 'conflict',
      companyId: a.id,
      seq: entry.seq,
      entity: 'locations',
      entityId: a.locationId,
    });
    const conflicted = (await db.outbox.get(entry.seq)) as OutboxEntry;
    const site = await bench.server.db.execute<{ version: string | number }>(
      sql`select version from locations where id = ${a.locationId}`,
    );
    expect(conflicted.conflict?.theirs).toMatchObject({
      id: a.locationId,
      version: Number(site.rows[0]?.version),
    });
    const texts = new Map((await db.tags.toArray()).map((tag) => [tag.id, tag.text]));
    expect(conflictSets(conflicted, (_, row) => texts.get(String(row.tagId)) ?? null)).toEqual([
      { field: 'Tags', mine: 'Alpha Stores east', theirs: '(none)' },
    ]);
    // Mine still shows while the user decides (the pull brought theirs as the rows' server state).
    expect(await localTagIds(db, a.locationId)).toEqual([east]);

    await keepMine(db, entry.seq);
    await engine.syncNow(a.id);
    await engine.stop();
    expect(await db.outbox.count()).toBe(0);
    expect((await serverLinks(a.locationId)).map((link) => link.tagId)).toEqual([east]);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('take theirs drops my set and shows the server’s', async () => {
    const { a } = bench.world;
    const [east, west] = a.tagIds;
    const { db, engine } = await syncedA();
    const entry = await setSiteTags(db, a.locationId, [east, west]);
    await remoteTags(a.id, a.locationId, [west]);
    await engine.syncNow(a.id);
    expect(await db.outbox.get(entry.seq)).toMatchObject({ status: 'conflict' });
    const before = await companyCounter(bench, a.id);
    await takeTheirs(db, entry.seq);
    expect(await localTagIds(db, a.locationId)).toEqual([west]);
    await engine.syncNow(a.id);
    await engine.stop();
    expect(await companyCounter(bench, a.id)).toBe(before);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('rolls a refused attribute list back on every row; a list saved offline keeps its ids and drops values', async () => {
    const { a } = bench.world;
    await runSyncedWrite(
      bench.server.db,
      {
        companyId: a.id,
        userId: bench.world.users.superConsultant.id,
        idempotencyKey: undefined,
        method: 'PUT',
        path: '/test',
      },
      async (tx, version) => {
        await tx.insert(locationAttributeValues).values({
          companyId: a.id,
          version,
          locationId: a.locationId,
          attributeId: a.attributeId,
          value: 'South',
        });
        return { statusCode: 200, body: null };
      },
    );
    const { db, engine, events } = await syncedA();
    const pulled = await localSnapshot(db, a.id);
    expect(pulled.locationAttributeValues).toHaveLength(1);

    const refused = await saveCustomAttributes(db, a.id, [{ attributeName: 'District' }]);
    expect(await db.locationAttributeValues.where('companyId').equals(a.id).count()).toBe(0);
    bench.proxy.inject(
      { method: 'PUT' },
      { kind: 'status', status: 422, body: { error: { code: 'unprocessable', message: 'Not now' } } },
    );
    await engine.syncNow(a.id);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'rejected', seq: refused.seq, reason: 'Not now' }),
    );
    const rolledBack = await localSnapshot(db, a.id);
    expect(rolledBack.customAttributes).toEqual(pulled.customAttributes);
    expect(rolledBack.locationAttributeValues).toEqual(pulled.locationAttributeValues);

    const entry = await saveCustomAttributes(db, a.id, [{ attributeName: 'Zone' }]);
    const zone = entry.effects.find(
      (effect) => effect.entity === 'customAttributes' && effect.change.kind === 'put',
    )?.entityId;
    await engine.syncNow(a.id);
    await engine.stop();
    const onServer = await bench.server.db
      .select({ id: customAttributes.id, name: customAttributes.attributeName })
      .from(customAttributes)
      .where(eq(customAttributes.companyId, a.id));
    expect(onServer).toEqual([{ id: zone, name: 'Zone' }]);
    const values = await bench.server.db
      .select()
      .from(locationAttributeValues)
      .where(eq(locationAttributeValues.companyId, a.id));
    expect(values).toEqual([]);
    expect(await db.outbox.where('status').equals('pending').count()).toBe(0);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });
});
