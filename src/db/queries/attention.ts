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
import { daysTillExpire } from '../../domain/contracts';
import { latestTwelveMonths } from '../../domain/totals';
import type { AppDb } from '../schema';
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

/**
 * A company's bills of its latest 12 bill months (through [companyId+billMonth]), and that latest month. Read one
 * month per request: a big company's year is tens of thousands of bills, and the browser copies a request's rows
 * out of IndexedDB in one main-thread task. (Smaller pieces would need offset or cursor reads, which Dexie does
 * row by row, many times slower.)
 */
export async function companyWindowBills(
  db: AppDb,
  companyId: number,
): Promise<{ latestBillMonth: string | null; bills: BillRow[] }> {
  const all = db.bills
    .where('[companyId+billMonth]')
    .between([companyId, Dexie.minKey], [companyId, Dexie.maxKey]);
  const latest = await all.last();
  if (!latest) return { latestBillMonth: null, bills: [] };
  const bills: BillRow[] = [];
  for (const month of latestTwelveMonths([latest.billMonth])) {
    for (const bill of await db.bills.where('[companyId+billMonth]').equals([companyId, month]).toArray())
      bills.push(bill);
  }
  return { latestBillMonth: latest.billMonth, bills };
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
 * Attention items of a scope from bills already read (the scope's bills of at least its latest 12 months, e.g.
 * companyWindowBills or a location's bills), reading the alerts and contracts it needs. An alert counts only when
 * its bill is in the window, so its bill is looked up among the bills given rather than read again.
 */
export async function attentionOfBills(
  db: AppDb,
  scope: AttentionScope,
  window: { latestBillMonth: string | null; bills: readonly BillRow[] },
  options: AttentionOptions,
): Promise<AttentionItem[]> {
  const missing = window.bills.filter((bill) => bill.isInvoiceMissing);
  const billsById = new Map(window.bills.map((bill) => [bill.id, bill]));
  const alerts = (await scopeAlerts(db, scope)).filter(
    (alert) => alert.billId !== null && billsById.has(alert.billId),
  );
  const contracts = options.contracts ? await scopeContracts(db, scope, options.today) : [];
  const accounts: Map<string, AccountRow> = await byIds(db.accounts, [
    ...missing.map((bill) => bill.accountId),
    ...alerts.map((alert) => alert.accountId),
  ]);
  const locations: Map<string, LocationRow> = await byIds(db.locations, [
    ...missing.map((bill) => bill.locationId),
    ...alerts.map((alert) => alert.locationId),
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
  const alertRows: AttentionAlert[] = alerts.flatMap((alert) => {
    const bill = alert.billId ? billsById.get(alert.billId) : undefined;
    if (!bill) return [];
    return [
      {
        alertId: alert.id,
        status: alert.status,
        serviceType: alert.serviceType,
        billId: bill.id,
        billMonth: bill.billMonth,
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
      },
    ];
  });
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

/** A company's attention items (the locations and accounts overviews). */
export async function companyAttention(
  db: AppDb,
  companyId: number,
  options: AttentionOptions,
): Promise<AttentionItem[]> {
  return attentionOfBills(db, { companyId }, await companyWindowBills(db, companyId), options);
}
