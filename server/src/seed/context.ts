// Shapes shared by the seed's generators: the run's inputs and the rows one company is built from.
import type { PgTable } from 'drizzle-orm/pg-core';
import type { accounts, bills, locations } from '../db/schema';
import type { SyncedInsert } from './bulkInsert';
import type { CompanyPlan, SeedSize } from './plans';
import type { SiteType } from './siteTypes';
import type { AccountProfile } from './usageModel';
import type { StateInfo } from './states';

/** A row type with some optional insert fields made required, for rows later generators read back. */
export type WithRequired<T, K extends keyof T> = T & Required<Pick<T, K>>;

/** An unsynced table's insert row with its id known up front. */
export type RowOf<T extends PgTable> = T['$inferInsert'];

/** Inputs of one seed run; every generated value is a pure function of these. */
export interface SeedContext {
  seed: number;
  /** 'YYYY-MM-DD': the data is as of this day; the last bill month is the month before it. */
  asOf: string;
  /** Bill months, oldest first. */
  months: readonly string[];
  /** The timestamp written to updated_at, created_at... so no row reads the clock. */
  stamp: string;
  size: SeedSize;
  /** Whether bills get bill_charges and bill_usages lines (scale mode leaves them out for speed). */
  billLines: boolean;
}

/** People notes and tickets are attributed to. */
export interface SeedStaff {
  /** Null when the user does not exist (scale mode on a database seeded some other way). */
  superId: number | null;
  consultantId: number | null;
  /** Users of the company itself (may be empty). */
  clientIds: readonly number[];
}

/** Inputs of one company's generation. */
export interface CompanyContext extends SeedContext {
  plan: CompanyPlan;
  companyId: number;
  vendorIds: ReadonlyMap<string, string>;
  staff: SeedStaff;
}

/** A location row as generated. */
export type LocationRow = WithRequired<
  SyncedInsert<typeof locations>,
  'id' | 'sqft' | 'siteType' | 'isEnergyStarActive'
>;

/** A generated location with what later generators need to know about it. */
export interface SeedLocation {
  row: LocationRow;
  state: StateInfo;
  site: SiteType;
}

/** An account row as generated. */
export type AccountRow = WithRequired<SyncedInsert<typeof accounts>, 'id' | 'services'>;

/** A generated account with its location, usage traits and billing cycle. */
export interface SeedAccount {
  row: AccountRow;
  location: SeedLocation;
  profile: AccountProfile;
  vendorName: string;
  /** Day of the month the meter is read; invoices follow a few days later. */
  cycleDay: number;
  /** Index in the company's account list, for labelled random streams. */
  index: number;
}

/** A bill row as generated. */
export type BillRow = WithRequired<
  SyncedInsert<typeof bills>,
  | 'id'
  | 'totalNewCharges'
  | 'amountDue'
  | 'lateFee'
  | 'taxesFees'
  | 'isInvoiceMissing'
  | 'services'
  | 'invoiceDate'
  | 'dueDate'
  | 'readDateFrom'
  | 'readDateTo'
>;

/** An account's bills, oldest first, one per bill month. */
export interface AccountBills {
  account: SeedAccount;
  bills: BillRow[];
}

/**
 * One company as the seed has written the rows every area reads (sites, accounts, bills): what an area's own seed
 * (server/src/areas/<area>/seed.ts) builds on.
 */
export interface SeededCompany {
  ctx: CompanyContext;
  locations: readonly SeedLocation[];
  accounts: readonly SeedAccount[];
  accountBills: readonly AccountBills[];
}
