// A company's headline figures from the device: the home page and the consultant landing's cards of companies kept
// offline read them in the shape GET /api/companies/{id}/homeChartsData answers (server/src/areas/consultant/homeCharts.ts).
import { Dexie } from 'dexie';
import { fromMilli } from '../../domain/billFigures';
import type { ServiceMonthSums } from '../../domain/billMonthSummary';
import { countContractsDue } from '../../domain/contracts';
import { OPEN_ALERTS, isCountedOpenAlert } from '../../domain/counts';
import type { HomeChartsData, ServiceFigures } from '../../domain/homeCharts';
import { fromCents, toCents } from '../../domain/money';
import { compareServiceTypes } from '../../domain/serviceTypes';
import type { BillMonthSummaryRow } from '../billMonthSummaries';
import type { AppDb } from '../schema';
import { companyWindow } from './attention';

/** The company's open alerts as of `today` (`YYYY-MM-DD`): src/domain/counts.ts's one definition. */
export async function openAlertCount(db: AppDb, companyId: number, today: string): Promise<number> {
  let count = 0;
  for (const status of OPEN_ALERTS.statuses)
    count += await db.alerts
      .where('[companyId+status]')
      .equals([companyId, status])
      .filter((alert) => isCountedOpenAlert(alert, today))
      .count();
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

/** Per service over the window's summaries, in integers (cents, thousandths), as SQL's numeric sums are exact. */
function serviceFigures(summaries: readonly BillMonthSummaryRow[]): ServiceFigures[] {
  const sums = new Map<string, { cents: number; usageMilli: number; unit: string | null }>();
  for (const summary of summaries) {
    for (const [serviceType, month] of Object.entries<ServiceMonthSums>(summary.services)) {
      const into = sums.get(serviceType) ?? { cents: 0, usageMilli: 0, unit: null };
      into.cents += month.cents;
      into.usageMilli += month.usageMilli;
      // The greatest unit, as the server's max() of text.
      for (const unit of Object.keys(month.units))
        if (into.unit === null || unit > into.unit) into.unit = unit;
      sums.set(serviceType, into);
    }
  }
  return [...sums]
    .map(([serviceType, into]) => ({
      serviceType,
      charges: fromCents(into.cents),
      usage: fromMilli(into.usageMilli),
      unit: into.unit,
    }))
    .sort((a, b) => b.charges - a.charges || compareServiceTypes(a.serviceType, b.serviceType));
}

/**
 * A company's headline figures computed on the device: its latest 12 bill months from the bill month summaries
 * (12 rows, however many bills), its counts from indexes. `today` is the local date the contracts' window starts at.
 */
export async function companyHomeCharts(
  db: AppDb,
  companyId: number,
  today: string,
): Promise<HomeChartsData> {
  const [company, window, locationCount, accountCount, openAlerts, contractsDue] = await Promise.all([
    db.companies.get(companyId),
    companyWindow(db, companyId),
    db.locations.where('companyId').equals(companyId).count(),
    db.accounts.where('companyId').equals(companyId).count(),
    openAlertCount(db, companyId, today),
    dueContractCount(db, companyId, today),
  ]);
  const summaries = window.summaries.filter((summary) => summary.billCount > 0);
  const byService = serviceFigures(summaries);
  return {
    companyId,
    name: company?.name ?? '',
    months: window.months,
    totalCharges: fromCents(byService.reduce((cents, service) => cents + toCents(service.charges), 0)),
    byService,
    monthlyCharges: summaries
      .map((summary) => ({
        billMonth: summary.billMonth,
        charges: fromCents(Object.values(summary.services).reduce((cents, month) => cents + month.cents, 0)),
      }))
      .sort((a, b) => a.billMonth.localeCompare(b.billMonth)),
    locationCount,
    accountCount,
    openAlerts,
    contractsDue,
  };
}
