// The rules a bill row must meet before it may become a bill: those that govern bills already (spec 001 §3 Bill; dates
// in order; numbers that their columns store, docs/architecture.md §7) with what an import adds (a service the unit
// belongs to). Every message names the file's own column, so the user can find the cell.
import { numberColumnBounds } from '../../requestSchemas';
import type { NumberColumn } from '../../requestSchemas';
import { serviceLabel } from '../../serviceTypes';
import { BILL_FIELD_LABELS, BILL_IMPORT_NUMBER_COLUMNS } from './fields';
import type { BillField, BillLayout } from './fields';
import type { RowError, RowValues } from './rowValues';
import { isUnitOfService, serviceOfUnit } from './units';

const amountFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** Why a number does not fit its column (too large, or more decimals than it keeps); null when it fits. */
export function numberProblem(value: number, column: NumberColumn): string | null {
  const { minimum, maximum } = numberColumnBounds(column);
  if (value > maximum || value < minimum) {
    const limit =
      column.type === 'numeric'
        ? `less than ${amountFormat.format(10 ** (column.precision - column.scale))}`
        : `at most ${amountFormat.format(maximum)}`;
    return `is too large: a bill keeps ${limit} here.`;
  }
  if (column.type === 'numeric') {
    const scaled = value * 10 ** column.scale;
    // A spreadsheet's sums carry binary noise (0.1 + 0.2): only a real further decimal is refused.
    if (Math.abs(scaled - Math.round(scaled)) > 1e-6 * Math.max(1, Math.abs(scaled)) + 1e-6)
      return `has more than ${column.scale} decimals.`;
  }
  return null;
}

function columnOf(values: RowValues, field: BillField): string {
  const header = values.headers[field];
  return header === undefined ? BILL_FIELD_LABELS[field] : `${BILL_FIELD_LABELS[field]} ('${header}')`;
}

const COLUMNS = BILL_IMPORT_NUMBER_COLUMNS;
const AMOUNT_FIELDS: readonly BillField[] = ['totalNewCharges', 'amountDue', 'charges', 'lineAmount'];

/**
 * Checks a read row by the bill rules, completing what the file leaves to them: the service a unit names (kWh →
 * electric) and the bill month of the period's end (or the invoice's month). Returns the errors; the values are
 * completed in place.
 */
export function checkRowValues(
  values: RowValues,
  layout: BillLayout,
  unreadable: ReadonlySet<BillField | 'row'> = new Set(),
): RowError[] {
  const errors: RowError[] = [];
  // A cell that could not be read already has its error: a rule on its field would only say it again.
  const fail = (field: BillField | 'row', message: string) => {
    if (!unreadable.has(field)) errors.push({ row: values.row, field, message });
  };

  if (values.accountNumber === null) fail('accountNumber', `${columnOf(values, 'accountNumber')} is empty.`);
  if (values.vendorName === null) fail('vendorName', `${columnOf(values, 'vendorName')} is empty.`);

  values.billMonth ??= (values.readDateTo ?? values.invoiceDate)?.slice(0, 7) ?? null;
  if (values.readDateFrom !== null && values.readDateTo === null)
    fail('readDateTo', `${columnOf(values, 'readDateTo')} is empty while the read date from is given.`);
  else if (values.billMonth === null)
    fail('billMonth', 'The service period is missing: give the read dates or the bill month.');
  if (values.readDateFrom !== null && values.readDateTo !== null && values.readDateFrom > values.readDateTo)
    fail(
      'readDateFrom',
      `${columnOf(values, 'readDateFrom')} ${values.readDateFrom} is after ${columnOf(values, 'readDateTo')} ${values.readDateTo}.`,
    );
  if (values.invoiceDate !== null && values.dueDate !== null && values.dueDate < values.invoiceDate)
    fail(
      'dueDate',
      `${columnOf(values, 'dueDate')} ${values.dueDate} is before the invoice date ${values.invoiceDate}.`,
    );

  if (values.serviceType === null && values.unit !== null) values.serviceType = serviceOfUnit(values.unit);
  if (values.serviceType === null)
    fail(
      'serviceType',
      'The service is missing: add a service column, or a unit that names it (kWh, therms).',
    );
  if (values.usage !== null && values.unit === null)
    fail(
      'unit',
      `${columnOf(values, 'usage')} has no unit: add a unit column or name the unit in its header (kWh).`,
    );
  if (
    values.serviceType !== null &&
    values.unit !== null &&
    !isUnitOfService(values.serviceType, values.unit)
  )
    fail('unit', `${serviceLabel(values.serviceType)} is not billed in ${values.unit}.`);

  const checkNumber = (field: BillField, value: number | null, column: NumberColumn) => {
    const problem = value === null ? null : numberProblem(value, column);
    if (problem !== null)
      fail(field, `${columnOf(values, field)} ${amountFormat.format(value ?? 0)} ${problem}`);
  };
  checkNumber('usage', values.usage, COLUMNS.billUsages.usageTotal);
  checkNumber('demandKw', values.demandKw, COLUMNS.billUsages.kwMax);
  checkNumber('totalNewCharges', values.totalNewCharges, COLUMNS.bills.totalNewCharges);
  checkNumber('amountDue', values.amountDue, COLUMNS.bills.amountDue);
  for (const charge of values.charges) {
    const problem = numberProblem(charge.amount, COLUMNS.billCharges.amount);
    const name = charge.classification ? `${charge.classification} charges` : 'The charge';
    if (problem !== null) fail(layout === 'linePerRow' ? 'lineAmount' : 'charges', `${name} ${problem}`);
  }

  const isAmountUnread = AMOUNT_FIELDS.some((field) => unreadable.has(field));
  const hasAmount =
    isAmountUnread ||
    values.totalNewCharges !== null ||
    values.amountDue !== null ||
    values.charges.length > 0;
  if (layout === 'billPerRow' && !hasAmount)
    fail('totalNewCharges', 'The bill has no amount: the total, the amount due and every charge are empty.');
  if (layout === 'linePerRow' && !hasAmount && values.usage === null && values.demandKw === null)
    fail('lineAmount', 'The line has neither an amount nor a usage.');
  return errors;
}
