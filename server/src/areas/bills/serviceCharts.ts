// The answers of the `total{Spend,Consumption,Tax}ByServiceType` calls: monthly chart rows (the spec's chart
// data: metricMonth, serviceType, isInvoiceMissing, missingServiceTypeMonth, totalCharges, taxesFees) plus the
// window's total per service, so a card and its chart come from one call.
import type { Db } from '../../db/client';
import { serviceTotals } from '../../../../src/domain/billFigures';
import { sumMoney } from '../../../../src/domain/money';
import type { ServiceMonth } from '../../../../src/domain/billFigures';
import { serviceLabel } from '../../../../src/domain/serviceTypes';
import { billWindow, serviceMonths } from './billSeries';
import type { BillScope } from './billSeries';

/** Fields every chart row carries. */
interface ChartRowBase {
  metricMonth: string;
  serviceType: string;
  isInvoiceMissing: boolean;
  /** How many invoices of this service are missing in this month. */
  missingServiceTypeMonth: number;
}

/** The window an answer covers. */
interface WindowFields {
  /** The last month of the window; null when the scope has no bills. */
  endMonth: string | null;
  /** The 12 months of the window, oldest first. */
  months: string[];
  /** The service filter applied, or null for all services. */
  service: string | null;
}

/** `totalSpendByServiceType`. */
export interface SpendAnswer extends WindowFields {
  totalCharges: number;
  byService: { serviceType: string; label: string; totalCharges: number; taxesFees: number }[];
  rows: (ChartRowBase & { totalCharges: number; taxesFees: number })[];
}

/** `totalConsumptionByServiceType`: only services whose bills carry a usage. */
export interface ConsumptionAnswer extends WindowFields {
  byService: { serviceType: string; label: string; totalUsage: number; unit: string | null }[];
  rows: (ChartRowBase & { totalUsage: number | null; unit: string | null })[];
}

/** `totalTaxByServiceType`. */
export interface TaxAnswer extends WindowFields {
  totalTaxesFees: number;
  byService: { serviceType: string; label: string; taxesFees: number }[];
  rows: (ChartRowBase & { taxesFees: number })[];
}

/** What a chart call may narrow: the window's end month and one service. */
export interface ChartFilters {
  endDate?: string | undefined;
  service?: string | undefined;
}

function base(row: ServiceMonth): ChartRowBase {
  return {
    metricMonth: row.billMonth,
    serviceType: row.serviceType,
    isInvoiceMissing: row.missingInvoices > 0,
    missingServiceTypeMonth: row.missingInvoices,
  };
}

/** The window and its service months, read once so several answers can be built from them. */
export interface LoadedMonths {
  window: WindowFields;
  rows: ServiceMonth[];
}

/** Reads the window of a scope and every service month in it. */
export async function loadServiceMonths(
  db: Db,
  scope: BillScope,
  filters: ChartFilters = {},
): Promise<LoadedMonths> {
  const months = await billWindow(db, scope, filters.endDate);
  const service = filters.service ? filters.service : null;
  const rows = await serviceMonths(db, scope, months, service ?? undefined);
  const window: WindowFields = { endMonth: months[months.length - 1] ?? null, months, service };
  return { window, rows };
}

/** Spend per service over the window, and per month. */
export async function spendByService(
  db: Db,
  scope: BillScope,
  filters: ChartFilters = {},
): Promise<SpendAnswer> {
  return spendAnswer(await loadServiceMonths(db, scope, filters));
}

/** The spend answer of loaded months. */
export function spendAnswer({ window, rows }: LoadedMonths): SpendAnswer {
  const totals = serviceTotals(rows);
  return {
    ...window,
    totalCharges: totals.totalCharges,
    byService: totals.byService.map(({ serviceType, totalCharges, taxesFees }) => ({
      serviceType,
      label: serviceLabel(serviceType),
      totalCharges,
      taxesFees,
    })),
    rows: rows.map((row) => ({ ...base(row), totalCharges: row.totalCharges, taxesFees: row.taxesFees })),
  };
}

/** Usage per service over the window, and per month, in each service's display unit. */
export async function consumptionByService(
  db: Db,
  scope: BillScope,
  filters: ChartFilters = {},
): Promise<ConsumptionAnswer> {
  return consumptionAnswer(await loadServiceMonths(db, scope, filters));
}

/** The consumption answer of loaded months. */
export function consumptionAnswer({ window, rows }: LoadedMonths): ConsumptionAnswer {
  const metered = serviceTotals(rows).byService.flatMap(({ serviceType, totalUsage, unit }) =>
    totalUsage === null ? [] : [{ serviceType, label: serviceLabel(serviceType), totalUsage, unit }],
  );
  const units = new Map(metered.map((row) => [row.serviceType, row.unit]));
  return {
    ...window,
    byService: metered,
    // Months whose only news is a missing invoice still show, for services that have usage at all.
    rows: rows.flatMap((row) =>
      units.has(row.serviceType)
        ? [{ ...base(row), totalUsage: row.totalUsage, unit: units.get(row.serviceType) ?? null }]
        : [],
    ),
  };
}

/** Taxes and fees per service over the window, and per month. */
export async function taxByService(db: Db, scope: BillScope, filters: ChartFilters = {}): Promise<TaxAnswer> {
  const { window, rows } = await loadServiceMonths(db, scope, filters);
  const byService = serviceTotals(rows).byService.map(({ serviceType, taxesFees }) => ({
    serviceType,
    label: serviceLabel(serviceType),
    taxesFees,
  }));
  return {
    ...window,
    totalTaxesFees: sumMoney(byService.map((row) => row.taxesFees)),
    byService,
    rows: rows.map((row) => ({ ...base(row), taxesFees: row.taxesFees })),
  };
}
