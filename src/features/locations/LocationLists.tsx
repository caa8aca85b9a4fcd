import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import type { BudgetView } from '../../db/queries/budgets';
import type { LocationContract } from '../../db/queries/locations';
import type { AccountRow, BillRow } from '../../db/rows';
import { billMonthRows } from '../../domain/billTables';
import type { BillMonthRow } from '../../domain/billTables';
import { contractStatus, daysTillExpire, localToday } from '../../domain/contracts';
import { monthLabel } from '../../domain/dates';
import { budgetPeriodLabel } from '../../domain/budgets';
import { joinServices } from '../../domain/format';
import { serviceLabel, splitServices } from '../../domain/serviceTypes';
import { BILL_COLUMNS } from '../../ui/billTableColumns';
import { formatDate } from '../../ui/grid/columns';
import { BudgetsTable } from '../../ui/BudgetsTable';
import { PagedTable, orNotAvailable } from '../../ui/PagedTable';
import { projectedColumn, spendColumn, varianceColumn } from '../../ui/grid/budgetSpendColumns';
import type { TableColumn } from '../../ui/PagedTable';

/** The site's accounts, each linking to its account page. */
export function AccountsList({ accounts }: { accounts: readonly AccountRow[] | undefined }) {
  const pathOf = useAreaPaths();
  const columns = useMemo<TableColumn<AccountRow>[]>(
    () => [
      {
        key: 'number',
        header: 'Account',
        render: (row) => <Link to={pathOf(`accounts/${row.id}`)}>{row.accountNumber}</Link>,
      },
      { key: 'nickname', header: 'Nickname', render: (row) => orNotAvailable(row.nickname) },
      // A row stored before the server sent vendor names lacks it until it is pulled again: N/A meanwhile.
      { key: 'vendor', header: 'Vendor', render: (row) => orNotAvailable(row.vendorName) },
      {
        key: 'services',
        header: 'Services',
        render: (row) => orNotAvailable(joinServices(splitServices(row.services).map(serviceLabel))),
      },
      { key: 'collection', header: 'Collection Type', render: (row) => orNotAvailable(row.collectionType) },
      {
        key: 'next',
        header: 'Next Expected Delivery',
        render: (row) =>
          orNotAvailable(row.nextExpectedDeliveryDate ? formatDate(row.nextExpectedDeliveryDate) : null),
      },
      { key: 'active', header: 'Status', render: (row) => (row.isActive ? 'Active' : 'Inactive') },
    ],
    [pathOf],
  );
  return (
    <PagedTable
      caption="Accounts"
      columns={columns}
      rows={accounts}
      getKey={(row) => row.id}
      emptyText="No accounts at this location yet."
    />
  );
}

/** The contracts linked to the site, with their expiry status and colour, each linking to its contract page. */
export function ContractsList({ contracts }: { contracts: readonly LocationContract[] | undefined }) {
  const today = localToday();
  const pathOf = useAreaPaths();
  const columns: TableColumn<LocationContract>[] = [
    { key: 'service', header: 'Service', render: (row) => serviceLabel(row.serviceType) },
    {
      key: 'vendor',
      header: 'Vendor',
      render: (row) => <Link to={pathOf(`contracts/${row.id}`)}>{row.vendorName}</Link>,
    },
    { key: 'start', header: 'Start', render: (row) => formatDate(row.startDate) },
    { key: 'end', header: 'End', render: (row) => formatDate(row.endDate) },
    {
      key: 'status',
      header: 'Status',
      render: (row) => {
        const status = contractStatus(daysTillExpire(row.endDate, today), row.isExtended);
        return (
          <span className="status" data-color={status.color}>
            <span className="status__dot" aria-hidden="true" />
            {status.text}
          </span>
        );
      },
    },
  ];
  return (
    <PagedTable
      caption="Contracts"
      columns={columns}
      rows={contracts}
      getKey={(row) => row.id}
      emptyText="No contracts cover this location."
    />
  );
}

const BUDGET_COLUMNS: readonly TableColumn<BudgetView>[] = [
  { key: 'period', header: 'Period', render: (row) => budgetPeriodLabel(row.budget) },
  { key: 'service', header: 'Service', render: (row) => serviceLabel(row.budget.serviceType) },
  spendColumn('budget', 'Budget'),
  spendColumn('budgetToDate', 'Budget to Date'),
  spendColumn('actualToDate', 'Actual to Date'),
  varianceColumn('Variance'),
  projectedColumn(),
];

/** The site's budgets, each against the site's bills on the device: to date, variance and projection. */
export function BudgetsList({ budgets }: { budgets: readonly BudgetView[] | undefined }) {
  return <BudgetsTable columns={BUDGET_COLUMNS} rows={budgets} emptyText="No budgets for this location." />;
}

/** The site's bills, latest first: the shared bill rows, with the account each belongs to. */
export function BillsList({
  bills,
  accounts,
}: {
  bills: readonly BillRow[] | undefined;
  accounts: readonly AccountRow[] | undefined;
}) {
  const pathOf = useAreaPaths();
  const rows = useMemo(() => (bills ? billMonthRows(bills).rows : undefined), [bills]);
  const numbers = useMemo(
    () => new Map((accounts ?? []).map((account) => [account.id, account.accountNumber])),
    [accounts],
  );
  const columns = useMemo<TableColumn<BillMonthRow>[]>(
    () => [
      {
        ...BILL_COLUMNS.billMonth,
        render: (row) => <Link to={pathOf(`bills/${row.id}`)}>{monthLabel(row.billMonth)}</Link>,
      },
      { key: 'account', header: 'Account', render: (row) => orNotAvailable(numbers.get(row.accountId)) },
      BILL_COLUMNS.dueDate,
      BILL_COLUMNS.totalCharges,
      BILL_COLUMNS.amountDue,
      BILL_COLUMNS.status,
      BILL_COLUMNS.invoice,
    ],
    [pathOf, numbers],
  );
  return (
    <PagedTable
      caption="Bills"
      columns={columns}
      rows={rows}
      getKey={(row) => row.id}
      emptyText="No bills for this location yet."
      isRowFlagged={(row) => row.isInvoiceMissing}
    />
  );
}
