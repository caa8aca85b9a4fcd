// The AP deliveries grid's columns (spec 001 §3 accountsPayableList, and the invoice and due dates, amount
// and penalty, which the AP file carries). The AP file date is already read as an ISO date by the shared rule.
import type { ApListRow } from '../../domain/accountsPayable';
import type { GridColumnDef } from '../../ui/grid/columns';

/** Key of the AP grid's saved column choice. */
export const AP_GRID = 'accountsPayable';

/** The AP deliveries grid's columns. */
export const AP_COLUMNS: readonly GridColumnDef<ApListRow>[] = [
  { id: 'vendorName', title: 'Vendor', kind: 'text', width: 220, value: (row) => row.vendorName },
  {
    id: 'accountNumber',
    title: 'Account Number',
    kind: 'text',
    width: 170,
    value: (row) => row.accountNumber,
  },
  { id: 'apFileDate', title: 'AP File Date', kind: 'date', value: (row) => row.apFileDate },
  { id: 'invoiceDate', title: 'Invoice Date', kind: 'date', value: (row) => row.invoiceDate },
  { id: 'dueDate', title: 'Due Date', kind: 'date', value: (row) => row.dueDate },
  { id: 'amount', title: 'Amount', kind: 'currency', value: (row) => row.amount },
  {
    id: 'penalty',
    title: 'Penalty',
    kind: 'text',
    width: 100,
    value: (row) => (row.isPenalty ? 'Yes' : 'No'),
  },
  { id: 'serviceGroup', title: 'Service Group', kind: 'text', width: 150, value: (row) => row.serviceGroup },
];
