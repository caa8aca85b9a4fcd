import type { BudgetPlanItem, BudgetReport, BudgetTotals } from '../../domain/budgets';
import { monthLabel } from '../../domain/dates';
import { formatAmount } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import { VarianceFigure } from '../../ui/VarianceFigure';
import { shownAmount } from './BudgetItemsEditor';

/** Props of a budget's table; `draft` holds the amounts being edited (inline edit), by month. */
export type BudgetTableProps = {
  report: BudgetReport;
  unit: string;
  draft: ReadonlyMap<string, BudgetPlanItem> | null;
  onDraftChange: (item: BudgetPlanItem) => void;
  caption: string;
};

const usage = (value: number | null, unit: string) =>
  value === null ? '—' : `${formatAmount(value)} ${unit}`;

function TotalsRow({
  label,
  spend,
  units,
  unit,
}: {
  label: string;
  spend: BudgetTotals;
  units: BudgetTotals;
  unit: string;
}) {
  return (
    <tr className="budgets-table__total">
      <th scope="row">{label}</th>
      <td className="is-num">{formatCurrency(spend.budgetToDate)}</td>
      <td className="is-num">{formatCurrency(spend.actualToDate)}</td>
      <td className="is-num">
        <VarianceFigure value={spend.variance} pct={spend.variancePct} />
      </td>
      <td className="is-num">{usage(units.budgetToDate, unit)}</td>
      <td className="is-num">{usage(units.actualToDate, unit)}</td>
      <td className="is-num">
        <VarianceFigure
          value={units.variance}
          pct={units.variancePct}
          format={(v) => `${formatAmount(v)} ${unit}`}
        />
      </td>
    </tr>
  );
}

/** A budget month by month against the actuals, to date and projected; amounts editable in place while drafting. */
export function BudgetTable({ report, unit, draft, onDraftChange, caption }: BudgetTableProps) {
  const through = report.throughMonth;
  return (
    // Focusable, so keyboard users can scroll the wide table sideways (it has no control of its own to focus).
    <div className="data-table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col" className="is-num">
              Budget Spend
            </th>
            <th scope="col" className="is-num">
              Actual Spend
            </th>
            <th scope="col" className="is-num">
              Spend Variance
            </th>
            <th scope="col" className="is-num">
              Budget Usage
            </th>
            <th scope="col" className="is-num">
              Actual Usage
            </th>
            <th scope="col" className="is-num">
              Usage Variance
            </th>
          </tr>
        </thead>
        <tbody>
          {report.months.map((row) => {
            const edited = draft?.get(row.month);
            return (
              <tr key={row.month} data-billed={row.isBilled || undefined}>
                <th scope="row">{monthLabel(row.month)}</th>
                <td className="is-num">
                  {edited ? (
                    <input
                      className="input input--sm budgets-table__input"
                      type="number"
                      min={0}
                      step="0.01"
                      aria-label={`Budget spend, ${monthLabel(row.month)}`}
                      value={shownAmount(edited.budgetSpendAmount)}
                      onChange={(event) =>
                        onDraftChange({ ...edited, budgetSpendAmount: event.target.valueAsNumber })
                      }
                    />
                  ) : (
                    formatCurrency(row.budgetSpend)
                  )}
                </td>
                <td className="is-num">{row.isBilled ? formatCurrency(row.actualSpend) : '—'}</td>
                <td className="is-num">
                  <VarianceFigure
                    value={row.isBilled ? row.spendVariance : null}
                    pct={row.spendVariancePct}
                  />
                </td>
                <td className="is-num">
                  {edited ? (
                    <input
                      className="input input--sm budgets-table__input"
                      type="number"
                      min={0}
                      step="1"
                      aria-label={`Budget usage, ${monthLabel(row.month)}`}
                      value={shownAmount(edited.budgetUsageAmount)}
                      onChange={(event) =>
                        onDraftChange({ ...edited, budgetUsageAmount: event.target.valueAsNumber })
                      }
                    />
                  ) : (
                    usage(row.budgetUsage, unit)
                  )}
                </td>
                <td className="is-num">{usage(row.actualUsage, unit)}</td>
                <td className="is-num">
                  <VarianceFigure
                    value={row.usageVariance}
                    pct={row.usageVariancePct}
                    format={(v) => `${formatAmount(v)} ${unit}`}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <TotalsRow
            label={through ? `To date (through ${monthLabel(through)})` : 'To date (no bills yet)'}
            spend={report.spend}
            units={report.usage}
            unit={unit}
          />
          <tr className="budgets-table__total">
            <th scope="row">Projected at the current pace</th>
            <td className="is-num">{formatCurrency(report.spend.budget)}</td>
            <td className="is-num">
              {report.spend.projected === null ? '—' : formatCurrency(report.spend.projected)}
            </td>
            <td className="is-num">
              <VarianceFigure
                value={report.spend.projected === null ? null : report.spend.projected - report.spend.budget}
                pct={null}
              />
            </td>
            <td className="is-num">{usage(report.usage.budget, unit)}</td>
            <td className="is-num">{usage(report.usage.projected, unit)}</td>
            <td className="is-num">
              <VarianceFigure
                value={report.usage.projected === null ? null : report.usage.projected - report.usage.budget}
                pct={null}
                format={(v) => `${formatAmount(v)} ${unit}`}
              />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
