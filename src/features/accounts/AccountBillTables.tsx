import { useMemo } from 'react';
import type { BillRow } from '../../db/rows';
import { billMonthRows, usageTable } from '../../domain/billTables';
import type { BillMonthRow } from '../../domain/billTables';
import { BILL_COLUMNS, UsageRowsTable, serviceAmountColumns } from '../../ui/billTableColumns';
import { PagedTable } from '../../ui/PagedTable';
import type { TableColumn } from '../../ui/PagedTable';
import { Tabs } from '../../ui/Tabs';

/**
 * The account's bills as two tabs of the shared paged table: one row per bill with its dates, charges per service,
 * amount due and status (the status date once cleared), and the usage table by bill month, newest first.
 */
export function AccountBillTables({ bills, services }: { bills: readonly BillRow[]; services: string }) {
  const charges = useMemo(() => billMonthRows(bills), [bills]);
  const usage = useMemo(() => usageTable(bills, () => services), [bills, services]);
  const columns = useMemo<TableColumn<BillMonthRow>[]>(
    () => [
      BILL_COLUMNS.billMonth,
      BILL_COLUMNS.invoiceDate,
      BILL_COLUMNS.dueDate,
      BILL_COLUMNS.totalCharges,
      ...serviceAmountColumns<BillMonthRow>(charges.serviceTypes),
      BILL_COLUMNS.amountDue,
      BILL_COLUMNS.status,
      BILL_COLUMNS.statusDate,
      BILL_COLUMNS.invoice,
    ],
    [charges],
  );
  return (
    <section className="panel" aria-labelledby="account-bills">
      <h2 id="account-bills" className="panel__title">
        Bills
      </h2>
      <Tabs
        label="Bill tables"
        items={[
          {
            id: 'charges',
            label: `Charges (${charges.rows.length})`,
            content: (
              <PagedTable
                caption="Charges per bill"
                columns={columns}
                rows={charges.rows}
                getKey={(row) => row.id}
                emptyText="No bills for this account on this device."
                isRowFlagged={(row) => row.isInvoiceMissing}
              />
            ),
          },
          {
            id: 'usage',
            label: `Usage (${usage.length})`,
            content: <UsageRowsTable rows={usage} emptyText="No metered usage on this account’s bills." />,
          },
        ]}
      />
    </section>
  );
}
