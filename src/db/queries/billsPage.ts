// Reads of the Bills area (docs/architecture.md §14 Bills): a company's bills in a bill-month range through the
// [companyId+billMonth] index, joined on the device with their accounts, locations and alerts; and one bill with
// its lines and its account's last 13 months. Feature hooks wrap them in live queries.
import { Dexie } from 'dexie';
import type { Collection, Table } from 'dexie';
import { billListRow } from '../../domain/billRows';
import type { BillListRow } from '../../domain/billRows';
import type { BillMonthRange } from '../../domain/bills';
import { addMonths } from '../../domain/totals';
import type { AccountRow, AlertRow, BillLinesRow, BillRow, LocationRow } from '../rows';
import type { BillMonthSummaryRow } from '../billMonthSummaries';
import type { AppDb } from '../schema';
import { billsOfAccount } from './bills';

export type { BillListRow };

/** The Bills page's answer: the rows in range, and the company's latest bill month (the default range's end). */
export interface BillsPageData {
  rows: BillListRow[];
  latestMonth: string | null;
}

/** The company's latest bill month on the device, or null when it has no bills. */
export async function latestBillMonth(db: AppDb, companyId: number): Promise<string | null> {
  const last = await db.bills
    .where('[companyId+billMonth]')
    .between([companyId, Dexie.minKey], [companyId, Dexie.maxKey])
    .last();
  return last?.billMonth ?? null;
}

/**
 * The rows of a table indexed by [companyId+billMonth] (bills, month summaries) whose bill month is in `range`, in
 * index order; an open end of the range reaches the company's first or last month.
 */
function inRange<T, Key>(table: Table<T, Key>, companyId: number, range: BillMonthRange): Collection<T, Key> {
  return table
    .where('[companyId+billMonth]')
    .between([companyId, range.from ?? Dexie.minKey], [companyId, range.to ?? Dexie.maxKey], true, true);
}

/**
 * The alerts of some bills: one index lookup per bill, all issued at once in one transaction. Not `anyOf`, which
 * Dexie runs as a cursor that jumps key to key, a round trip through the main thread per bill (200 a chunk) that a
 * busy main thread (scrolling) holds up.
 */
async function alertsOfBills(db: AppDb, billIds: readonly string[]): Promise<AlertRow[]> {
  if (billIds.length === 0) return [];
  const lists = await db.transaction('r', db.alerts, () =>
    Promise.all(billIds.map((id) => db.alerts.where('billId').equals(id).toArray())),
  );
  return lists.flat();
}

function alertsByBill(alerts: readonly AlertRow[]): Map<string, AlertRow[]> {
  const byBill = new Map<string, AlertRow[]>();
  for (const alert of alerts) {
    if (alert.billId === null) continue;
    const list = byBill.get(alert.billId);
    if (list) list.push(alert);
    else byBill.set(alert.billId, [alert]);
  }
  return byBill;
}

/** Every bill of the company whose bill month is in `range`, oldest month first, as grid rows. */
export async function billsPageData(
  db: AppDb,
  companyId: number,
  range: BillMonthRange,
): Promise<BillsPageData> {
  const [bills, accounts, locations, alerts, latestMonth] = await Promise.all([
    inRange(db.bills, companyId, range).toArray(),
    db.accounts.where('companyId').equals(companyId).toArray(),
    db.locations.where('companyId').equals(companyId).toArray(),
    db.alerts.where('companyId').equals(companyId).toArray(),
    latestBillMonth(db, companyId),
  ]);
  const accountById = new Map(accounts.map((account) => [account.id, account]));
  const locationById = new Map(locations.map((location) => [location.id, location]));
  const byBill = alertsByBill(alerts);
  const rows = bills.map((bill) =>
    billListRow(
      bill,
      accountById.get(bill.accountId),
      locationById.get(bill.locationId),
      byBill.get(bill.id) ?? [],
    ),
  );
  return { rows, latestMonth };
}

/**
 * The ids of the company's bills in `range` in the grid's order (bill month, then id), read from the
 * [companyId+billMonth] index alone: no bill is read, so a year of bills costs a list of keys.
 */
export async function billIdsInRange(db: AppDb, companyId: number, range: BillMonthRange): Promise<string[]> {
  return inRange(db.bills, companyId, range).primaryKeys();
}

/** The company's bill month summaries of `range`, oldest first: the page's totals and chart without its bills. */
export async function billSummariesInRange(
  db: AppDb,
  companyId: number,
  range: BillMonthRange,
): Promise<BillMonthSummaryRow[]> {
  return inRange(db.billMonthSummaries, companyId, range).toArray();
}

/** How many bills of the company `range` has (a count over the index: no bill is read). */
export async function billCountInRange(db: AppDb, companyId: number, range: BillMonthRange): Promise<number> {
  return inRange(db.bills, companyId, range).count();
}

/** Accounts and locations already read while rows are built chunk by chunk, by id (null: not on the device). */
export interface BillRowLookups {
  accounts: Map<string, AccountRow | null>;
  locations: Map<string, LocationRow | null>;
}

/** Empty lookups, for one load of a page's rows. */
export function billRowLookups(): BillRowLookups {
  return { accounts: new Map(), locations: new Map() };
}

/** Reads the rows of `ids` that `known` lacks into it. */
async function readMissing<T>(
  table: { bulkGet: (keys: string[]) => Promise<(T | undefined)[]> },
  known: Map<string, T | null>,
  ids: Iterable<string>,
): Promise<void> {
  const missing = [...new Set(ids)].filter((id) => !known.has(id));
  if (missing.length === 0) return;
  const found = await table.bulkGet(missing);
  missing.forEach((id, i) => known.set(id, found[i] ?? null));
}

/**
 * The grid rows of some bills, by key (a page or a chunk of billIdsInRange): each bill with its account, location
 * and alerts, in the order of `ids`; undefined for a bill no longer on the device. Only these bills and their
 * alerts are read; accounts and locations once per `lookups`.
 */
export async function billRowsOf(
  db: AppDb,
  ids: readonly string[],
  lookups: BillRowLookups,
): Promise<(BillListRow | undefined)[]> {
  const keys = [...ids];
  const [bills, alerts] = await Promise.all([db.bills.bulkGet(keys), alertsOfBills(db, keys)]);
  return joinBillRows(db, bills, alerts, lookups);
}

/**
 * The grid rows of the first `limit` bills of the company in `range`, in the grid's order, read through the index
 * with their alerts, accounts and locations: the rows on screen without waiting for every id of the range.
 */
export async function billHeadInRange(
  db: AppDb,
  companyId: number,
  range: BillMonthRange,
  limit: number,
  lookups: BillRowLookups,
): Promise<BillListRow[]> {
  const bills = await inRange(db.bills, companyId, range).limit(limit).toArray();
  const alerts = await alertsOfBills(
    db,
    bills.map((bill) => bill.id),
  );
  const rows = await joinBillRows(db, bills, alerts, lookups);
  return rows.filter((row): row is BillListRow => row !== undefined);
}

/** Bills (undefined: gone) as grid rows with their alerts, reading the accounts and locations `lookups` lacks. */
async function joinBillRows(
  db: AppDb,
  bills: readonly (BillRow | undefined)[],
  alerts: readonly AlertRow[],
  lookups: BillRowLookups,
): Promise<(BillListRow | undefined)[]> {
  const present = bills.filter((bill): bill is BillRow => bill !== undefined);
  await Promise.all([
    readMissing(
      db.accounts,
      lookups.accounts,
      present.map((bill) => bill.accountId),
    ),
    readMissing(
      db.locations,
      lookups.locations,
      present.map((bill) => bill.locationId),
    ),
  ]);
  const byBill = alertsByBill(alerts);
  return bills.map((bill) =>
    bill === undefined
      ? undefined
      : billListRow(
          bill,
          lookups.accounts.get(bill.accountId) ?? undefined,
          lookups.locations.get(bill.locationId) ?? undefined,
          byBill.get(bill.id) ?? [],
        ),
  );
}

/** One bill with everything its page shows; null when it is not on this device. */
export interface BillDetail {
  bill: BillRow;
  row: BillListRow;
  account: AccountRow | null;
  location: LocationRow | null;
  /** Its lines; null when they have not reached the device (an older sync, or a bill without lines). */
  lines: BillLinesRow | null;
  /** The account's bills of the 13 months ending with this one, oldest first (the usage chart). */
  history: BillRow[];
}

/** One bill of the device with its account, location, alerts, lines and 13-month history. */
export async function billDetail(db: AppDb, billId: string): Promise<BillDetail | null> {
  const bill = await db.bills.get(billId);
  if (!bill) return null;
  const [account, location, alerts, lines, accountBills] = await Promise.all([
    db.accounts.get(bill.accountId),
    db.locations.get(bill.locationId),
    db.alerts.where('billId').equals(bill.id).toArray(),
    db.billLines.get(bill.id),
    billsOfAccount(db, bill.accountId),
  ]);
  const from = addMonths(bill.billMonth, -12);
  return {
    bill,
    row: billListRow(bill, account, location, alerts),
    account: account ?? null,
    location: location ?? null,
    lines: lines ?? null,
    history: accountBills.filter((other) => other.billMonth >= from && other.billMonth <= bill.billMonth),
  };
}
