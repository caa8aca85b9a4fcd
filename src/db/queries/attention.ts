// Attention items from the local database: the rows the shared rule (src/domain/attention.ts) reads, gathered
// through indexes only, so the offline page lists the same items as the server's /attention calls.
import { Dexie } from 'dexie';
import type { Table } from 'dexie';
import { ATTENTION_ALERT_STATUSES, EXPIRING_WITHIN_DAYS, attentionItems } from '../../domain/attention';
import type {
  AttentionAlert,
  AttentionBill,
  AttentionContract,
  AttentionItem,
  AttentionOptions,
} from '../../domain/attention';
import { isBillAnomaly } from '../../domain/alerts';
import { daysTillExpire } from '../../domain/contracts';
import { latestTwelveMonths, monthKey } from '../../domain/totals';
import type { AppDb } from '../schema';
import type { BillMonthSummaryRow } from '../billMonthSummaries';
import type { AccountRow, AlertRow, BillRow, ContractRow, LocationRow } from '../rows';

/** Whose items: a company, or one location of it. */
export interface AttentionScope {
  companyId: number;
  locationId?: string;
}

/** Rows by id for the given ids (missing ones left out). */
async function byIds<T extends { id: string }>(
  table: Table<T, string>,
  ids: Iterable<string>,
): Promise<Map<string, T>> {
  const unique = [...new Set(ids)];
  const rows = await table.bulkGet(unique);
  const out = new Map<string, T>();
  for (const row of rows) if (row) out.set(row.id, row);
  return out;
}

/** The bills the attention rule reads of a scope's latest 12 bill months. */
export interface AttentionWindow {
  /** The scope's latest bill month (the window's end); null when it has no bills. */
  latestBillMonth: string | null;
  /** Bills of the window whose invoice is missing (more may be given; the rule keeps the window's). */
  missing: readonly { id: string; billMonth: string; accountId: string; locationId: string }[];
  /** The month of an alert's bill, when the window knows that bill (undefined otherwise). */
  billMonthOf: (alert: Pick<AlertRow, 'billId' | 'billMonth'>) => string | undefined;
}

/** The window of bills already read (a location's, an account's): everything is in memory. */
export function windowOfBills(bills: readonly BillRow[]): AttentionWindow {
  const months = new Map(bills.map((bill) => [bill.id, bill.billMonth]));
  let latest: string | null = null;
  for (const bill of bills) if (latest === null || bill.billMonth > latest) latest = bill.billMonth;
  return {
    latestBillMonth: latest,
    missing: bills.filter((bill) => bill.isInvoiceMissing),
    billMonthOf: (alert) => (alert.billId === null ? undefined : months.get(alert.billId)),
  };
}

/** A company's latest 12 bill months: their summaries (the overviews' figures) and the attention window. */
export interface CompanyWindow {
  /** The 12 months, oldest first ([] without bills). */
  months: string[];
  summaries: BillMonthSummaryRow[];
  attention: AttentionWindow;
}

/**
 * A company's window from its bill month summaries: 12 rows, however many bills. No bill is read: an alert carries
 * its bill's month (reading thousands of alerts' bills was most of a cold overview's time, docs/decisions/cold-start.md).
 */
/**
 * Every bill month summary of a company (one row a month), for totals whose window each service ends at its own
 * latest bill month (src/domain/totals.ts).
 */
export function companySummaries(db: AppDb, companyId: number): Promise<BillMonthSummaryRow[]> {
  return db.billMonthSummaries
    .where('[companyId+billMonth]')
    .between([companyId, Dexie.minKey], [companyId, Dexie.maxKey])
    .toArray();
}

export async function companyWindow(db: AppDb, companyId: number): Promise<CompanyWindow> {
  const latest = await db.billMonthSummaries
    .where('[companyId+billMonth]')
    .between([companyId, Dexie.minKey], [companyId, Dexie.maxKey])
    .last();
  const billMonthOf = (alert: Pick<AlertRow, 'billMonth'>) => alert.billMonth ?? undefined;
  if (!latest)
    return { months: [], summaries: [], attention: { latestBillMonth: null, missing: [], billMonthOf } };
  const months = latestTwelveMonths([latest.billMonth]);
  const summaries = await db.billMonthSummaries
    .where('[companyId+billMonth]')
    .between([companyId, months[0] ?? latest.billMonth], [companyId, latest.billMonth], true, true)
    .toArray();
  const missing = summaries.flatMap((summary) =>
    summary.missing.map((ref) => ({ ...ref, billMonth: summary.billMonth })),
  );
  return { months, summaries, attention: { latestBillMonth: latest.billMonth, missing, billMonthOf } };
}

async function scopeAlerts(db: AppDb, scope: AttentionScope): Promise<AlertRow[]> {
  const wanted = new Set(ATTENTION_ALERT_STATUSES);
  if (scope.locationId !== undefined) {
    const rows = await db.alerts.where('locationId').equals(scope.locationId).toArray();
    return rows.filter((alert) => wanted.has(alert.status));
  }
  const lists = await Promise.all(
    ATTENTION_ALERT_STATUSES.map((status) =>
      db.alerts.where('[companyId+status]').equals([scope.companyId, status]).toArray(),
    ),
  );
  return lists.flat();
}

/** Contract links that may be expiring: only contracts near their end are joined to their locations. */
async function scopeContracts(
  db: AppDb,
  scope: AttentionScope,
  today: string,
): Promise<{ contract: ContractRow; linkId: string; locationId: string }[]> {
  const near = (contract: ContractRow) => {
    const days = daysTillExpire(contract.endDate, today);
    return !contract.isExtended && days > 0 && days < EXPIRING_WITHIN_DAYS;
  };
  if (scope.locationId !== undefined) {
    const links = await db.contractLinkedLocations.where('locationId').equals(scope.locationId).toArray();
    const contracts = await byIds(
      db.contracts,
      links.map((link) => link.contractId),
    );
    return links.flatMap((link) => {
      const contract = contracts.get(link.contractId);
      return contract && near(contract) ? [{ contract, linkId: link.id, locationId: link.locationId }] : [];
    });
  }
  const contracts = (await db.contracts.where('companyId').equals(scope.companyId).toArray()).filter(near);
  if (contracts.length === 0) return [];
  const byId = new Map(contracts.map((contract) => [contract.id, contract]));
  const links = await db.contractLinkedLocations
    .where('contractId')
    .anyOf([...byId.keys()])
    .toArray();
  return links.flatMap((link) => {
    const contract = byId.get(link.contractId);
    return contract ? [{ contract, linkId: link.id, locationId: link.locationId }] : [];
  });
}

/**
 * Attention items of a scope from its window (windowOfBills or companyWindow), reading the alerts and contracts it
 * needs. An alert counts only when its bill is in the window, so only the alerts' bills are looked up.
 */
export async function attentionOfWindow(
  db: AppDb,
  scope: AttentionScope,
  window: AttentionWindow,
  options: AttentionOptions,
): Promise<AttentionItem[]> {
  // Only what can become an item is joined to its account and site: the rule (attentionItems) keeps bills of the
  // latest 12 months and alerts that are anomalies, and the many other open alerts would only cost lookups.
  const months = new Set(window.latestBillMonth === null ? [] : latestTwelveMonths([window.latestBillMonth]));
  const inWindow = (billMonth: string) => months.has(monthKey(billMonth) ?? '');
  const missing = window.missing.filter((bill) => inWindow(bill.billMonth));
  const alerts = (await scopeAlerts(db, scope)).flatMap((alert) => {
    const billMonth = window.billMonthOf(alert);
    return alert.billId !== null && billMonth !== undefined && inWindow(billMonth) && isBillAnomaly(alert)
      ? [{ alert, billId: alert.billId, billMonth }]
      : [];
  });
  const contracts = options.contracts ? await scopeContracts(db, scope, options.today) : [];
  const accounts: Map<string, AccountRow> = await byIds(db.accounts, [
    ...missing.map((bill) => bill.accountId),
    ...alerts.map(({ alert }) => alert.accountId),
  ]);
  const locations: Map<string, LocationRow> = await byIds(db.locations, [
    ...missing.map((bill) => bill.locationId),
    ...alerts.map(({ alert }) => alert.locationId),
    ...contracts.map((link) => link.locationId),
  ]);
  const nameOf = (locationId: string) => locations.get(locationId)?.name ?? '';

  const bills: AttentionBill[] = missing.map((bill) => ({
    billId: bill.id,
    billMonth: bill.billMonth,
    isInvoiceMissing: true,
    accountId: bill.accountId,
    accountNumber: accounts.get(bill.accountId)?.accountNumber ?? '',
    accountServices: accounts.get(bill.accountId)?.services ?? '',
    locationId: bill.locationId,
    locationName: nameOf(bill.locationId),
  }));
  const alertRows: AttentionAlert[] = alerts.map(({ alert, billId, billMonth }) => ({
    alertId: alert.id,
    status: alert.status,
    serviceType: alert.serviceType,
    billId,
    billMonth,
    accountId: alert.accountId,
    accountNumber: accounts.get(alert.accountId)?.accountNumber ?? '',
    locationId: alert.locationId,
    locationName: nameOf(alert.locationId),
    lateFee: alert.lateFee,
    chargeVarianceMoM: alert.chargeVarianceMoM,
    chargeVarianceYoY: alert.chargeVarianceYoY,
    usageVarianceMoM: alert.usageVarianceMoM,
    usageVarianceYoY: alert.usageVarianceYoY,
    variancePercentageChargeMoM: alert.variancePercentageChargeMoM,
    variancePercentageChargeYoY: alert.variancePercentageChargeYoY,
    variancePercentageUsageMoM: alert.variancePercentageUsageMoM,
    variancePercentageUsageYoY: alert.variancePercentageUsageYoY,
  }));
  const contractRows: AttentionContract[] = contracts.map(({ contract, linkId, locationId }) => ({
    linkId,
    contractId: contract.id,
    serviceType: contract.serviceType,
    vendorName: contract.vendorName,
    endDate: contract.endDate,
    isExtended: contract.isExtended,
    locationId,
    locationName: nameOf(locationId),
  }));
  return attentionItems(
    { latestBillMonth: window.latestBillMonth, bills, alerts: alertRows, contracts: contractRows },
    options,
  );
}
