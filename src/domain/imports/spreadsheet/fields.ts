// The bill fields a spreadsheet column can hold (spec 001 §3 Bill, Bill charges, Bill usage, with the account and site
// they belong to), what a column's mapping says about it, and the numbers' columns. Pure: shared by the worker that
// prepares an import on the device and the server that applies it.
import { numericColumn } from '../../requestSchemas';
import type { NumberColumn } from '../../requestSchemas';

/** A bill field a column can hold. */
export type BillField =
  | 'accountNumber'
  | 'vendorName'
  | 'serviceType'
  | 'meterNumber'
  | 'tariff'
  | 'siteNumber'
  | 'siteName'
  | 'invoiceNumber'
  | 'readDateFrom'
  | 'readDateTo'
  | 'invoiceDate'
  | 'dueDate'
  | 'billMonth'
  | 'usage'
  | 'unit'
  | 'demandKw'
  | 'totalNewCharges'
  | 'amountDue'
  // A column of charges of one classification ('Delivery Charges'): its target names the classification.
  | 'charges'
  // A bill line per row: the line's amount, classification and description.
  | 'lineAmount'
  | 'lineClassification'
  | 'lineDescription';

/** What a column holds: a field, with the classification of a charges column and the unit a usage column names. */
export interface ColumnTarget {
  field: BillField;
  classification?: string;
  unit?: string;
}

/** A bill per row (charges side by side), or a bill line per row grouped into bills by account, vendor and period. */
export type BillLayout = 'billPerRow' | 'linePerRow';

/** Fields as a person names them, in error messages and the mapping step. */
export const BILL_FIELD_LABELS: Readonly<Record<BillField, string>> = {
  accountNumber: 'Account number',
  vendorName: 'Vendor',
  serviceType: 'Service',
  meterNumber: 'Meter number',
  tariff: 'Tariff',
  siteNumber: 'Site number',
  siteName: 'Site name',
  invoiceNumber: 'Invoice number',
  readDateFrom: 'Read date from',
  readDateTo: 'Read date to',
  invoiceDate: 'Invoice date',
  dueDate: 'Due date',
  billMonth: 'Bill month',
  usage: 'Usage',
  unit: 'Unit',
  demandKw: 'Demand (kW)',
  totalNewCharges: 'Total charges',
  amountDue: 'Amount due',
  charges: 'Charges',
  lineAmount: 'Line amount',
  lineClassification: 'Charge classification',
  lineDescription: 'Line description',
};

/** A column's label: the field's, or the classification's for a charges column ('Delivery charges'). */
export function targetLabel(target: ColumnTarget): string {
  return target.field === 'charges' && target.classification
    ? `${target.classification} charges`
    : BILL_FIELD_LABELS[target.field];
}

/**
 * What a file must map for its rows to become bills (spec 001 §3 Bill: an account's bill from a vendor for a bill
 * month, with its charges); each requirement is met by any one of its fields.
 */
export const REQUIRED_BILL_FIELDS: readonly { label: string; anyOf: readonly BillField[] }[] = [
  { label: 'Account number', anyOf: ['accountNumber'] },
  { label: 'Vendor', anyOf: ['vendorName'] },
  { label: 'Service period (read date to or bill month)', anyOf: ['readDateTo', 'billMonth'] },
  {
    label: 'Amount (total, amount due or charges)',
    anyOf: ['totalNewCharges', 'amountDue', 'charges', 'lineAmount'],
  },
];

/**
 * The charge classifications of the bills the product keeps (the demo's tariffs use these, server/src/seed/tariffs.ts),
 * with the words spreadsheets name them by. A column or line whose words match none keeps its own text.
 */
export const CHARGE_CLASSIFICATION_WORDS: readonly { classification: string; words: readonly string[] }[] = [
  {
    classification: 'Customer Charge',
    words: [
      'customer',
      'basic',
      'basic service',
      'service',
      'meter',
      'account',
      'fixed',
      'monthly',
      'facilities',
    ],
  },
  {
    classification: 'Energy',
    words: [
      'energy',
      'supply',
      'generation',
      'commodity',
      'electric supply',
      'gas supply',
      'fuel',
      'fuel adjustment',
    ],
  },
  {
    classification: 'Delivery',
    words: ['delivery', 'distribution', 'transmission', 'transport', 'transportation', 'tdsp', 'wires'],
  },
  { classification: 'Demand', words: ['demand', 'kw', 'capacity'] },
  { classification: 'Usage', words: ['usage', 'consumption', 'volumetric', 'volume'] },
  {
    classification: 'Taxes & Fees',
    words: ['tax', 'taxes', 'taxes and fees', 'taxes fees', 'sales tax', 'fees', 'surcharge', 'surcharges'],
  },
  {
    classification: 'Late Fee',
    words: ['late', 'late fee', 'late payment', 'penalty', 'late payment penalty'],
  },
  {
    classification: 'Other',
    words: ['other', 'misc', 'miscellaneous', 'adjustment', 'adjustments', 'credits'],
  },
];

/** The classification the bill's late fee is the sum of (spec 001 §3 Bill lateFee). */
export const LATE_FEE_CLASSIFICATION = 'Late Fee';
/** The classification the bill's taxes and fees are the sum of (spec 001 §3 Bill taxesFees). */
export const TAXES_CLASSIFICATION = 'Taxes & Fees';

/**
 * The number columns an imported bill fills, by table and column as server/src/db/schema/bills.ts names them (named as
 * src/domain/writeBodies.ts WRITE_NUMBER_COLUMNS names its own), so a value is checked against what its column stores:
 * money numeric(14,2), usage numeric(16,3).
 */
export const BILL_IMPORT_NUMBER_COLUMNS = {
  bills: { totalNewCharges: numericColumn(14, 2), amountDue: numericColumn(14, 2) },
  billCharges: { amount: numericColumn(14, 2) },
  billUsages: { usageTotal: numericColumn(16, 3), kwMax: numericColumn(16, 3) },
} as const satisfies Record<string, Record<string, NumberColumn>>;
