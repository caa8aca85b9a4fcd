// Budget vs actual: each budget month within the filter's range, its planned spend and usage beside the actuals
// from the bills (src/domain/budgets.ts budgetActuals), and the variance.
import { budgetActuals } from '../budgets';
import { fromCents, toCents } from '../money';
import { serviceLabel } from '../serviceTypes';
import type { ReportData } from './data';
import type { ReportFilter } from './filter';
import { compareText, inRange, keptLocations } from './select';
import { BILL_MONTH_COLUMN, SERVICE_COLUMN } from './types';
import type { ReportColumn, ReportRow } from './types';
import { percentChange } from './yearOverYear';

/** Columns of the budget vs actual report. */
export const BUDGET_VS_ACTUAL_COLUMNS: readonly ReportColumn[] = [
  { key: 'site_number', title: 'Site Number', type: 'text' },
  { key: 'site_name', title: 'Site Name', type: 'text' },
  SERVICE_COLUMN,
  BILL_MONTH_COLUMN,
  { key: 'budget_spend', title: 'Budget Spend', type: 'currency' },
  { key: 'actual_spend', title: 'Actual Spend', type: 'currency' },
  { key: 'spend_variance', title: 'Spend Variance', type: 'currency' },
  { key: 'spend_variance_pct', title: 'Spend Variance %', type: 'percentage' },
  { key: 'budget_usage', title: 'Budget Usage', type: 'number' },
  { key: 'actual_usage', title: 'Actual Usage', type: 'number' },
  { key: 'usage_variance_pct', title: 'Usage Variance %', type: 'percentage' },
  { key: 'unit', title: 'Unit', type: 'text' },
];

/** The name a company-wide budget shows where a site's would be. */
export const ALL_SITES = 'All Sites';

function group<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Every budget month of the kept budgets within the range, by site, service and month. */
export function budgetVsActual(data: ReportData, filter: ReportFilter): ReportRow[] {
  const kept = keptLocations(data, filter);
  const filtersSites = Boolean(
    filter.states ?? filter.locationIds ?? filter.locationTypes ?? filter.attributes,
  );
  const companies = filter.companyIds ? new Set(filter.companyIds) : null;
  const services = filter.serviceTypes ? new Set(filter.serviceTypes) : null;
  const locations = new Map(data.locations.map((location) => [location.id, location]));
  const billsBySite = group(data.bills, (bill) => bill.locationId);
  const billsByCompany = group(data.bills, (bill) => String(bill.companyId));
  const itemsOf = group(data.budgetItems, (item) => item.budgetId);
  const rows: { key: string; row: ReportRow }[] = [];
  for (const budget of data.budgets) {
    if (companies && !companies.has(budget.companyId)) continue;
    if (services && !services.has(budget.serviceType)) continue;
    if (budget.locationId === null ? filtersSites : !kept.has(budget.locationId)) continue;
    const items = (itemsOf.get(budget.id) ?? []).filter((item) => inRange(item.month, filter));
    if (items.length === 0) continue;
    const bills =
      budget.locationId === null
        ? (billsByCompany.get(String(budget.companyId)) ?? [])
        : (billsBySite.get(budget.locationId) ?? []);
    const actuals = budgetActuals(
      bills,
      budget.serviceType,
      budget.unit,
      items.map((item) => item.month),
    );
    const location = budget.locationId === null ? undefined : locations.get(budget.locationId);
    for (const item of items) {
      const actual = actuals.get(item.month);
      const budgetCents = toCents(item.budgetSpendAmount);
      const actualCents = toCents(actual?.spend ?? 0);
      const actualUsage = actual?.usage ?? 0;
      rows.push({
        key: `${location ? `${location.siteNumber ?? ''}|${location.name}` : ''}|${budget.companyId}|${budget.serviceType}|${item.month}|${budget.id}`,
        row: {
          site_number: location?.siteNumber ?? null,
          site_name: location?.name ?? ALL_SITES,
          service: serviceLabel(budget.serviceType),
          bill_month: item.month,
          budget_spend: fromCents(budgetCents),
          actual_spend: fromCents(actualCents),
          spend_variance: fromCents(actualCents - budgetCents),
          spend_variance_pct: percentChange(actualCents, budgetCents),
          budget_usage: item.budgetUsageAmount,
          actual_usage: actualUsage,
          usage_variance_pct: percentChange(actualUsage, item.budgetUsageAmount),
          unit: budget.unit,
        },
      });
    }
  }
  return rows.sort((a, b) => compareText(a.key, b.key)).map((entry) => entry.row);
}
