import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import type { AlertList, AlertListRow } from '../../db/queries/alerts';
import { auditRuleLabel } from '../../domain/alertMessage';
import { formatAmount } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import { serviceLabel } from '../../domain/serviceTypes';
import { formatDate } from '../../ui/grid/columns';
import { NotAvailable, PagedTable, orNotAvailable } from '../../ui/PagedTable';
import type { TableColumn } from '../../ui/PagedTable';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { AlertStatusBadge } from './AlertStatusBadge';

/** Props of the alerts table. */
export type AlertsTableProps = {
  list: AlertList | undefined;
  /** Null on the read-only page: no selection column. */
  selection: ReadonlySet<string> | null;
  onToggle: (alertId: string) => void;
  onOpen: (alertId: string) => void;
  emptyText: string;
};

const money = (value: number | null) => (value === null ? <NotAvailable /> : formatCurrency(value));
const number = (value: number | null) => (value === null ? <NotAvailable /> : formatAmount(value));
const percent = (value: number | null) => (value === null ? <NotAvailable /> : `${formatAmount(value)} %`);

/**
 * The alerts, 10 a page (spec 000 §2): status with its text, icon and colour, import and closed dates, service, usage
 * unit, the four variances and their percentages, late fee, the bill, and what the alert says — a button that opens
 * its details. On the editable page a checkbox selects it for batch resolve.
 */
export function AlertsTable({ list, selection, onToggle, onOpen, emptyText }: AlertsTableProps) {
  const pathOf = useAreaPaths();
  const columns = useMemo<TableColumn<AlertListRow>[]>(() => {
    const select: TableColumn<AlertListRow>[] = selection
      ? [
          {
            key: 'select',
            header: 'Select',
            render: (row) => (
              <input
                type="checkbox"
                className="alerts-table__check"
                checked={selection.has(row.id)}
                aria-label={`Select: ${row.message}`}
                onChange={() => onToggle(row.id)}
              />
            ),
          },
        ]
      : [];
    return [
      ...select,
      {
        key: 'status',
        header: 'Status',
        isKey: true,
        render: (row) => (
          <span className="alerts-table__status">
            <AlertStatusBadge status={row.status} />
            <QueuedBadge status={row.queued} />
          </span>
        ),
      },
      {
        key: 'alert',
        header: 'Alert',
        isKey: true,
        isRowHeader: true,
        render: (row) => (
          <button type="button" className="link-button alerts-table__open" onClick={() => onOpen(row.id)}>
            <span className="alerts-table__message">{row.message}</span>
            <span className="alerts-table__rule">{auditRuleLabel(row.rule)}</span>
          </button>
        ),
      },
      { key: 'imported', header: 'Imported', render: (row) => formatDate(row.importDate) },
      {
        key: 'closed',
        header: 'Closed',
        render: (row) => orNotAvailable(row.closedAt && formatDate(row.closedAt)),
      },
      {
        key: 'where',
        header: 'Location / Account',
        isKey: true,
        render: (row) => (
          <span className="alerts-table__where">
            <Link to={pathOf(`locations/${row.locationId}`)}>
              {list?.locations.get(row.locationId)?.name ?? 'Site'}
            </Link>
            <Link to={pathOf(`accounts/${row.accountId}`)}>
              {list?.accounts.get(row.accountId)?.accountNumber ?? 'Account'}
            </Link>
          </span>
        ),
      },
      { key: 'service', header: 'Service', render: (row) => serviceLabel(row.serviceType) },
      { key: 'unit', header: 'Usage Unit', render: (row) => orNotAvailable(row.usageUoM) },
      {
        key: 'cmom',
        header: 'Charge Var. MoM',
        isNumeric: true,
        render: (row) => money(row.chargeVarianceMoM),
      },
      {
        key: 'cyoy',
        header: 'Charge Var. YoY',
        isNumeric: true,
        render: (row) => money(row.chargeVarianceYoY),
      },
      {
        key: 'umom',
        header: 'Usage Var. MoM',
        isNumeric: true,
        render: (row) => number(row.usageVarianceMoM),
      },
      {
        key: 'uyoy',
        header: 'Usage Var. YoY',
        isNumeric: true,
        render: (row) => number(row.usageVarianceYoY),
      },
      {
        key: 'pcmom',
        header: 'Charge % MoM',
        isNumeric: true,
        render: (row) => percent(row.variancePercentageChargeMoM),
      },
      {
        key: 'pcyoy',
        header: 'Charge % YoY',
        isNumeric: true,
        render: (row) => percent(row.variancePercentageChargeYoY),
      },
      {
        key: 'pumom',
        header: 'Usage % MoM',
        isNumeric: true,
        render: (row) => percent(row.variancePercentageUsageMoM),
      },
      {
        key: 'puyoy',
        header: 'Usage % YoY',
        isNumeric: true,
        render: (row) => percent(row.variancePercentageUsageYoY),
      },
      { key: 'late', header: 'Late Fee', isNumeric: true, render: (row) => money(row.lateFee) },
      {
        key: 'bill',
        header: 'Bill',
        render: (row) =>
          row.billId ? <Link to={pathOf(`bills/${row.billId}`)}>View bill</Link> : <NotAvailable />,
      },
    ];
  }, [selection, onToggle, onOpen, pathOf, list]);

  return (
    <PagedTable
      caption="Alerts"
      columns={columns}
      rows={list?.rows}
      getKey={(row) => row.id}
      emptyText={emptyText}
    />
  );
}
