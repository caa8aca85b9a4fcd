// The AP deliveries grid's columns (spec 001 §3 accountsPayableList, and the invoice and due dates, amount
// and penalty, which the AP file carries). The AP file date is already read as an ISO date by the shared rule.
import type { ApListRow } from '../../domain/accountsPayable';
import type { GridColumnDef } from '../../ui/grid/columns';
import { dateColumn, moneyColumn, textColumn } from '../../ui/grid/columns';

/** Key of the AP grid's saved column choice. */
export const AP_GRID = 'accountsPayable';

/** The AP deliveries grid's columns. */
export const AP_COLUMNS: readonly GridColumnDef<ApListRow>[] = [
  textColumn('vendorName', 'Vendor', 220),
  textColumn('accountNumber', 'Account Number', 170),
  dateColumn('apFileDate', 'AP File Date'),
  dateColumn('invoiceDate', 'Invoice Date'),
  dateColumn('dueDate', 'Due Date'),
  moneyColumn('amount', 'Amount'),
  textColumn('penalty', 'Penalty', 100, (row) => (row.isPenalty ? 'Yes' : 'No')),
  textColumn('serviceGroup', 'Service Group', 150),
];
