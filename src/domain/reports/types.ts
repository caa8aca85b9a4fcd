// The report engine's shapes (spec 001 §2 Reports, §3 export fields, §7 GET /reporting/report): report types by
// their camelCase id, typed columns, and rows keyed by the spec's export field names. The device's report worker and
// the server run the same report functions over the same rows, so both answer identical rows.

/** Every report type, by the id `GET /reporting/report?reportType=` takes. */
export const REPORT_TYPE_IDS = [
  'billDetail',
  'chargesByMonth',
  'usageByMonth',
  'costPerUnit',
  'yearOverYear',
  'topSites',
  'missingInvoices',
  'emissions',
  'budgetVsActual',
  'contractExpiry',
] as const;

/** A report type id. */
export type ReportTypeId = (typeof REPORT_TYPE_IDS)[number];

/** Whether a text is a report type id. */
export function isReportTypeId(value: string): value is ReportTypeId {
  return (REPORT_TYPE_IDS as readonly string[]).includes(value);
}

/** How a column's values are typed, formatted in the preview and written to the .xlsx (spec 000 §9). */
export type ReportColumnType = 'currency' | 'number' | 'percentage' | 'date' | 'text';

/** One column of a report: its export field name, its title and its type. */
export interface ReportColumn {
  key: string;
  title: string;
  type: ReportColumnType;
}

/** The columns many reports share, with their spec titles (spec 000 §9). */
export const BILL_MONTH_COLUMN: ReportColumn = { key: 'bill_month', title: 'Bill Month', type: 'text' };
export const SERVICE_COLUMN: ReportColumn = { key: 'service', title: 'Service', type: 'text' };

/** A cell: numbers for currency, number and percentage (12.5 is 12.5 %), `YYYY-MM-DD` for dates, else text. */
export type ReportValue = string | number | null;

/** A row, keyed by column key. */
export type ReportRow = Record<string, ReportValue>;

/** A report's answer: its type, title, columns and rows (in the report's own order). */
export interface ReportResult {
  reportType: ReportTypeId;
  title: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** What the rows need said beside them (the weather-normalised figures' basis and gaps); shown and exported. */
  notes?: string[];
}

/** A report function's rows, with the notes they need (ReportResult.notes). */
export interface ReportRun {
  rows: ReportRow[];
  notes: string[];
}

/** What a report type is, for the type picker and the export's title. */
export interface ReportTypeInfo {
  id: ReportTypeId;
  label: string;
  description: string;
}

/** The report types in the order the picker lists them. */
export const REPORT_TYPES: readonly ReportTypeInfo[] = [
  {
    id: 'billDetail',
    label: 'Bill Detail',
    description: 'One row per bill and service: its charges, usage, demand and read dates.',
  },
  {
    id: 'chargesByMonth',
    label: 'Charges by Month',
    description: 'Charges, taxes and fees per month and service.',
  },
  {
    id: 'usageByMonth',
    label: 'Usage by Month',
    description: 'Usage per month and service, in its own unit and in kBtu.',
  },
  {
    id: 'costPerUnit',
    label: 'Cost per Unit',
    description: 'What each unit of usage cost, per month and metered service.',
  },
  {
    id: 'yearOverYear',
    label: 'Year over Year',
    description: 'Each month’s charges and usage beside the same month a year before.',
  },
  {
    id: 'topSites',
    label: 'Top Sites',
    description: 'Sites ranked by spend or by energy use intensity (kBtu/ft²).',
  },
  {
    id: 'missingInvoices',
    label: 'Missing Invoices',
    description: 'Months where a bill was expected for a site, account and service and none arrived.',
  },
  {
    id: 'emissions',
    label: 'Emissions',
    description: 'Greenhouse-gas emissions per bill and service, by scope, in metric tons.',
  },
  {
    id: 'budgetVsActual',
    label: 'Budget vs Actual',
    description: 'Budgeted spend and usage per month beside the actuals from the bills.',
  },
  {
    id: 'contractExpiry',
    label: 'Contract Expiry',
    description: 'Supply contracts with their end dates, days left and expiry status.',
  },
];

/** The display name of a report type ('Bill Detail'), used in 'Generating {type} Report!' and the file name. */
export function reportLabel(id: ReportTypeId): string {
  return REPORT_TYPES.find((type) => type.id === id)?.label ?? id;
}

/** The warning of a report with no rows (spec 000 §8). */
export const NO_DATA_TEXT =
  'No Data Available. It looks like there is no data available for the filters selected. Please check the filters.';

/** What a report says while it runs (spec 000 §8: 'Generating {type} Report!'). */
export function generatingText(id: ReportTypeId): string {
  return `Generating ${reportLabel(id)} Report!`;
}
