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
import { TOTALS_WINDOW_MONTHS, addMonths } from '../../domain/totals';
import type { BillMonthSummaryRow } from '../billMonthSummaries';
import type { AppDb } from '../schema';
import { companySummaries, companyWindow } from './attention';

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

/**
 * Per service over its own latest 12 bill months (spec 000 §Home, 001: "the latest 12 months per service type"), in
 * integers (cents, thousandths), as SQL's numeric sums are exact.
 */
function serviceFigures(summaries: readonly BillMonthSummaryRow[]): ServiceFigures[] {
  const lastMonth = new Map<string, string>();
  for (const summary of summaries)
    for (const serviceType of Object.keys(summary.services)) {
      const last = lastMonth.get(serviceType);
      if (last === undefined || summary.billMonth > last) lastMonth.set(serviceType, summary.billMonth);
    }
  const sums = new Map<string, { cents: number; usageMilli: number; unit: string | null }>();
  for (const summary of summaries) {
    for (const [serviceType, month] of Object.entries<ServiceMonthSums>(summary.services)) {
      const last = lastMonth.get(serviceType) ?? summary.billMonth;
      if (summary.billMonth <= addMonths(last, -TOTALS_WINDOW_MONTHS)) continue;
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
  // Every month's summary (one row a month): a service's window ends at its own latest bill month.
  const history = await companySummaries(db, companyId);
  const byService = serviceFigures(history.filter((summary) => summary.billCount > 0));
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
