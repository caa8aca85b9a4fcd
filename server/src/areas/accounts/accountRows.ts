// Account grid rows (second spec document §3, §5), shared by the accounts list, a location's accounts and the
// single account's info. Rows pass through the domain's normalizeAccountRow, the one implementation of the
// address fallback and the esiId rule, so the server and the offline client show the same cells.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
import { notFound } from '../../errors';
import { normalizeAccountRow } from '../../../../src/domain/accounts';
import { toCents, fromCents } from '../../../../src/domain/money';
import { billWindow, companyCheck, windowRange } from '../bills/billSeries';

/**
 * One account of the grid: exactly 33 fields (ACCOUNT_EXTRA_AFTER of src/domain/grid.ts), the spec's grid fields
 * first, so fields a later version appends land past the 33rd and show as the spec's hidden, sortable extras.
 */
export interface AccountGridRow {
  serviceAddress: string | null;
  services: string;
  collectionType: string | null;
  esiId: string | null;
  meterCustomerNumbers: string | null;
  /** The account's meter numbers, ', '-joined. */
  meterNumber: string | null;
  serviceCity: string | null;
  serviceZip: string | null;
  locationState: string;
  nickname: string | null;
  vendorName: string;
  accountNumber: string;
  locationId: string;
  locationName: string;
  version: number;
  id: string;
  companyId: number;
  vendorId: string;
  locationAddress: string;
  locationCity: string;
  locationZip: string;
  siteNumber: string | null;
  serviceState: string | null;
  subAddress: string | null;
  meterCount: number;
  nextExpectedDeliveryDate: string | null;
  isActive: boolean;
  latestBillMonth: string | null;
  /** Charges of the company's latest 12 bill months (the same window for every row of a grid). */
  twelveMonthCharges: number;
  missingInvoiceCount: number;
  firstBillMonth: string | null;
  billCount: number;
  updatedAt: string;
}

interface RawAccountRow extends Record<string, unknown> {
  id: string;
  company_id: number;
  version: string | number;
  updated_at: string;
  account_number: string;
  nickname: string | null;
  collection_type: string | null;
  service_address: string | null;
  service_city: string | null;
  service_state: string | null;
  service_zip: string | null;
  esi_id: string | null;
  sub_address: string | null;
  meter_customer_numbers: string | null;
  services: string;
  next_expected_delivery_date: string | null;
  is_active: boolean;
  vendor_id: string;
  vendor_name: string;
  location_id: string;
  location_name: string;
  location_address: string;
  location_city: string;
  location_state: string;
  location_zip: string;
  site_number: string | null;
  meter_numbers: string | null;
  meter_count: string | number | null;
  latest_bill_month: string | null;
  first_bill_month: string | null;
  charges: string | null;
  missing: string | number | null;
  bill_count: string | number | null;
}

/** Which accounts of a company to list. */
export interface AccountFilter {
  locationId?: string | undefined;
  accountId?: string | undefined;
}

function toGridRow(raw: RawAccountRow): AccountGridRow {
  const row: AccountGridRow = {
    serviceAddress: raw.service_address,
    services: raw.services,
    collectionType: raw.collection_type,
    esiId: raw.esi_id,
    meterCustomerNumbers: raw.meter_customer_numbers,
    meterNumber: raw.meter_numbers,
    // Only the street line has the spec's fallback rule; city and zip follow it so the address stays whole.
    serviceCity: raw.service_city ?? raw.location_city,
    serviceZip: raw.service_zip ?? raw.location_zip,
    locationState: raw.location_state,
    nickname: raw.nickname,
    vendorName: raw.vendor_name,
    accountNumber: raw.account_number,
    locationId: raw.location_id,
    locationName: raw.location_name,
    version: Number(raw.version),
    id: raw.id,
    companyId: raw.company_id,
    vendorId: raw.vendor_id,
    locationAddress: raw.location_address,
    locationCity: raw.location_city,
    locationZip: raw.location_zip,
    siteNumber: raw.site_number,
    serviceState: raw.service_state ?? raw.location_state,
    subAddress: raw.sub_address,
    meterCount: Number(raw.meter_count ?? 0),
    nextExpectedDeliveryDate: raw.next_expected_delivery_date,
    isActive: raw.is_active,
    latestBillMonth: raw.latest_bill_month,
    twelveMonthCharges: fromCents(toCents(Number(raw.charges ?? 0))),
    missingInvoiceCount: Number(raw.missing ?? 0),
    firstBillMonth: raw.first_bill_month,
    billCount: Number(raw.bill_count ?? 0),
    updatedAt: raw.updated_at,
  };
  return normalizeAccountRow(row);
}

/**
 * The grid rows of a company's accounts, optionally of one location or one account. Bill and meter figures
 * come from one grouped pass each over the company's rows (hash-joined), not one lookup per account.
 */
export async function accountGridRows(
  db: Db,
  companyId: number,
  filter: AccountFilter = {},
): Promise<AccountGridRow[]> {
  const months = await billWindow(db, { companyId });
  const { first, last } = windowRange(months);
  const location = filter.locationId ?? null;
  const account = filter.accountId ?? null;
  const ofAccounts = sql`${location ? sql` and a.location_id = ${location}` : sql``}${account ? sql` and a.id = ${account}` : sql``}`;
  const narrowed = location !== null || account !== null;
  const ofMeters = account
    ? sql` and m.account_id = ${account}`
    : location
      ? sql` and m.account_id in (select id from accounts where location_id = ${location})`
      : sql``;
  const ofBills = sql`${location ? sql` and b.location_id = ${location}` : sql``}${account ? sql` and b.account_id = ${account}` : sql``}`;
  const result = await db.execute<RawAccountRow>(sql`
    select a.id, a.company_id, a.version, a.updated_at::text as updated_at, a.account_number, a.nickname,
           a.collection_type, a.service_address, a.service_city, a.service_state, a.service_zip, a.esi_id,
           a.sub_address, a.meter_customer_numbers, a.services, a.next_expected_delivery_date::text as next_expected_delivery_date,
           a.is_active, a.vendor_id, a.vendor_name, l.id as location_id, l.name as location_name,
           l.address as location_address, l.city as location_city, l.state as location_state, l.zip as location_zip,
           l.site_number, m.meter_numbers, m.meter_count, bs.latest_bill_month, bs.first_bill_month, bs.charges,
           bs.missing, bs.bill_count
    from accounts a join locations l on l.id = a.location_id
      left join (
        select account_id, string_agg(meter_number, ', ' order by meter_number) as meter_numbers, count(*) as meter_count
        from meters m where ${companyCheck('m', companyId, narrowed)}${ofMeters} group by account_id
      ) m on m.account_id = a.id
      left join (
        select b.account_id, max(b.bill_month) as latest_bill_month, min(b.bill_month) as first_bill_month,
               count(*) as bill_count,
               coalesce(sum(b.total_new_charges) filter (where b.bill_month between ${first} and ${last}), 0)::text as charges,
               count(*) filter (where b.is_invoice_missing and b.bill_month between ${first} and ${last}) as missing
        from bills b where ${companyCheck('b', companyId, narrowed)}${ofBills} group by b.account_id
      ) bs on bs.account_id = a.id
    where ${companyCheck('a', companyId, narrowed)}${ofAccounts}
    order by l.name, a.account_number, a.id`);
  return result.rows.map(toGridRow);
}

/** The account of a company, or 404: twins name the company, so a foreign id must look missing. */
export async function accountOf(db: Db, companyId: number, id: string) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id.toLowerCase()), eq(accounts.companyId, companyId)));
  if (!row) throw notFound();
  return row;
}
