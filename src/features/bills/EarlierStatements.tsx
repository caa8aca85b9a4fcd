import type { EarlierStatement } from '../../domain/bills';
import { EMPTY_CELL_TEXT, formatDay } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import { PagedTable } from '../../ui/PagedTable';
import type { TableColumn } from '../../ui/PagedTable';
import { Panel } from '../../ui/Panel';

const day = (iso: string | null) => formatDay(iso) ?? EMPTY_CELL_TEXT;

const COLUMNS: readonly TableColumn<EarlierStatement>[] = [
  { key: 'invoiceDate', header: 'Invoice date', isRowHeader: true, render: (row) => day(row.invoiceDate) },
  { key: 'invoiceNumber', header: 'Invoice number', render: (row) => row.invoiceNumber ?? EMPTY_CELL_TEXT },
  { key: 'read', header: 'Read dates', render: (row) => `${day(row.readDateFrom)} – ${day(row.readDateTo)}` },
  {
    key: 'total',
    header: 'Total new charges',
    isNumeric: true,
    render: (row) => formatCurrency(row.totalNewCharges),
  },
  { key: 'due', header: 'Amount due', isNumeric: true, render: (row) => formatCurrency(row.amountDue) },
  { key: 'replaced', header: 'Replaced on', render: (row) => day(row.replacedAt.slice(0, 10)) },
];

/** The statements this bill re-issued, newest first (a re-issue keeps what was billed before); none, no panel. */
export function EarlierStatements({ statements }: { statements: readonly EarlierStatement[] | undefined }) {
  if (!statements || statements.length === 0) return null;
  return (
    <Panel titleId="bill-earlier-title" title="Earlier statements">
      <p className="muted">
        This statement re-issues the bill for the same account and period. What was billed before is kept
        here; the figures everywhere use this statement.
      </p>
      <PagedTable
        caption="Earlier statements"
        columns={COLUMNS}
        rows={statements}
        getKey={(row) => `${row.replacedAt}|${row.invoiceDate ?? ''}|${row.totalNewCharges}`}
        emptyText="No earlier statement."
      />
    </Panel>
  );
}
