// The spend columns of a budgets table (the Budgets page and a location's budgets; spend as in
// src/domain/budgets.ts): one definition, each table picking the columns it shows.
import type { BudgetReport } from '../../domain/budgets';
import { formatCurrency } from '../../domain/money';
import { orNotAvailable } from '../PagedTable';
import type { TableColumn } from '../PagedTable';
import { VarianceFigure } from '../VarianceFigure';

type Spend = BudgetReport['spend'];

/** A money column of a budget's spend ('Budget', 'Budget to Date', 'Actual to Date'). */
export function spendColumn<Row extends { report: BudgetReport }>(
  key: 'budget' | 'budgetToDate' | 'actualToDate',
  header: string,
): TableColumn<Row> {
  return {
    key,
    header,
    isNumeric: true,
    render: (row) => formatCurrency(row.report.spend[key] satisfies number),
  };
}

/** The variance to date with its percentage; none before the budget's first month with bills. */
export function varianceColumn<Row extends { report: BudgetReport }>(header: string): TableColumn<Row> {
  return {
    key: 'variance',
    header,
    isNumeric: true,
    render: (row) => (
      <VarianceFigure
        value={row.report.throughMonth === null ? null : row.report.spend.variance}
        pct={row.report.spend.variancePct}
      />
    ),
  };
}

/** The projected spend, N/A where none can be projected yet. */
export function projectedColumn<Row extends { report: BudgetReport }>(): TableColumn<Row> {
  return {
    key: 'projected',
    header: 'Projected',
    isNumeric: true,
    render: (row) => orNotAvailable(projectedText(row.report.spend)),
  };
}

function projectedText(spend: Spend): string | null {
  return spend.projected === null ? null : formatCurrency(spend.projected);
}
