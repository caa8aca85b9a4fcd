// The columns of the bill tables (src/domain/billTables.ts) that the location and account pages show, and the usage
// table both show whole: one cell per field of the shared model, so both pages write a month, an amount, a date or a
// status the same way.
import type { BillMonthRow, ChargesRow, UsageRow } from '../domain/billTables';
import { monthLabel } from '../domain/dates';
import { formatAmount } from '../domain/format';
import { formatCurrency } from '../domain/money';
import { serviceLabel } from '../domain/serviceTypes';
import { formatDate } from './grid/columns';
import { MissingMark, NotAvailable, PagedTable, StatusPill } from './PagedTable';
import type { TableColumn } from './PagedTable';

const amount = (value: number | null) => (value === null ? <NotAvailable /> : formatAmount(value));
const day = (value: string | null) => (value ? formatDate(value) : <NotAvailable />);

/** The bill month, naming its row. */
export function billMonthColumn<Row extends { billMonth: string }>(): TableColumn<Row> {
  return {
    key: 'month',
    header: 'Bill Month',
    isRowHeader: true,
    render: (row) => monthLabel(row.billMonth),
  };
}

/** The missing-invoice mark. */
export function invoiceColumn<Row extends { isInvoiceMissing: boolean }>(): TableColumn<Row> {
  return {
    key: 'invoice',
    header: 'Invoice',
    render: (row) => <MissingMark isMissing={row.isInvoiceMissing} />,
  };
}

/** One column per service type, in the order given: the row's charges for it, N/A where it has none. */
export function serviceAmountColumns<Row extends { amounts: Readonly<Record<string, number>> }>(
  serviceTypes: readonly string[],
): TableColumn<Row>[] {
  return serviceTypes.map((serviceType) => ({
    key: `service-${serviceType}`,
    header: serviceLabel(serviceType),
    isNumeric: true,
    render: (row) => {
      const value = row.amounts[serviceType];
      return value === undefined ? <NotAvailable /> : formatCurrency(value);
    },
  }));
}

/** The location charges table: month, total, missing mark, then an amount per service type. */
export function chargesColumns(serviceTypes: readonly string[]): TableColumn<ChargesRow>[] {
  return [
    billMonthColumn(),
    {
      key: 'total',
      header: 'Total Charges',
      isNumeric: true,
      render: (row) => formatCurrency(row.totalCharges),
    },
    invoiceColumn(),
    ...serviceAmountColumns<ChargesRow>(serviceTypes),
  ];
}

const USAGE_COLUMNS: readonly TableColumn<UsageRow>[] = [
  billMonthColumn(),
  { key: 'service', header: 'Service', render: (row) => serviceLabel(row.serviceType) },
  { key: 'usage', header: 'Total Usage', isNumeric: true, render: (row) => amount(row.totalUsage) },
  { key: 'unit', header: 'Unit', render: (row) => row.energyUnit ?? <NotAvailable /> },
  { key: 'kva', header: 'Max kVA', isNumeric: true, render: (row) => amount(row.maxKvA) },
  { key: 'kw', header: 'Max kW', isNumeric: true, render: (row) => amount(row.maxkW) },
  { key: 'kvar', header: 'Total kVAR', isNumeric: true, render: (row) => amount(row.totalKvAR) },
  invoiceColumn(),
];

/** The usage table (usageTable's rows), the same on the location and the account pages; undefined rows: loading. */
export function UsageRowsTable({
  rows,
  emptyText,
}: {
  rows: readonly UsageRow[] | undefined;
  emptyText: string;
}) {
  return (
    <PagedTable
      caption="Usage by bill month"
      columns={USAGE_COLUMNS}
      rows={rows}
      getKey={(row) => `${row.billMonth}|${row.serviceType}`}
      emptyText={emptyText}
      isRowFlagged={(row) => row.isInvoiceMissing}
    />
  );
}

/** The columns a bill row offers; a page lists the ones it shows, in its order. */
export const BILL_COLUMNS = {
  billMonth: billMonthColumn<BillMonthRow>(),
  invoiceDate: { key: 'invoice-date', header: 'Invoice Date', render: (row) => day(row.invoiceDate) },
  dueDate: { key: 'due-date', header: 'Due Date', render: (row) => day(row.dueDate) },
  // A missing invoice has no figures of its own yet.
  totalCharges: {
    key: 'total',
    header: 'Total Charges',
    isNumeric: true,
    render: (row) => (row.isInvoiceMissing ? <NotAvailable /> : formatCurrency(row.totalCharges)),
  },
  amountDue: {
    key: 'amount-due',
    header: 'Amount Due',
    isNumeric: true,
    render: (row) => (row.isInvoiceMissing ? <NotAvailable /> : formatCurrency(row.amountDue)),
  },
  status: { key: 'status', header: 'Status', render: (row) => <StatusPill status={row.status} /> },
  statusDate: { key: 'status-date', header: 'Status Date', render: (row) => day(row.statusDate) },
  invoice: invoiceColumn<BillMonthRow>(),
} satisfies Record<string, TableColumn<BillMonthRow>>;
