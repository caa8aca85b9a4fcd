// A budgets table (the Budgets page's list and a location's budgets): its columns from grid/budgetSpendColumns.tsx.
import { PagedTable } from './PagedTable';
import type { TableColumn } from './PagedTable';

/** What a budgets table reads of a row: its budget's id, which keys the row. */
type BudgetTableRow = { readonly budget: { readonly id: string } };

/** Props of a budgets table. */
export type BudgetsTableProps<Row extends BudgetTableRow> = {
  columns: readonly TableColumn<Row>[];
  /** Undefined while loading. */
  rows: readonly Row[] | undefined;
  emptyText: string;
};

const budgetKey = (row: BudgetTableRow) => row.budget.id;

/** A paged table named 'Budgets', one row a budget. */
export function BudgetsTable<Row extends BudgetTableRow>({
  columns,
  rows,
  emptyText,
}: BudgetsTableProps<Row>) {
  return (
    <PagedTable caption="Budgets" columns={columns} rows={rows} getKey={budgetKey} emptyText={emptyText} />
  );
}
