import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addEsNote, deleteEsNote, updateEsNote, updateEsScore } from '../../src/db/mutations/energyStar';
import { companies, energyStarMetrics, energyStarNotes, locations } from '../../server/src/db/schema';
import { runSyncedWrite } from '../../server/src/sync/syncedWrite';
import {
  companyCounter,
  freshPull,
  localSnapshot,
  syncedCompany,
  useSyncBench,
} from '../helpers/syncHarness';
import type { SyncBench } from '../helpers/syncHarness';

let bench: SyncBench;
useSyncBench((started) => {
  bench = started;
});

/** A month's row written on the server by someone else (a refresh, another device). */
async function serverMonth(month: string, score: number): Promise<string> {
  const { a } = bench.world;
  const id = randomUUID();
  await runSyncedWrite(
    bench.server.db,
    {
      companyId: a.id,
      userId: bench.world.users.clientAdmin.id,
      idempotencyKey: undefined,
      method: 'PUT',
      path: '/t',
    },
    async (tx, version) => {
      await tx.insert(energyStarMetrics).values({
        id,
        companyId: a.id,
        version,
        locationId: a.locationId,
        metricMonth: month,
        score,
        sourceTotal: 1000,
      });
      return { statusCode: 200, body: null };
    },
  );
  return id;
}

beforeAll(async () => {
  const { a } = bench.world;
  // Company A gets ENERGY STAR, its site is registered and has one month of figures.
  await bench.server.db.update(companies).set({ energyStarAccess: true }).where(eq(companies.id, a.id));
  await bench.server.db
    .update(locations)
    .set({ isEnergyStarActive: true })
    .where(eq(locations.id, a.locationId));
  await serverMonth('2025-03', 61);
});

const writes = () => bench.proxy.log.filter((entry) => entry.method !== 'GET');
const syncedA = () => syncedCompany(bench, bench.world.a.id);

describe('ENERGY STAR writes through the outbox, against the server', { timeout: 60_000 }, () => {
  it('sends score updates and a chain of note edits made offline once each, and ends equal to a fresh pull', async () => {
    const { a } = bench.world;
    const { db, engine } = await syncedA();
    const before = await companyCounter(bench, a.id);
    const march = await db.energyStarMetrics.where('locationId').equals(a.locationId).first();
    expect(march).toMatchObject({ metricMonth: '2025-03', score: 61 });

    // Offline: nothing is sent until the engine syncs.
    const onMarch = await updateEsScore(db, a.locationId, 70, '2025-03-18');
    const onApril = await updateEsScore(db, a.locationId, 72, '2025-04-02');
    const first = await addEsNote(db, a.locationId, 'Chiller serviced');
    const second = await addEsNote(db, a.locationId, 'Wrong site');
    if (!onMarch.ok || !onApril.ok || !first.ok || !second.ok)
      throw new Error('expected the writes to be queued');
    await updateEsNote(db, first.id, 'Chiller serviced in March');
    await deleteEsNote(db, second.id);
    expect(await db.energyStarMetrics.get(onApril.id)).toMatchObject({ metricMonth: '2025-04', score: 72 });
    expect((await db.energyStarNotes.toArray()).map((note) => note.note)).toEqual([
      'Chiller serviced in March',
    ]);

    // The delete's answer is lost after the server applied it: its resend must get the stored answer.
    bench.proxy.inject({ method: 'DELETE' }, { kind: 'lose-response' });
    await engine.syncNow(a.id);
    await engine.syncNow(a.id);
    await engine.stop();

    expect(writes().map((entry) => [entry.method, entry.status, entry.fault])).toEqual([
      ['PUT', 200, null],
      ['PUT', 201, null],
      ['POST', 201, null],
      ['POST', 201, null],
      ['PUT', 200, null],
      ['DELETE', 200, 'lose-response'],
      ['DELETE', 200, null],
    ]);
    // Six writes, each applied once.
    expect((await companyCounter(bench, a.id)) - before).toBe(6);
    const notes = await bench.server.db
      .select()
      .from(energyStarNotes)
      .where(eq(energyStarNotes.companyId, a.id));
    expect(notes.map((note) => [note.id, note.note])).toEqual([[first.id, 'Chiller serviced in March']]);
    expect(await db.outbox.count()).toBe(0);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('follows the server’s row when a month it created offline already had one there', async () => {
    const { a } = bench.world;
    const { db, engine } = await syncedA();
    // The device does not know June yet; meanwhile a refresh on the server creates it.
    const created = await updateEsScore(db, a.locationId, 80, '2025-06-10');
    if (!created.ok) throw new Error('expected the score to be queued');
    const serverId = await serverMonth('2025-06', 55);
    await engine.syncNow(a.id);
    await engine.stop();

    const [june] = await bench.server.db
      .select()
      .from(energyStarMetrics)
      .where(
        sql`${energyStarMetrics.locationId} = ${a.locationId} and ${energyStarMetrics.metricMonth} = '2025-06'`,
      );
    expect(june).toMatchObject({ id: serverId, score: 80 });
    expect(await db.energyStarMetrics.get(created.id)).toBeUndefined();
    expect(await db.energyStarMetrics.get(serverId)).toMatchObject({ score: 80 });
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('rolls back a score the server refuses, says why, and drops the closed area from the device', async () => {
    const { a } = bench.world;
    const { db, engine } = await syncedA();
    // Access was withdrawn meanwhile: the server answers 403 and the local change is undone.
    await bench.server.db.update(companies).set({ energyStarAccess: false }).where(eq(companies.id, a.id));
    try {
      const queued = await updateEsScore(db, a.locationId, 99, '2025-03-01');
      if (!queued.ok) throw new Error('expected the score to be queued');
      await engine.syncNow(a.id);
      await engine.stop();
      const entry = (await db.outbox.toArray())[0];
      expect(entry).toMatchObject({ status: 'rejected', rejection: { status: 403 } });
      // The area is closed to this user now: its rows leave the device with the next pull (docs/architecture.md §4).
      expect(await db.energyStarMetrics.get(queued.id)).toBeUndefined();
      expect(await db.energyStarMetrics.where('companyId').equals(a.id).count()).toBe(0);
    } finally {
      await bench.server.db.update(companies).set({ energyStarAccess: true }).where(eq(companies.id, a.id));
    }
  });
});
