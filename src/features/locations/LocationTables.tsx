import { useMemo } from 'react';
import type { AccountRow, BillRow } from '../../db/rows';
import { chargesTable, usageTable } from '../../domain/billTables';
import { UsageRowsTable, chargesColumns } from '../../ui/billTableColumns';
import { PagedTable } from '../../ui/PagedTable';

/** Props of the charges and usage tables. */
export type LocationTableProps = {
  bills: readonly BillRow[] | undefined;
  accounts: readonly AccountRow[] | undefined;
};

/** Charges by bill month: total, missing-invoice mark, and an amount per service type. */
export function ChargesTable({ bills }: LocationTableProps) {
  const table = useMemo(() => (bills ? chargesTable(bills) : undefined), [bills]);
  const columns = useMemo(() => chargesColumns(table?.serviceTypes ?? []), [table]);
  return (
    <PagedTable
      caption="Charges by bill month"
      columns={columns}
      rows={table?.rows}
      getKey={(row) => row.billMonth}
      emptyText="No bills for this location yet."
      isRowFlagged={(row) => row.isInvoiceMissing}
    />
  );
}

/** Usage by bill month and service: usage, unit, demand, missing-invoice mark. */
export function UsageTable({ bills, accounts }: LocationTableProps) {
  const rows = useMemo(() => {
    if (!bills || !accounts) return undefined;
    const services = new Map(accounts.map((account) => [account.id, account.services]));
    return usageTable(bills, (accountId) => services.get(accountId));
  }, [bills, accounts]);
  return <UsageRowsTable rows={rows} emptyText="No metered usage for this location yet." />;
}
