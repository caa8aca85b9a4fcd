// First: Dexie reads the global indexedDB when it loads.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addContract,
  deleteContract,
  extendContract,
  linkLocations,
  markContractViewed,
  unlinkLocations,
  updateContract,
} from '../../src/db/mutations/contracts';
import type { ContractInput } from '../../src/domain/contractForm';
import { contracts } from '../../server/src/db/schema';
import { engineFor, freshPull, localSnapshot, openLocalDb, useSyncBench } from '../helpers/syncHarness';
import type { SyncBench } from '../helpers/syncHarness';

let bench: SyncBench;
useSyncBench((started) => {
  bench = started;
});

const INPUT: ContractInput = {
  serviceType: 'electric',
  vendorName: 'Offline Power',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  termMonth: 12,
  contractSignDate: null,
  contractRate: 0.08,
  contractAnnualUsage: null,
  contractRateType: 2,
  consultantName: null,
  notes: null,
};

const EXTEND = /\/contracts\/[0-9a-f-]+\/extend$/;

async function serverContracts(companyId: number) {
  return bench.server.db.select().from(contracts).where(eq(contracts.companyId, companyId));
}

describe('contract writes through the outbox', { timeout: 30_000 }, () => {
  it('replays add, extend (answer lost), link, edit and viewed made offline exactly once, ending as a fresh pull', async () => {
    const { a } = bench.world;
    const db = openLocalDb();
    const { engine } = engineFor(bench, db);
    await engine.syncNow(a.id);
    const before = (await serverContracts(a.id)).length;

    // Offline: nothing is sent until the engine runs again.
    const added = await addContract(db, a.id, INPUT, [a.locationId]);
    if (!added.ok) throw new Error('add refused');
    const extended = await extendContract(db, added.contractId, {
      ...INPUT,
      startDate: '2027-01-01',
      endDate: '2027-12-31',
    });
    if (!extended.ok) throw new Error('extend refused');
    await updateContract(db, extended.contractId, {
      ...INPUT,
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      notes: 'Renewed',
    });
    await markContractViewed(db, extended.contractId);
    expect(await db.contracts.get(added.contractId)).toMatchObject({ isExtended: true });
    expect(await db.contractLinkedLocations.where('contractId').equals(extended.contractId).count()).toBe(1);
    expect(await db.outbox.count()).toBe(4);

    bench.proxy.inject({ method: 'POST', path: EXTEND }, { kind: 'lose-response' });
    await engine.syncNow(a.id);
    await engine.syncNow(a.id);
    await engine.stop();

    const extends_ = bench.proxy.log.filter((entry) => entry.method === 'POST' && EXTEND.test(entry.path));
    expect(new Set(extends_.map((entry) => entry.idempotencyKey)).size).toBe(1);
    const rows = await serverContracts(a.id);
    expect(rows).toHaveLength(before + 2);
    expect(rows.find((row) => row.id === added.contractId)).toMatchObject({ isExtended: true });
    expect(rows.find((row) => row.id === extended.contractId)).toMatchObject({
      associatedContractId: added.contractId,
      notes: 'Renewed',
      isViewed: true,
    });
    expect(await db.outbox.count()).toBe(0);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('replays unlink, link and a delete that restores the extended contract', async () => {
    const { a } = bench.world;
    const db = openLocalDb();
    const { engine } = engineFor(bench, db);
    await engine.syncNow(a.id);
    const added = await addContract(db, a.id, { ...INPUT, vendorName: 'Chain Power' }, [a.locationId]);
    if (!added.ok) throw new Error('add refused');
    const extended = await extendContract(db, added.contractId, {
      ...INPUT,
      startDate: '2027-01-01',
      endDate: '2027-12-31',
    });
    if (!extended.ok) throw new Error('extend refused');
    await engine.syncNow(a.id);

    await unlinkLocations(db, added.contractId, [a.locationId]);
    await linkLocations(db, added.contractId, [a.locationId]);
    expect(await deleteContract(db, added.contractId)).toEqual({
      problem: 'This contract has an extension: delete the extension first.',
    });
    await deleteContract(db, extended.contractId);
    expect(await db.contracts.get(extended.contractId)).toBeUndefined();
    expect(await db.contracts.get(added.contractId)).toMatchObject({ isExtended: false });
    await engine.syncNow(a.id);
    await engine.stop();

    expect(await db.outbox.toArray()).toEqual([]);
    const rows = await serverContracts(a.id);
    expect(rows.find((row) => row.id === extended.contractId)).toBeUndefined();
    expect(rows.find((row) => row.id === added.contractId)).toMatchObject({ isExtended: false });
    expect(await db.contractLinkedLocations.where('contractId').equals(added.contractId).count()).toBe(1);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('refuses an invalid contract before queuing anything', async () => {
    const db = openLocalDb();
    const result = await addContract(db, bench.world.a.id, { ...INPUT, endDate: '2025-01-01' });
    expect(result).toEqual({ ok: false, problems: { endDate: 'must be after the start date' } });
    expect(await db.outbox.count()).toBe(0);
  });
});
