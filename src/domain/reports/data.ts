// The rows a report reads: the synced entities' fields the reports need. The device's local rows and the server's
// database rows both have these fields (the local rows are the server's rows as the change feed sends them), so one
// set of report functions serves both.
import type { AuditBill } from '../billAudits';
import type { StationTemperatures } from './weatherNormalized';

/** A company reported on (a parent reports over its business units). */
export interface ReportCompany {
  id: number;
  name: string;
}

/** A site. */
export interface ReportLocation {
  id: string;
  companyId: number;
  name: string;
  siteNumber: string | null;
  city: string;
  state: string;
  zip: string;
  sqft: number | null;
  siteType: string | null;
}

/** A utility account. */
export interface ReportAccount {
  id: string;
  companyId: number;
  locationId: string;
  vendorId: string;
  vendorName: string;
  accountNumber: string;
  serviceZip: string | null;
  services: string;
}

/** A meter of an account. */
export interface ReportMeter {
  id: string;
  accountId: string;
  meterNumber: string;
}

/** A bill as the audits read it (its per-service summary, charges and dates), and where it belongs. */
export interface ReportBill extends AuditBill {
  companyId: number;
  accountId: string;
  locationId: string;
  vendorId: string;
  vendorName: string;
}

/** A company-defined site attribute. */
export interface ReportAttribute {
  id: string;
  companyId: number;
  attributeName: string;
}

/** A site's value of one attribute. */
export interface ReportAttributeValue {
  locationId: string;
  attributeId: string;
  value: string;
}

/** A supply contract. */
export interface ReportContract {
  id: string;
  companyId: number;
  serviceType: string;
  vendorName: string;
  vendorId: string | null;
  startDate: string;
  endDate: string;
  termMonth: number | null;
  contractRate: number | null;
  contractAnnualUsage: number | null;
  isExtended: boolean;
  consultantName: string | null;
}

/** A site a contract covers. */
export interface ReportContractLink {
  contractId: string;
  locationId: string;
}

/** A budget of one service over a run of months, for a site or (no site) the whole company. */
export interface ReportBudget {
  id: string;
  companyId: number;
  locationId: string | null;
  serviceType: string;
  unit: string;
}

/** One month of a budget. */
export interface ReportBudgetItem {
  budgetId: string;
  month: string;
  budgetSpendAmount: number;
  budgetUsageAmount: number;
}

/** Everything a report may read, for the companies reported on. */
export interface ReportData {
  companies: readonly ReportCompany[];
  locations: readonly ReportLocation[];
  accounts: readonly ReportAccount[];
  meters: readonly ReportMeter[];
  bills: readonly ReportBill[];
  attributes: readonly ReportAttribute[];
  attributeValues: readonly ReportAttributeValue[];
  contracts: readonly ReportContract[];
  contractLinks: readonly ReportContractLink[];
  budgets: readonly ReportBudget[];
  budgetItems: readonly ReportBudgetItem[];
}

/** The run's context: today's date, from which contracts count their days left. */
export interface ReportContext {
  /** `YYYY-MM-DD`. */
  today: string;
  /**
   * The temperatures the run may normalise usage with (companies with weather normalisation only): the bundled
   * stations' on the device, with NOAA's cached days on the server. Absent: no weather-normalised figures.
   */
  stationTemperatures?: StationTemperatures;
}

/** Which entities a report type reads, so the device and the server load only those. */
export type ReportEntity = keyof Omit<ReportData, 'companies'>;

/** What a report of bills reads: the bills and what its filter selects them by. */
export const BILL_REPORT_ENTITIES: readonly ReportEntity[] = [
  'locations',
  'accounts',
  'meters',
  'bills',
  'attributes',
  'attributeValues',
];

/** Every entity a report may read (the filter choices read them all). */
export const ALL_REPORT_ENTITIES: readonly ReportEntity[] = [
  ...BILL_REPORT_ENTITIES,
  'contracts',
  'contractLinks',
  'budgets',
  'budgetItems',
];
