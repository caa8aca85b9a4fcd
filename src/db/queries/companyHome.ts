import { Dexie } from 'dexie';
import { daysTillExpire } from '../../domain/contracts';
import { addMonths } from '../../domain/totals';
import type { TotalsRow } from '../../domain/totals';
import type { AppDb } from '../schema';

/** Statuses that still need attention (not closed, not "good"). */
export const OPEN_ALERT_STATUSES = ['open', 'pending', 'pending - client input'] as const;

/**
 * A company's bill rows of the latest 12 bill months, flattened per service for `twelveMonthTotals`.
 * Reads only that window through the [companyId+billMonth] index, so it stays fast for big companies.
 */
export async function latestTwelveMonthRows(db: AppDb, companyId: number): Promise<TotalsRow[]> {
  const range = db.bills.where('[companyId+billMonth]').between([companyId, Dexie.minKey], [companyId, Dexie.maxKey]);
  const latest = await range.last();
  if (!latest) return [];
  const from = addMonths(latest.billMonth, -11);
  const bills = await db.bills.where('[companyId+billMonth]').between([companyId, from], [companyId, latest.billMonth], true, true).toArray();
  return bills.flatMap((bill) =>
    bill.services.map((service) => ({
      billMonth: bill.billMonth,
      serviceType: service.serviceType,
      totalCharges: service.charges,
      totalUsage: service.usage ?? 0,
    })),
  );
}

/** Counts of open alerts of a company. */
export async function openAlertCount(db: AppDb, companyId: number): Promise<number> {
  let count = 0;
  for (const status of OPEN_ALERT_STATUSES) count += await db.alerts.where('[companyId+status]').equals([companyId, status]).count();
  return count;
}

/** Contracts of a company ending within `days` days of `today` (not extended). */
export async function contractsDueWithin(db: AppDb, companyId: number, today: string, days: number): Promise<number> {
  const contracts = await db.contracts.where('companyId').equals(companyId).toArray();
  return contracts.filter((contract) => {
    if (contract.isExtended) return false;
    const left = daysTillExpire(contract.endDate, today);
    return left >= 0 && left <= days;
  }).length;
}
