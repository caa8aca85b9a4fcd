import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useAreaPaths } from '../../app/company/useAreaPath';
import type { LocationBudget, LocationContract } from '../../db/queries/locations';
import type { AccountRow, BillRow } from '../../db/rows';
import { contractStatus, daysTillExpire, localToday } from '../../domain/contracts';
import { formatAmount, formatDay, joinServices } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import { serviceLabel, splitServices } from '../../domain/serviceTypes';
import { monthLabel } from './format';
import { MissingMark, NotAvailable, PagedTable } from './PagedTable';
import type { TableColumn } from './PagedTable';

const orNA = (text: string | null | undefined) => (text ? text : <NotAvailable />);

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
      { key: 'nickname', header: 'Nickname', render: (row) => orNA(row.nickname) },
      // A row stored before the server sent vendor names lacks it until it is pulled again: N/A meanwhile.
      { key: 'vendor', header: 'Vendor', render: (row) => orNA(row.vendorName) },
      {
        key: 'services',
        header: 'Services',
        render: (row) => orNA(joinServices(splitServices(row.services).map(serviceLabel))),
      },
      { key: 'collection', header: 'Collection Type', render: (row) => orNA(row.collectionType) },
      {
        key: 'next',
        header: 'Next Expected Delivery',
        render: (row) => orNA(formatDay(row.nextExpectedDeliveryDate)),
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

/** The contracts linked to the site, with their expiry status and colour. */
export function ContractsList({ contracts }: { contracts: readonly LocationContract[] | undefined }) {
  const today = localToday();
  const columns: TableColumn<LocationContract>[] = [
    { key: 'service', header: 'Service', render: (row) => serviceLabel(row.serviceType) },
    { key: 'vendor', header: 'Vendor', render: (row) => row.vendorName },
    { key: 'start', header: 'Start', render: (row) => formatDay(row.startDate) },
    { key: 'end', header: 'End', render: (row) => formatDay(row.endDate) },
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

const BUDGET_COLUMNS: readonly TableColumn<LocationBudget>[] = [
  { key: 'year', header: 'Year', render: (row) => row.year },
  { key: 'service', header: 'Service', render: (row) => serviceLabel(row.serviceType) },
  {
    key: 'budgetSpend',
    header: 'Budget Spend',
    isNumeric: true,
    render: (row) => formatCurrency(row.budgetSpend),
  },
  {
    key: 'actualSpend',
    header: 'Actual Spend',
    isNumeric: true,
    render: (row) => formatCurrency(row.actualSpend),
  },
  {
    key: 'budgetUsage',
    header: 'Budget Usage',
    isNumeric: true,
    render: (row) => `${formatAmount(row.budgetUsage)} ${row.unit}`,
  },
  {
    key: 'actualUsage',
    header: 'Actual Usage',
    isNumeric: true,
    render: (row) => `${formatAmount(row.actualUsage)} ${row.unit}`,
  },
];

/** The site's budgets by year and service, with budget against actual. */
export function BudgetsList({ budgets }: { budgets: readonly LocationBudget[] | undefined }) {
  return (
    <PagedTable
      caption="Budgets"
      columns={BUDGET_COLUMNS}
      rows={budgets}
      getKey={(row) => row.id}
      emptyText="No budgets for this location."
    />
  );
}

/** The site's bills, latest first. */
export function BillsList({
  bills,
  accounts,
}: {
  bills: readonly BillRow[] | undefined;
  accounts: readonly AccountRow[] | undefined;
}) {
  const pathOf = useAreaPaths();
  const latestFirst = useMemo(() => (bills ? [...bills].reverse() : undefined), [bills]);
  const numbers = useMemo(
    () => new Map((accounts ?? []).map((account) => [account.id, account.accountNumber])),
    [accounts],
  );
  const columns = useMemo<TableColumn<BillRow>[]>(
    () => [
      {
        key: 'month',
        header: 'Bill Month',
        render: (row) => <Link to={pathOf(`bills/${row.id}`)}>{monthLabel(row.billMonth)}</Link>,
      },
      { key: 'account', header: 'Account', render: (row) => orNA(numbers.get(row.accountId)) },
      { key: 'due', header: 'Due Date', render: (row) => orNA(formatDay(row.dueDate)) },
      {
        key: 'charges',
        header: 'Total Charges',
        isNumeric: true,
        render: (row) => formatCurrency(row.totalNewCharges),
      },
      {
        key: 'due-amount',
        header: 'Amount Due',
        isNumeric: true,
        render: (row) => formatCurrency(row.amountDue),
      },
      { key: 'status', header: 'Status', render: (row) => orNA(row.status) },
      {
        key: 'missing',
        header: 'Invoice',
        render: (row) => <MissingMark isMissing={row.isInvoiceMissing} />,
      },
    ],
    [pathOf, numbers],
  );
  return (
    <PagedTable
      caption="Bills"
      columns={columns}
      rows={latestFirst}
      getKey={(row) => row.id}
      emptyText="No bills for this location yet."
    />
  );
}
