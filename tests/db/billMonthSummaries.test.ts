// Dexie's liveQuery stays silent unless a global indexedDB exists when Dexie loads: install one first.
import 'fake-indexeddb/auto';
import { Dexie, liveQuery } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { summarize } from '../../src/domain/billMonthSummary';
import type { BillMonthSummary } from '../../src/domain/billMonthSummary';
import { SCHEMA_VERSIONS } from '../../src/db/schema';
import type { AppDb } from '../../src/db/schema';
import type { BillRow } from '../../src/db/rows';
import { applyPage } from '../../workers/sync/apply';
import { openLocalDb, reopenLocalDb } from '../helpers/localDb';
import { accountRow, billRow, service } from './queries/locationRows';

const north = accountRow('a1', 1, 'l1', 'electric,water');
const south = accountRow('a2', 1, 'l2', 'naturalgas');
const other = accountRow('a3', 2, 'l3', 'electric');

const bills: BillRow[] = [
  billRow('b1', north, '2026-01', [service('electric', 100.1, 1000.5), service('water', 20.2, 30)]),
  billRow('b2', north, '2026-02', [service('electric', 110.3, 1100.25)]),
  billRow('b3', south, '2026-01', [service('naturalgas', 55.55, 70)]),
  billRow('b4', south, '2026-02', [], { isInvoiceMissing: true }),
  billRow('b5', other, '2026-01', [service('electric', 9.99, 12)]),
];

/** Summaries in a stable order, for comparing. */
const sorted = (summaries: BillMonthSummary[]) =>
  [...summaries]
    .map((summary) => ({ ...summary, missing: [...summary.missing].sort((a, b) => (a.id < b.id ? -1 : 1)) }))
    .sort((a, b) => a.companyId - b.companyId || (a.billMonth < b.billMonth ? -1 : 1));

/** The stored summaries equal summing the stored bills afresh. */
async function expectInStep(db: AppDb): Promise<void> {
  const stored = await db.billMonthSummaries.toArray();
  expect(sorted(stored)).toEqual(sorted(summarize(await db.bills.toArray())));
}

let db: AppDb;
afterEach(async () => {
  await db.delete();
});

describe('billMonthSummaries kept by the database', () => {
  it('follows puts, updates that move a bill to another month, and deletes', async () => {
    db = openLocalDb();
    await db.bills.bulkPut(bills);
    await expectInStep(db);
    expect(await db.billMonthSummaries.get([1, '2026-02'])).toMatchObject({
      billCount: 2,
      missing: [{ id: 'b4', accountId: 'a2', locationId: 'l2' }],
    });

    await db.bills.put({ ...bills[0]!, billMonth: '2026-03', services: [service('electric', 1, 1)] });
    await db.bills.update('b4', { isInvoiceMissing: false, services: [service('naturalgas', 3.33, 4)] });
    await expectInStep(db);
    expect((await db.billMonthSummaries.get([1, '2026-02']))?.missing).toEqual([]);

    await db.bills.bulkDelete(['b2', 'b4']);
    await expectInStep(db);
    expect(await db.billMonthSummaries.get([1, '2026-02'])).toBeUndefined();

    await db.bills.where('companyId').equals(2).delete();
    await db.bills.add(billRow('b6', other, '2026-05', [service('electric', 1.01, 2)]));
    await expectInStep(db);
    await db.bills.clear();
    expect(await db.billMonthSummaries.count()).toBe(0);
  });

  it('keeps concurrent writes of one transaction, and drops the changes of an aborted one', async () => {
    db = openLocalDb();
    await db.transaction('rw', db.bills, async () => {
      await Promise.all(bills.map((bill) => db.bills.put(bill)));
    });
    await expectInStep(db);

    await expect(
      db.transaction('rw', db.bills, async () => {
        await db.bills.delete('b1');
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await db.bills.count()).toBe(bills.length);
    await expectInStep(db);
  });

  it('wakes live queries of the summaries', async () => {
    db = openLocalDb();
    const seen: number[] = [];
    const subscription = liveQuery(() => db.billMonthSummaries.count()).subscribe({
      next: (count) => seen.push(count),
      error: (error: unknown) => {
        throw error;
      },
    });
    await expect.poll(() => seen.at(-1)).toBe(0);
    await db.bills.bulkPut(bills);
    await expect.poll(() => seen.at(-1)).toBe(3);
    subscription.unsubscribe();
  });

  it('stays in step through feed pages of new and changed bills', async () => {
    db = openLocalDb();
    await db.syncState.put({ companyId: 1, cursor: null, bytes: 0 } as never);
    const page = (rows: BillRow[], cursor: string) => ({
      changes: rows.map((row) => ({
        entity: 'bills',
        op: 'put' as const,
        id: row.id,
        version: row.version,
        row: { ...row },
      })),
      cursor,
      hasMore: false,
    });
    await applyPage(db, 1, page(bills.slice(0, 3), '3'), 0);
    await expectInStep(db);
    // New bills and changed ones in one page: the changed ones fail to add and are put.
    const changed = { ...bills[0]!, version: 9, services: [service('electric', 1.5, 2)] };
    await applyPage(
      db,
      1,
      page([changed, bills[3]!, { ...bills[1]!, version: 10, billMonth: '2026-04' }], '10'),
      0,
    );
    await expectInStep(db);
    expect((await db.bills.get('b1'))?.services).toEqual(changed.services);
    expect((await db.bills.get('b2'))?.billMonth).toBe('2026-04');
    expect(await db.bills.count()).toBe(4);
  });

  it('summarises the bills already on the device when the schema moves to version 2', async () => {
    const factory = new IDBFactory();
    db = openLocalDb(factory);
    const name = db.name;
    db.close();
    // A device still on version 1: only the first schema, bills written without the middleware.
    const old = new Dexie(name, { indexedDB: factory, IDBKeyRange });
    old.version(1).stores(SCHEMA_VERSIONS[0]!.stores);
    await old.table('bills').bulkPut(bills);
    old.close();

    db = reopenLocalDb(db, factory);
    await expectInStep(db);
    expect(await db.billMonthSummaries.count()).toBe(3);
  });

  it('makes the summaries again, with their new charges, when the schema moves to version 13', async () => {
    const factory = new IDBFactory();
    const name = `summaries-${Math.random()}`;
    // A device on version 12: summaries as that app kept them, without new charges.
    const old = new Dexie(name, { indexedDB: factory, IDBKeyRange });
    for (const { version, stores } of SCHEMA_VERSIONS.filter((entry) => entry.version <= 12))
      old.version(version).stores(stores);
    await old.table('bills').bulkPut(bills);
    const before = summarize(bills).map(({ newChargesCents: _, ...summary }) => summary);
    await old.table('billMonthSummaries').bulkPut(before);
    old.close();

    db = reopenLocalDb({ name } as AppDb, factory);
    await expectInStep(db);
    expect((await db.billMonthSummaries.get([1, '2026-01']))?.newChargesCents).toBe(17585);
  });
});
