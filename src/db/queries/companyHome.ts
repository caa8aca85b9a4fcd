// The client home page's figures; HomePage wraps them in one live query.
import { Dexie } from 'dexie';
import { OPEN_ALERT_STATUSES } from '../../domain/alerts';
import { countContractsDue } from '../../domain/contracts';
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

/** The company's contracts due (countContractsDue, shared with the server's client cards) as of `today`. */
export async function dueContractCount(db: AppDb, companyId: number, today: string): Promise<number> {
  // Only contracts ending today or later can be due: the [companyId+endDate] index skips the ended ones.
  const contracts = await db.contracts
    .where('[companyId+endDate]')
    .between([companyId, today], [companyId, Dexie.maxKey])
    .toArray();
  return countContractsDue(contracts, today);
}
