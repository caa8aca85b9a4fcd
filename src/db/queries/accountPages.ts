// Reads of the accounts area (list and single account). Every read goes through an index: company for the list,
// account for one account's meters and bills, never a scan of a whole table. Feature hooks wrap them in useLiveQuery.
import { normalizeAccountRow } from '../../domain/accounts';
import type { AttentionItem, AttentionOptions } from '../../domain/attention';
import { summaryTotalsRows } from '../../domain/billMonthSummary';
import { canOpenArea } from '../../domain/nav';
import type { Roles } from '../../domain/roles';
import type { TotalsRow } from '../../domain/totals';
import type { OutboxStatus } from '../../domain/sync';
import type { AccountRow, BillRow, CompanyRow, LocationRow, MeterRow } from '../rows';
import type { PageAnswerSource } from '../pageAnswers';
import type { AppDb } from '../schema';
import { attentionOfWindow, companyWindow } from './attention';
import { billsOfAccount } from './bills';
import { queuedWrites } from './queuedWrites';

/** One row of the accounts grid, as the server's grid row (second spec document §3) but joined locally. */
export interface AccountListRow {
  id: string;
  companyId: number;
  version: number;
  serviceAddress: string | null;
  services: string;
  collectionType: string | null;
  esiId: string | null;
  meterCustomerNumbers: string | null;
  /** The account's meter numbers, ', '-joined. */
  meterNumber: string | null;
  serviceCity: string | null;
  serviceZip: string | null;
  locationState: string | null;
  nickname: string | null;
  /** The account's vendor; null for a row stored before the server sent vendor names (the grid shows N/A). */
  vendorName: string | null;
  vendorId: string;
  accountNumber: string;
  locationId: string;
  locationName: string | null;
  locationAddress: string | null;
  serviceState: string | null;
  subAddress: string | null;
  meterCount: number;
  nextExpectedDeliveryDate: string | null;
  isActive: boolean;
  /** Fields of the synced account row this client does not know (a newer server's): the grid's extra columns. */
  extra: Readonly<Record<string, unknown>>;
}

/** Every field of AccountRow: anything else on a synced row is a field this client version does not know. */
const KNOWN_ACCOUNT_FIELDS: ReadonlySet<string> = new Set(
  Object.keys({
    id: 1,
    companyId: 1,
    version: 1,
    updatedAt: 1,
    locationId: 1,
    vendorId: 1,
    vendorName: 1,
    accountNumber: 1,
    nickname: 1,
    collectionType: 1,
    serviceAddress: 1,
    serviceCity: 1,
    serviceState: 1,
    serviceZip: 1,
    esiId: 1,
    subAddress: 1,
    meterCustomerNumbers: 1,
    services: 1,
    nextExpectedDeliveryDate: 1,
    isActive: 1,
  } satisfies Record<keyof AccountRow, 1>),
);

function unknownFields(account: AccountRow): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(account)) if (!KNOWN_ACCOUNT_FIELDS.has(key)) extra[key] = value;
  return extra;
}

// Code-unit order: the same on every browser, and what the server's `order by` gives for the demo's names.
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Joins accounts with their locations and meters into grid rows, normalized, ordered as the server lists them. */
export function toAccountListRows(
  accounts: readonly AccountRow[],
  locations: readonly LocationRow[],
  meters: readonly MeterRow[],
): AccountListRow[] {
  const locationById = new Map(locations.map((location) => [location.id, location]));
  const metersByAccount = new Map<string, string[]>();
  for (const meter of meters) {
    const list = metersByAccount.get(meter.accountId);
    if (list) list.push(meter.meterNumber);
    else metersByAccount.set(meter.accountId, [meter.meterNumber]);
  }
  const rows = accounts.map((account) => {
    const location = locationById.get(account.locationId);
    const meterNumbers = (metersByAccount.get(account.id) ?? []).sort(compare);
    const row: AccountListRow = {
      id: account.id,
      companyId: account.companyId,
      version: account.version,
      serviceAddress: account.serviceAddress,
      services: account.services,
      collectionType: account.collectionType,
      esiId: account.esiId,
      meterCustomerNumbers: account.meterCustomerNumbers,
      meterNumber: meterNumbers.length > 0 ? meterNumbers.join(', ') : null,
      // As on the server: only the street has the spec's fallback; city and zip follow it so the address stays whole.
      serviceCity: account.serviceCity ?? location?.city ?? null,
      serviceZip: account.serviceZip ?? location?.zip ?? null,
      locationState: location?.state ?? null,
      nickname: account.nickname,
      // Rows stored before the server sent vendor names lack it until they are pulled again.
      vendorName: account.vendorName ?? null,
      vendorId: account.vendorId,
      accountNumber: account.accountNumber,
      locationId: account.locationId,
      locationName: location?.name ?? null,
      locationAddress: location?.address ?? null,
      serviceState: account.serviceState ?? location?.state ?? null,
      subAddress: account.subAddress,
      meterCount: meterNumbers.length,
      nextExpectedDeliveryDate: account.nextExpectedDeliveryDate,
      isActive: account.isActive,
      extra: unknownFields(account),
    };
    return normalizeAccountRow(row);
  });
  return rows.sort(
    (a, b) =>
      compare(a.locationName ?? '', b.locationName ?? '') ||
      compare(a.accountNumber, b.accountNumber) ||
      compare(a.id, b.id),
  );
}

/** The grid's stored answer (src/db/pageAnswers.ts): every table `accountListRows` reads. */
export const ACCOUNT_ROWS_SOURCE: PageAnswerSource = {
  name: 'accounts.rows',
  tables: ['accounts', 'locations', 'meters'],
};

/**
 * The accounts grid of one or more companies (a parent with its business units): their accounts, locations and
 * meters, each read once through the company index.
 */
export async function accountListRows(db: AppDb, companyIds: readonly number[]): Promise<AccountListRow[]> {
  // One `equals` read per company and table: Dexie answers it with a single getAll, where `anyOf` walks a cursor
  // row by row (several times slower for thousands of accounts).
  const ofCompanies = async <T>(read: (companyId: number) => Promise<T[]>): Promise<T[]> =>
    (await Promise.all(companyIds.map(read))).flat();
  const [accounts, locations, meters] = await Promise.all([
    ofCompanies((id) => db.accounts.where('companyId').equals(id).toArray()),
    ofCompanies((id) => db.locations.where('companyId').equals(id).toArray()),
    ofCompanies((id) => db.meters.where('companyId').equals(id).toArray()),
  ]);
  return toAccountListRows(accounts, locations, meters);
}

/** What the accounts overview shows: the 12-month window's bills per service, and the attention items. */
export interface AccountsOverviewData {
  /** Figures of the latest 12 bill months, one row per month and service (for twelveMonthTotals and the charts). */
  totals: TotalsRow[];
  attention: AttentionItem[];
}

/**
 * The overview of a company's accounts: its latest 12 bill months' summaries as totals rows, and the attention
 * items of those months (the shared gatherer of the locations overview).
 */
export async function accountsOverview(
  db: AppDb,
  companyId: number,
  options: AttentionOptions,
): Promise<AccountsOverviewData> {
  const window = await companyWindow(db, companyId);
  return {
    totals: summaryTotalsRows(window.summaries),
    attention: await attentionOfWindow(db, { companyId }, window.attention, options),
  };
}

/** The overview's stored answer (src/db/pageAnswers.ts): every table `accountsOverviewOf` reads. */
export const ACCOUNTS_OVERVIEW_SOURCE: PageAnswerSource = {
  name: 'accounts.overview',
  tables: [
    'companies',
    'billMonthSummaries',
    'alerts',
    'accounts',
    'locations',
    'contracts',
    'contractLinkedLocations',
  ],
};

/**
 * The accounts overview of the companies shown (one, or a parent with its business units), with contract items only
 * where the user may open contracts (the area's rule, src/domain/nav.ts: not limited clients).
 */
export async function accountsOverviewOf(
  db: AppDb,
  companyIds: readonly number[],
  roles: Roles,
  today: string,
): Promise<AccountsOverviewData> {
  const parts = [];
  // One company after another: parallel reads would only compete for the same main thread.
  for (const id of companyIds) {
    const company = await db.companies.get(id);
    const contracts = company !== undefined && canOpenArea('contracts', { roles, company });
    parts.push(await accountsOverview(db, id, { contracts, today }));
  }
  return {
    totals: parts.flatMap((part) => part.totals),
    attention: parts.flatMap((part) => part.attention),
  };
}

/** Everything the single-account page shows, or null when the account is not on this device. */
export interface AccountDetail {
  account: AccountRow;
  location: LocationRow | null;
  /** The account as the grid shows it (address fallback, esiId rule). */
  row: AccountListRow;
  meters: MeterRow[];
  /** Oldest bill month first. */
  bills: BillRow[];
  /** The account's company record, when on the device (a business unit's parent may open it). */
  company: CompanyRow | null;
  /** Queued writes of the account and its meters not yet acknowledged, by `accounts:{id}` / `meters:{id}`. */
  queued: Readonly<Record<string, OutboxStatus>>;
}

/** One account with its location, meters (accountId index) and bills ([accountId+billMonth] index). */
export async function accountDetail(db: AppDb, accountId: string): Promise<AccountDetail | null> {
  const account = await db.accounts.get(accountId);
  if (!account) return null;
  const [location, meters, bills, company] = await Promise.all([
    db.locations.get(account.locationId),
    db.meters.where('accountId').equals(accountId).toArray(),
    billsOfAccount(db, accountId),
    db.companies.get(account.companyId),
  ]);
  meters.sort((a, b) => compare(a.meterNumber, b.meterNumber) || compare(a.id, b.id));
  const [row] = toAccountListRows([account], location ? [location] : [], meters);
  if (!row) return null;
  const queued = await queuedWrites(db, [
    ['accounts', accountId],
    ...meters.map((meter): [string, string] => ['meters', meter.id]),
  ]);
  return { account, location: location ?? null, row, meters, bills, company: company ?? null, queued };
}

/** A child company (business unit) of a parent, and whether its data is on this device. */
export interface LocalBusinessUnit {
  id: number;
  name: string | null;
  isOnDevice: boolean;
}

/**
 * The business units of a parent company this device knows: children in the companies table (parentId index) and
 * any `alsoIds` (children the server named), each with whether a full sync of it has completed here.
 */
export async function businessUnitsOnDevice(
  db: AppDb,
  companyId: number,
  alsoIds: readonly number[] = [],
): Promise<LocalBusinessUnit[]> {
  const children = await db.companies.where('parentId').equals(companyId).toArray();
  const ids = [...new Set([...children.map((child) => child.id), ...alsoIds])].filter(
    (id) => id !== companyId,
  );
  const states = await db.syncState.bulkGet(ids);
  const names = new Map(children.map((child) => [child.id, child.name]));
  return ids.map((id, index) => ({
    id,
    name: names.get(id) ?? null,
    isOnDevice: (states[index]?.lastSyncAt ?? null) !== null,
  }));
}
