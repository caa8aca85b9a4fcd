import type { ReactNode } from 'react';
import type { BudgetPlanItem, BudgetReport, BudgetTotals } from '../../domain/budgets';
import { monthLabel } from '../../domain/dates';
import { formatAmount } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import { VarianceFigure } from '../../ui/VarianceFigure';
import { BudgetAmountInput } from './BudgetItemsEditor';

/** Props of a budget's table; `draft` holds the amounts being edited (inline edit), by month. */
export type BudgetTableProps = {
  report: BudgetReport;
  unit: string;
  draft: ReadonlyMap<string, BudgetPlanItem> | null;
  onDraftChange: (item: BudgetPlanItem) => void;
  caption: string;
};

/** The column headings after Month: spend's three figures, then usage's. */
const FIGURE_HEADINGS = [
  'Budget Spend',
  'Actual Spend',
  'Spend Variance',
  'Budget Usage',
  'Actual Usage',
  'Usage Variance',
] as const;

/** How an amount of one figure reads: spend in dollars, usage in the budget's unit. */
type Format = (value: number) => string;

/** One figure's three cells in a row: the budget (text, or its input while drafting), the actual, the variance. */
type FigureCells = { budget: ReactNode; actual: ReactNode; variance: number | null; pct: number | null };

const shown = (value: number | null, format: Format) => (value === null ? '—' : format(value));

/** A total row's cells: budget and actual of the months billed so far. */
const toDateCells = (totals: BudgetTotals, format: Format): FigureCells => ({
  budget: format(totals.budgetToDate),
  actual: format(totals.actualToDate),
  variance: totals.variance,
  pct: totals.variancePct,
});

/** A total row's cells: the whole period's budget against its projection at the current pace. */
const projectedCells = (totals: BudgetTotals, format: Format): FigureCells => ({
  budget: format(totals.budget),
  actual: shown(totals.projected, format),
  variance: totals.projected === null ? null : totals.projected - totals.budget,
  pct: null,
});

function Figure({ cells, format }: { cells: FigureCells; format: Format }) {
  return (
    <>
      <td className="is-num">{cells.budget}</td>
      <td className="is-num">{cells.actual}</td>
      <td className="is-num">
        <VarianceFigure value={cells.variance} pct={cells.pct} format={format} />
      </td>
    </>
  );
}

type FiguresRowProps = {
  label: string;
  spend: FigureCells;
  usage: FigureCells;
  unitFormat: Format;
  className?: string;
  isBilled?: boolean;
};

/** A row of the table: its label, then spend's and usage's figures. */
function FiguresRow({ label, spend, usage, unitFormat, className, isBilled }: FiguresRowProps) {
  return (
    <tr className={className} data-billed={isBilled || undefined}>
      <th scope="row">{label}</th>
      <Figure cells={spend} format={formatCurrency} />
      <Figure cells={usage} format={unitFormat} />
    </tr>
  );
}

/** The to-date row's label: through which month, and the months inside it without a bill (left out, not $0). */
function toDateLabel(through: string | null, missing: readonly string[]): string {
  if (!through) return 'To date (no bills yet)';
  if (missing.length === 0) return `To date (through ${monthLabel(through)})`;
  const names = missing.map(monthLabel).join(', ');
  return `To date (through ${monthLabel(through)}; without ${names}: no bill yet)`;
}

/** A budget month by month against the actuals, to date and projected; amounts editable in place while drafting. */
export function BudgetTable({ report, unit, draft, onDraftChange, caption }: BudgetTableProps) {
  const through = report.throughMonth;
  const inUnit: Format = (value) => `${formatAmount(value)} ${unit}`;
  return (
    // Focusable, so keyboard users can scroll the wide table sideways (it has no control of its own to focus).
    <div className="data-table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            {FIGURE_HEADINGS.map((heading) => (
              <th key={heading} scope="col" className="is-num">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.months.map((row) => {
            const edited = draft?.get(row.month);
            return (
              <FiguresRow
                key={row.month}
                label={monthLabel(row.month)}
                isBilled={row.isBilled}
                unitFormat={inUnit}
                spend={{
                  budget: edited ? (
                    <BudgetAmountInput item={edited} amount="spend" onChange={onDraftChange} />
                  ) : (
                    formatCurrency(row.budgetSpend)
                  ),
                  actual: row.isBilled ? formatCurrency(row.actualSpend) : '—',
                  variance: row.isBilled ? row.spendVariance : null,
                  pct: row.spendVariancePct,
                }}
                usage={{
                  budget: edited ? (
                    <BudgetAmountInput item={edited} amount="usage" onChange={onDraftChange} />
                  ) : (
                    inUnit(row.budgetUsage)
                  ),
                  actual: shown(row.actualUsage, inUnit),
                  variance: row.usageVariance,
                  pct: row.usageVariancePct,
                }}
              />
            );
          })}
        </tbody>
        <tfoot>
          <FiguresRow
            className="budgets-table__total"
            label={toDateLabel(through, report.missingMonths)}
            unitFormat={inUnit}
            spend={toDateCells(report.spend, formatCurrency)}
            usage={toDateCells(report.usage, inUnit)}
          />
          <FiguresRow
            className="budgets-table__total"
            label="Projected at the current pace"
            unitFormat={inUnit}
            spend={projectedCells(report.spend, formatCurrency)}
            usage={projectedCells(report.usage, inUnit)}
          />
        </tfoot>
      </table>
    </div>
  );
}
