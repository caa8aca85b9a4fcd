import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  billCountInRange,
  billHeadInRange,
  billIdsInRange,
  billRowLookups,
  billRowsOf,
  billsPageData,
} from '../../../src/db/queries/billsPage';
import type { AppDb } from '../../../src/db/schema';
import { openLocalDb } from '../../helpers/localDb';
import { accountRow, alertRow, billRow, locationRow, service } from './locationRows';

const C = 1;
let db: AppDb;

beforeEach(async () => {
  db = openLocalDb();
  const a1 = accountRow('a1', C, 'l1', 'electric', { nickname: 'Main' });
  const a2 = accountRow('a2', C, 'l2', 'electric');
  const other = accountRow('o1', 2, 'l9', 'electric');
  const late = billRow('b3', a2, '2026-01', [service('electric', 300, 3000)]);
  await db.accounts.bulkPut([a1, a2, other]);
  await db.locations.bulkPut([locationRow('l1', C), locationRow('l2', C)]);
  await db.bills.bulkPut([
    billRow('b2', a1, '2026-02', [service('electric', 80, 900)]),
    billRow('b1', a1, '2026-01', [service('electric', 120, 1100)]),
    late,
    billRow('b4', a2, '2025-02', [service('electric', 50, 500)]),
    billRow('b9', other, '2026-01', [service('electric', 999, 1)]),
  ]);
  await db.alerts.bulkPut([alertRow('al1', late, { variancePercentageChargeMoM: 150 })]);
});

describe('billIdsInRange', () => {
  it('lists the company’s bills of the range by bill month, then id, from the index', async () => {
    expect(await billIdsInRange(db, C, { from: '2026-01', to: '2026-02' })).toEqual(['b1', 'b3', 'b2']);
    expect(await billIdsInRange(db, C, { from: null, to: '2026-01' })).toEqual(['b4', 'b1', 'b3']);
    expect(await billIdsInRange(db, C, { from: null, to: null })).toEqual(['b4', 'b1', 'b3', 'b2']);
    expect(await billIdsInRange(db, C, { from: '2027-01', to: null })).toEqual([]);
    expect(await billCountInRange(db, C, { from: '2026-01', to: '2026-02' })).toBe(3);
    expect(await billCountInRange(db, C, { from: null, to: null })).toBe(4);
  });

  it('gives the same bills in the same order as the page’s full read', async () => {
    const range = { from: null, to: null };
    const full = await billsPageData(db, C, range);
    expect(await billIdsInRange(db, C, range)).toEqual(full.rows.map((row) => row.id));
  });
});

describe('billRowsOf', () => {
  it('builds the rows of the ids asked for, in their order, equal to the full read’s rows', async () => {
    const range = { from: null, to: null };
    const full = await billsPageData(db, C, range);
    const lookups = billRowLookups();
    const rows = await billRowsOf(db, ['b3', 'b1'], lookups);
    expect(rows).toEqual([full.rows[2], full.rows[1]]);
    expect(rows[0]?.anomalyReasons).toEqual(['Charges month over month up 150.0 % (over 100 %)']);
    expect(rows[1]).toMatchObject({ accountNumber: 'N-a1', nickname: 'Main', locationName: 'Store l1' });
  });

  it('reads each account and location once per lookups, and leaves a bill no longer stored undefined', async () => {
    const lookups = billRowLookups();
    await billRowsOf(db, ['b1'], lookups);
    expect([...lookups.accounts.keys()]).toEqual(['a1']);
    await db.accounts.update('a1', { nickname: 'Renamed' });
    const rows = await billRowsOf(db, ['b2', 'gone', 'b4'], lookups);
    expect(rows[0]?.nickname).toBe('Main');
    expect(rows[1]).toBeUndefined();
    expect(rows[2]?.accountNumber).toBe('N-a2');
    expect([...lookups.locations.keys()].sort()).toEqual(['l1', 'l2']);
  });
});

describe('billHeadInRange', () => {
  it('gives the first rows of the range in the grid’s order, equal to the full read’s rows', async () => {
    const range = { from: null, to: null };
    const full = await billsPageData(db, C, range);
    expect(await billHeadInRange(db, C, range, 2, billRowLookups())).toEqual(full.rows.slice(0, 2));
    expect(await billHeadInRange(db, C, range, 10, billRowLookups())).toEqual(full.rows);
    const head = await billHeadInRange(db, C, { from: '2026-01', to: '2026-01' }, 5, billRowLookups());
    expect(head.map((row) => row.id)).toEqual(['b1', 'b3']);
    expect(head[1]?.anomalyReasons).toEqual(['Charges month over month up 150.0 % (over 100 %)']);
  });
});
