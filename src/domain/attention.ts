// Attention items of the locations and accounts overviews and of a single location (docs/architecture.md §14): missing
// invoices and bill anomalies in the latest 12 bill months, and contracts about to expire. One rule for the
// server (SQL gathers the rows) and the offline client (Dexie gathers them), so both list the same items.
import { OPEN_ALERT_STATUSES, isBillAnomaly } from './alerts';
import type { BillVariances } from './alerts';
import { daysTillExpire } from './contracts';
import { monthLabel } from './dates';
import { serviceLabel } from './serviceTypes';
import { latestTwelveMonths, monthKey } from './totals';

/** Kinds of attention item, in the order the overview lists them. */
export type AttentionType = 'missingInvoice' | 'billAnomaly' | 'contractExpiring';

/** One thing that needs a look; fields that do not apply to the kind are null. */
export interface AttentionItem {
  /** Stable key of the item (kind and the id of its bill, alert or contract link). */
  id: string;
  type: AttentionType;
  locationId: string;
  locationName: string;
  accountId: string | null;
  accountNumber: string | null;
  billId: string | null;
  alertId: string | null;
  contractId: string | null;
  billMonth: string | null;
  serviceType: string | null;
  daysTillExpire: number | null;
  text: string;
}

/** A bill that may be a missing invoice, with its account and location. */
export interface AttentionBill {
  billId: string;
  billMonth: string;
  isInvoiceMissing: boolean;
  accountId: string;
  accountNumber: string;
  /** The account's comma list of services: a missing invoice has no summary of its own. */
  accountServices: string;
  locationId: string;
  locationName: string;
}

/** An alert with the figures the anomaly rule reads and the month of its bill. */
export interface AttentionAlert extends BillVariances {
  alertId: string;
  status: string;
  serviceType: string;
  billId: string;
  billMonth: string;
  accountId: string;
  accountNumber: string;
  locationId: string;
  locationName: string;
}

/** A contract at one of its linked locations. */
export interface AttentionContract {
  /** The contract-location link: a contract at three sites is three items. */
  linkId: string;
  contractId: string;
  serviceType: string;
  vendorName: string;
  endDate: string;
  isExtended: boolean;
  locationId: string;
  locationName: string;
}

/** What the rule reads; rows outside the window or not matching are skipped, so callers may over-fetch. */
export interface AttentionInput {
  /** The scope's latest bill month (the window's end); null when it has no bills. */
  latestBillMonth: string | null;
  bills: readonly AttentionBill[];
  alerts: readonly AttentionAlert[];
  contracts: readonly AttentionContract[];
}

/** Who asks and when: `contracts` is false for callers who may not see contracts (limited clients). */
export interface AttentionOptions {
  contracts: boolean;
  /** `YYYY-MM-DD`, the reference day for days left. */
  today: string;
}

/** Contracts show while they have fewer than this many days left: the '< 30' and '< 90 Days Remaining' statuses. */
export const EXPIRING_WITHIN_DAYS = 90;

/** The alerts an attention list looks at: the open ones. */
export const ATTENTION_ALERT_STATUSES: readonly string[] = OPEN_ALERT_STATUSES;

/** Why a bill is an anomaly, in the words of the rule (second spec document §4). */
export function anomalyReason(v: BillVariances): string {
  if ((v.lateFee ?? 0) > 0) return 'late fee';
  const percentages = [
    v.variancePercentageChargeMoM,
    v.variancePercentageChargeYoY,
    v.variancePercentageUsageMoM,
    v.variancePercentageUsageYoY,
  ];
  return percentages.some((p) => (p ?? 0) > 100) ? 'variance over 100 %' : 'several variances';
}

// Code-unit order, not locale order: the server and every browser must sort the same way.
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The order of bill items: newest month first, then by location and account, then by `id` (stable). */
function billItemOrder(
  a: { billMonth: string; locationName: string; accountNumber: string },
  b: { billMonth: string; locationName: string; accountNumber: string },
  idA: string,
  idB: string,
): number {
  return (
    compare(b.billMonth, a.billMonth) ||
    compare(a.locationName, b.locationName) ||
    compare(a.accountNumber, b.accountNumber) ||
    compare(idA, idB)
  );
}

function firstService(list: string): string | null {
  const first = list.split(',')[0]?.trim();
  return first ? first : null;
}

/** 'Electricity account 123' (or 'account 123' without a service); the spec words no attention item's text. */
function accountText(serviceType: string | null, accountNumber: string): string {
  return serviceType ? `${serviceLabel(serviceType)} account ${accountNumber}` : `account ${accountNumber}`;
}

const none = { accountId: null, accountNumber: null, billId: null, alertId: null, contractId: null };

/** Missing invoices of the window, newest month first, then by location and account. */
function missingInvoices(bills: readonly AttentionBill[], window: ReadonlySet<string>): AttentionItem[] {
  return bills
    .filter((bill) => bill.isInvoiceMissing && window.has(monthKey(bill.billMonth) ?? ''))
    .sort((a, b) => billItemOrder(a, b, a.billId, b.billId))
    .map((bill) => {
      const serviceType = firstService(bill.accountServices);
      return {
        id: `missingInvoice:${bill.billId}`,
        type: 'missingInvoice',
        ...none,
        locationId: bill.locationId,
        locationName: bill.locationName,
        accountId: bill.accountId,
        accountNumber: bill.accountNumber,
        billId: bill.billId,
        billMonth: bill.billMonth,
        serviceType,
        daysTillExpire: null,
        text: `Missing invoice: ${accountText(serviceType, bill.accountNumber)} at ${bill.locationName}, ${monthLabel(bill.billMonth)}`,
      };
    });
}

/** Open alerts of the window whose figures pass `isBillAnomaly`, in the same order as missing invoices. */
function billAnomalies(alerts: readonly AttentionAlert[], window: ReadonlySet<string>): AttentionItem[] {
  return alerts
    .filter(
      (alert) =>
        ATTENTION_ALERT_STATUSES.includes(alert.status) &&
        window.has(monthKey(alert.billMonth) ?? '') &&
        isBillAnomaly(alert),
    )
    .sort((a, b) => billItemOrder(a, b, a.alertId, b.alertId))
    .map((alert) => ({
      id: `billAnomaly:${alert.alertId}`,
      type: 'billAnomaly',
      ...none,
      locationId: alert.locationId,
      locationName: alert.locationName,
      accountId: alert.accountId,
      accountNumber: alert.accountNumber,
      billId: alert.billId,
      alertId: alert.alertId,
      billMonth: alert.billMonth,
      serviceType: alert.serviceType,
      daysTillExpire: null,
      text: `Bill anomaly (${anomalyReason(alert)}): ${accountText(alert.serviceType, alert.accountNumber)} at ${alert.locationName}, ${monthLabel(alert.billMonth)}`,
    }));
}

/** Contracts not extended that end after today and within EXPIRING_WITHIN_DAYS days, soonest first. */
function expiringContracts(contracts: readonly AttentionContract[], today: string): AttentionItem[] {
  return contracts
    .map((contract) => ({ contract, days: daysTillExpire(contract.endDate, today) }))
    .filter(({ contract, days }) => !contract.isExtended && days > 0 && days < EXPIRING_WITHIN_DAYS)
    .sort(
      (a, b) =>
        compare(a.contract.endDate, b.contract.endDate) ||
        compare(a.contract.locationName, b.contract.locationName) ||
        compare(a.contract.linkId, b.contract.linkId),
    )
    .map(({ contract, days }) => ({
      id: `contractExpiring:${contract.linkId}`,
      type: 'contractExpiring',
      ...none,
      locationId: contract.locationId,
      locationName: contract.locationName,
      contractId: contract.contractId,
      billMonth: null,
      serviceType: contract.serviceType,
      daysTillExpire: days,
      text: `${serviceLabel(contract.serviceType)} contract with ${contract.vendorName} at ${contract.locationName} expires in ${days} day${days === 1 ? '' : 's'} (${contract.endDate})`,
    }));
}

/**
 * The attention items of a scope (a company or one location): missing invoices, then bill anomalies, of the 12
 * bill months ending with the scope's latest, then expiring contracts unless the caller may not see contracts.
 */
export function attentionItems(input: AttentionInput, options: AttentionOptions): AttentionItem[] {
  const window = new Set(input.latestBillMonth === null ? [] : latestTwelveMonths([input.latestBillMonth]));
  return [
    ...missingInvoices(input.bills, window),
    ...billAnomalies(input.alerts, window),
    ...(options.contracts ? expiringContracts(input.contracts, options.today) : []),
  ];
}
