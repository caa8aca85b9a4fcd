// One entry point of the report engine: a report type, a filter and the rows of the companies reported on give the
// report's columns and rows. The device's report worker (workers/reports/) and the server's GET /reporting/report
// call this same function, which is why their rows are identical.
import { BILL_DETAIL_COLUMNS, billDetail } from './billDetail';
import { BUDGET_VS_ACTUAL_COLUMNS, budgetVsActual } from './budgetVsActual';
import { CONTRACT_EXPIRY_COLUMNS, contractExpiry } from './contractExpiry';
import { BILL_REPORT_ENTITIES } from './data';
import type { ReportContext, ReportData, ReportEntity } from './data';
import { EMISSIONS_COLUMNS, emissionsReport } from './emissionsReport';
import type { ReportFilter } from './filter';
import { MISSING_INVOICES_COLUMNS, missingInvoicesReport } from './missingInvoices';
import {
  CHARGES_BY_MONTH_COLUMNS,
  COST_PER_UNIT_COLUMNS,
  USAGE_BY_MONTH_COLUMNS,
  USAGE_NORMALIZED_COLUMN,
  chargesByMonth,
  costPerUnit,
  usageByMonth,
} from './monthly';
import { TOP_SITES_COLUMNS, topSites } from './topSites';
import { reportLabel } from './types';
import type { ReportColumn, ReportResult, ReportRow, ReportRun, ReportTypeId } from './types';
import { YEAR_OVER_YEAR_COLUMNS, YEAR_OVER_YEAR_NORMALIZED_COLUMNS, yearOverYear } from './yearOverYear';

/** A report type's definition: its columns, what it reads and how it computes its rows. */
interface ReportDefinition {
  columns: readonly ReportColumn[];
  reads: readonly ReportEntity[];
  run: (data: ReportData, filter: ReportFilter, context: ReportContext) => ReportRow[] | ReportRun;
  /** The columns the weather-normalised option adds, for the reports that have it. */
  weatherColumns?: readonly ReportColumn[];
}

const BILLS = BILL_REPORT_ENTITIES;

const DEFINITIONS: Readonly<Record<ReportTypeId, ReportDefinition>> = {
  billDetail: { columns: BILL_DETAIL_COLUMNS, reads: BILLS, run: billDetail },
  chargesByMonth: { columns: CHARGES_BY_MONTH_COLUMNS, reads: BILLS, run: chargesByMonth },
  usageByMonth: {
    columns: USAGE_BY_MONTH_COLUMNS,
    reads: BILLS,
    run: usageByMonth,
    weatherColumns: [USAGE_NORMALIZED_COLUMN],
  },
  costPerUnit: { columns: COST_PER_UNIT_COLUMNS, reads: BILLS, run: costPerUnit },
  yearOverYear: {
    columns: YEAR_OVER_YEAR_COLUMNS,
    reads: BILLS,
    run: yearOverYear,
    weatherColumns: YEAR_OVER_YEAR_NORMALIZED_COLUMNS,
  },
  topSites: { columns: TOP_SITES_COLUMNS, reads: BILLS, run: topSites },
  missingInvoices: { columns: MISSING_INVOICES_COLUMNS, reads: BILLS, run: missingInvoicesReport },
  emissions: { columns: EMISSIONS_COLUMNS, reads: BILLS, run: emissionsReport },
  budgetVsActual: {
    columns: BUDGET_VS_ACTUAL_COLUMNS,
    reads: [...BILLS, 'budgets', 'budgetItems'],
    run: budgetVsActual,
  },
  contractExpiry: {
    columns: CONTRACT_EXPIRY_COLUMNS,
    reads: ['locations', 'attributes', 'attributeValues', 'contracts', 'contractLinks'],
    run: (data, filter, context) => contractExpiry(data, filter, context),
  },
};

/** The entities a report type reads, so the device and the server load no more than it needs. */
export function entitiesOf(reportType: ReportTypeId): readonly ReportEntity[] {
  return DEFINITIONS[reportType].reads;
}

/** The columns of a report type. */
export function columnsOf(reportType: ReportTypeId): readonly ReportColumn[] {
  return DEFINITIONS[reportType].columns;
}

/** Whether the company may see a report type: emissions need sustainability access (spec 000 §3). */
export function isReportTypeOpen(
  reportType: ReportTypeId,
  company: { sustainabilityAccess: boolean },
): boolean {
  return reportType !== 'emissions' || company.sustainabilityAccess;
}

/** Whether a report type has the weather-normalised option (usage by month, year over year). */
export function hasWeatherNormalizedOption(reportType: ReportTypeId): boolean {
  return DEFINITIONS[reportType].weatherColumns !== undefined;
}

/** Runs a report: its title, columns and rows, and its notes when it has any. */
export function runReport(
  reportType: ReportTypeId,
  filter: ReportFilter,
  data: ReportData,
  context: ReportContext,
): ReportResult {
  const definition = DEFINITIONS[reportType];
  const ran = definition.run(data, filter, context);
  const { rows, notes } = Array.isArray(ran) ? { rows: ran, notes: [] } : ran;
  const normalizes = filter.weatherNormalized === true && context.stationTemperatures !== undefined;
  return {
    reportType,
    title: `${reportLabel(reportType)} Report`,
    columns: [...definition.columns, ...(normalizes ? (definition.weatherColumns ?? []) : [])],
    rows,
    ...(notes.length > 0 ? { notes } : {}),
  };
}
