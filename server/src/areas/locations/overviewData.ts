// Figures of the locations and accounts overviews: counts, accounts per service and the 12-month totals.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countAccountsByCollectionType, countAccountsByService } from '../../../../src/domain/accounts';
import { compareServiceTypes, serviceLabel, USAGE_SERVICE_TYPES } from '../../../../src/domain/serviceTypes';
import {
  consumptionAnswer,
  consumptionByService,
  loadServiceMonths,
  spendAnswer,
} from '../bills/serviceCharts';
import type { ChartFilters, ConsumptionAnswer } from '../bills/serviceCharts';
import { windowRange } from '../bills/billSeries';

/** Accounts offering one service type (an account with several services counts for each). */
export interface ServiceAccountCount {
  serviceType: string;
  label: string;
  count: number;
}

/** One service on an overview: 12-month spend and usage, and how many accounts have it. */
export interface OverviewService {
  serviceType: string;
  label: string;
  totalCharges: number;
  /** Null for services billed without usage (trash, telecom). */
  totalUsage: number | null;
  unit: string | null;
  accountCount: number;
}

/** Counts every overview shows. */
interface CompanyCounts {
  locationCount: number;
  accountCount: number;
  activeAccountCount: number;
  meterCount: number;
  vendorCount: number;
  stateCount: number;
  energyStarActiveCount: number;
  /** Missing invoices in the 12-month window. */
  missingInvoiceCount: number;
}

/** `/locations/overview` and `/accounts/info/overview`. */
export interface OverviewAnswer extends CompanyCounts {
  endMonth: string | null;
  months: string[];
  totalCharges: number;
  byService: OverviewService[];
  byCollectionType: { collectionType: string | null; count: number }[];
}

/** Accounts per service type, most accounts first (the shared rule, over the accounts grouped by their services). */
export async function accountsByService(db: Db, companyId: number): Promise<ServiceAccountCount[]> {
  const result = await db.execute<{ services: string; n: string | number }>(
    sql`select services, count(*) as n from accounts where company_id = ${companyId} group by services`,
  );
  return countAccountsByService(
    result.rows.map((row) => ({ services: row.services, accounts: Number(row.n) })),
  ).map((row) => ({ ...row, label: serviceLabel(row.serviceType) }));
}

async function companyCounts(db: Db, companyId: number, months: readonly string[]): Promise<CompanyCounts> {
  const { first, last } = windowRange(months);
  const result = await db.execute<Record<keyof CompanyCounts, string | number>>(sql`
    select
      (select count(*) from locations where company_id = ${companyId}) as "locationCount",
      (select count(*) from accounts where company_id = ${companyId}) as "accountCount",
      (select count(*) from accounts where company_id = ${companyId} and is_active) as "activeAccountCount",
      (select count(*) from meters where company_id = ${companyId}) as "meterCount",
      (select count(distinct vendor_id) from accounts where company_id = ${companyId}) as "vendorCount",
      (select count(distinct state) from locations where company_id = ${companyId}) as "stateCount",
      (select count(*) from locations where company_id = ${companyId} and is_energy_star_active) as "energyStarActiveCount",
      (select count(*) from bills where company_id = ${companyId} and bill_month between ${first} and ${last}
         and is_invoice_missing) as "missingInvoiceCount"`);
  const row = result.rows[0];
  const count = (key: keyof CompanyCounts) => Number(row?.[key] ?? 0);
  return {
    locationCount: count('locationCount'),
    accountCount: count('accountCount'),
    activeAccountCount: count('activeAccountCount'),
    meterCount: count('meterCount'),
    vendorCount: count('vendorCount'),
    stateCount: count('stateCount'),
    energyStarActiveCount: count('energyStarActiveCount'),
    missingInvoiceCount: count('missingInvoiceCount'),
  };
}

/** The overview of a company: counts, accounts per service and collection type, and the 12-month totals. */
export async function companyOverview(db: Db, companyId: number): Promise<OverviewAnswer> {
  const loaded = await loadServiceMonths(db, { companyId });
  const spend = spendAnswer(loaded);
  const usage = consumptionAnswer(loaded);
  const accounts = new Map(
    (await accountsByService(db, companyId)).map((row) => [row.serviceType, row.count]),
  );
  const usageOf = new Map(usage.byService.map((row) => [row.serviceType, row]));
  const services = new Set([...spend.byService.map((row) => row.serviceType), ...accounts.keys()]);
  const charges = new Map(spend.byService.map((row) => [row.serviceType, row.totalCharges]));
  const collection = await db.execute<{ collection_type: string | null; n: string | number }>(sql`
    select collection_type, count(*) as n from accounts where company_id = ${companyId} group by 1`);
  return {
    endMonth: spend.endMonth,
    months: spend.months,
    ...(await companyCounts(db, companyId, spend.months)),
    totalCharges: spend.totalCharges,
    byService: [...services].sort(compareServiceTypes).map((serviceType) => ({
      serviceType,
      label: serviceLabel(serviceType),
      totalCharges: charges.get(serviceType) ?? 0,
      totalUsage: usageOf.get(serviceType)?.totalUsage ?? null,
      unit: usageOf.get(serviceType)?.unit ?? null,
      accountCount: accounts.get(serviceType) ?? 0,
    })),
    byCollectionType: countAccountsByCollectionType(
      collection.rows.map((row) => ({ collectionType: row.collection_type, accounts: Number(row.n) })),
    ),
  };
}

const USAGE_TOTALS: ReadonlySet<string> = new Set(USAGE_SERVICE_TYPES);

/** The 12-month usage of the usage cards and chart: the spec's usage-total services only (second document §9). */
export async function usageTotals(
  db: Db,
  companyId: number,
  filters: ChartFilters,
): Promise<ConsumptionAnswer> {
  const answer = await consumptionByService(db, { companyId }, filters);
  return {
    ...answer,
    byService: answer.byService.filter((row) => USAGE_TOTALS.has(row.serviceType)),
    rows: answer.rows.filter((row) => USAGE_TOTALS.has(row.serviceType)),
  };
}
