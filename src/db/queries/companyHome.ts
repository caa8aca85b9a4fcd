import { OPEN_ALERT_STATUSES } from '../../domain/alerts';
import { daysTillExpire } from '../../domain/contracts';
import { summaryTotalsRows } from '../../domain/billMonthSummary';
import type { TotalsRow } from '../../domain/totals';
import type { AppDb } from '../schema';
import { companyWindow } from './attention';

/** A company's figures of its latest 12 bill months, one row per month and service, for `twelveMonthTotals`. */
export async function latestTwelveMonthRows(db: AppDb, companyId: number): Promise<TotalsRow[]> {
  return summaryTotalsRows((await companyWindow(db, companyId)).summaries);
}

/** Counts of open alerts of a company. */
export async function openAlertCount(db: AppDb, companyId: number): Promise<number> {
  let count = 0;
  for (const status of OPEN_ALERT_STATUSES)
    count += await db.alerts.where('[companyId+status]').equals([companyId, status]).count();
  return count;
}

/** Contracts of a company ending within `days` days of `today` (not extended). */
export async function contractsDueWithin(
  db: AppDb,
  companyId: number,
  today: string,
  days: number,
): Promise<number> {
  const contracts = await db.contracts.where('companyId').equals(companyId).toArray();
  return contracts.filter((contract) => {
    if (contract.isExtended) return false;
    const left = daysTillExpire(contract.endDate, today);
    return left >= 0 && left <= days;
  }).length;
}
