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
import { addLocation } from '../../src/db/mutations/locations';
import type { ContractInput } from '../../src/domain/contractForm';
import { contractLinkedLocations, contracts, locations } from '../../server/src/db/schema';
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

  it('replays a site added from the picker offline before the contract that links it, once (its answer lost)', async () => {
    const { a } = bench.world;
    const db = openLocalDb();
    const { engine } = engineFor(bench, db);
    await engine.syncNow(a.id);

    const site = await addLocation(db, a.id, {
      name: 'Offline Depot',
      address: '1 Dock St',
      city: 'Houston',
      state: 'TX',
      zip: '77002',
      sqft: '40,000',
      siteType: 'Warehouse',
    });
    if (!site.ok) throw new Error('site refused');
    const added = await addContract(db, a.id, { ...INPUT, vendorName: 'Depot Power' }, [site.locationId]);
    if (!added.ok) throw new Error('add refused');
    expect(await db.locations.get(site.locationId)).toMatchObject({ name: 'Offline Depot', sqft: 40000 });

    const ADD_SITE = new RegExp(`/companies/${a.id}/locations$`);
    bench.proxy.inject({ method: 'POST', path: ADD_SITE }, { kind: 'lose-response' });
    await engine.syncNow(a.id);
    await engine.syncNow(a.id);
    await engine.stop();

    const sends = bench.proxy.log.filter((entry) => entry.method === 'POST' && ADD_SITE.test(entry.path));
    // Sent again after the lost answer, under the same key: one site on the server.
    expect(sends.length).toBeGreaterThan(1);
    expect(new Set(sends.map((entry) => entry.idempotencyKey)).size).toBe(1);
    const sites = await bench.server.db.select().from(locations).where(eq(locations.name, 'Offline Depot'));
    expect(sites.map((row) => row.id)).toEqual([site.locationId]);
    const links = await bench.server.db
      .select()
      .from(contractLinkedLocations)
      .where(eq(contractLinkedLocations.contractId, added.contractId));
    expect(links.map((link) => link.locationId)).toEqual([site.locationId]);
    expect(await db.outbox.count()).toBe(0);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('refuses a site the server would refuse before queuing anything', async () => {
    const db = openLocalDb();
    const result = await addLocation(db, bench.world.a.id, {
      name: 'No Zip',
      address: '1 Dock St',
      city: 'Houston',
      state: 'TX',
      zip: '',
    });
    expect(result).toEqual({ ok: false, problems: { zip: 'is required' } });
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses an invalid contract before queuing anything', async () => {
    const db = openLocalDb();
    const result = await addContract(db, bench.world.a.id, { ...INPUT, endDate: '2025-01-01' });
    expect(result).toEqual({ ok: false, problems: { endDate: 'must be after the start date' } });
    expect(await db.outbox.count()).toBe(0);
  });
});
