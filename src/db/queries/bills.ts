// Bill reads for the areas; the compound indexes return rows already in bill-month order.
import { Dexie } from 'dexie';
import type { AppDb } from '../schema';
import type { BillRow } from '../rows';

/** A location's bills, oldest bill month first. */
export function billsOfLocation(db: AppDb, locationId: string): Promise<BillRow[]> {
  return db.bills
    .where('[locationId+billMonth]')
    .between([locationId, Dexie.minKey], [locationId, Dexie.maxKey])
    .toArray();
}

/** An account's bills, oldest bill month first. */
export function billsOfAccount(db: AppDb, accountId: string): Promise<BillRow[]> {
  return db.bills
    .where('[accountId+billMonth]')
    .between([accountId, Dexie.minKey], [accountId, Dexie.maxKey])
    .toArray();
}

/** The bills of several accounts in one read, by account and then oldest bill month first. */
export function billsOfAccounts(db: AppDb, accountIds: readonly string[]): Promise<BillRow[]> {
  const ranges = [...new Set(accountIds)].map((accountId): [[string, unknown], [string, unknown]] => [
    [accountId, Dexie.minKey],
    [accountId, Dexie.maxKey],
  ]);
  return db.bills.where('[accountId+billMonth]').inAnyRange(ranges).toArray();
}
