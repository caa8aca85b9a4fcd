import { useMemo } from 'react';
import type { AccountRow, BillRow } from '../../db/rows';
import { formatAmount } from '../../domain/format';
import { chargesTable, usageTable } from '../../domain/billFigures';
import type { ChargesRow, UsageRow } from '../../domain/billFigures';
import { formatCurrency } from '../../domain/money';
import { serviceLabel } from '../../domain/serviceTypes';
import { monthLabel } from './format';
import { MissingMark, NotAvailable, PagedTable } from './PagedTable';
import type { TableColumn } from './PagedTable';

/** Props of the charges and usage tables. */
export type LocationTableProps = {
  bills: readonly BillRow[] | undefined;
  accounts: readonly AccountRow[] | undefined;
};

const amount = (value: number | null) => (value === null ? <NotAvailable /> : formatAmount(value));

/** Charges by bill month: total, missing-invoice mark, and an amount per service type. */
export function ChargesTable({ bills }: LocationTableProps) {
  const table = useMemo(() => (bills ? chargesTable(bills) : undefined), [bills]);
  const columns = useMemo<TableColumn<ChargesRow>[]>(
    () => [
      { key: 'month', header: 'Bill Month', render: (row) => monthLabel(row.billMonth) },
      {
        key: 'total',
        header: 'Total Charges',
        isNumeric: true,
        render: (row) => formatCurrency(row.totalCharges),
      },
      {
        key: 'missing',
        header: 'Invoice',
        render: (row) => <MissingMark isMissing={row.isInvoiceMissing} />,
      },
      ...(table?.serviceTypes ?? []).map((serviceType) => ({
        key: serviceType,
        header: serviceLabel(serviceType),
        isNumeric: true,
        render: (row: ChargesRow) => formatCurrency(row.amounts[serviceType] ?? 0),
      })),
    ],
    [table],
  );
  return (
    <PagedTable
      caption="Charges by bill month"
      columns={columns}
      rows={table?.rows}
      getKey={(row) => row.billMonth}
      emptyText="No bills for this location yet."
    />
  );
}

const USAGE_COLUMNS: readonly TableColumn<UsageRow>[] = [
  { key: 'month', header: 'Bill Month', render: (row) => monthLabel(row.billMonth) },
  { key: 'service', header: 'Service', render: (row) => serviceLabel(row.serviceType) },
  { key: 'usage', header: 'Total Usage', isNumeric: true, render: (row) => amount(row.totalUsage) },
  { key: 'unit', header: 'Unit', render: (row) => row.energyUnit ?? <NotAvailable /> },
  { key: 'kva', header: 'Max kVA', isNumeric: true, render: (row) => amount(row.maxKvA) },
  { key: 'kw', header: 'Max kW', isNumeric: true, render: (row) => amount(row.maxkW) },
  { key: 'kvar', header: 'Total kVAR', isNumeric: true, render: (row) => amount(row.totalKvAR) },
  { key: 'missing', header: 'Invoice', render: (row) => <MissingMark isMissing={row.isInvoiceMissing} /> },
];

/** Usage by bill month and service: usage, unit, demand, missing-invoice mark. */
export function UsageTable({ bills, accounts }: LocationTableProps) {
  const rows = useMemo(() => {
    if (!bills || !accounts) return undefined;
    const services = new Map(accounts.map((account) => [account.id, account.services]));
    return usageTable(bills, (accountId) => services.get(accountId));
  }, [bills, accounts]);
  return (
    <PagedTable
      caption="Usage by bill month"
      columns={USAGE_COLUMNS}
      rows={rows}
      getKey={(row) => `${row.billMonth}|${row.serviceType}`}
      emptyText="No metered usage for this location yet."
    />
  );
}
