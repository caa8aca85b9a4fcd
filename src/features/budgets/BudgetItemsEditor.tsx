import type { BudgetPlanItem } from '../../domain/budgets';
import { monthLabel } from '../../domain/dates';

/** Props of the planned months being written: one row per month, spend and usage typed in place. */
export type BudgetItemsEditorProps = {
  items: readonly BudgetPlanItem[];
  unit: string;
  onChange: (items: BudgetPlanItem[]) => void;
};

/** An amount as the input shows it: an emptied input (NaN) stays empty until a number is typed. */
export const shownAmount = (value: number): number | '' => (Number.isFinite(value) ? value : '');

/** The wizard's amounts: each planned month's budget spend and usage, editable (checked on Finish). */
export function BudgetItemsEditor({ items, unit, onChange }: BudgetItemsEditorProps) {
  const set = (index: number, change: Partial<BudgetPlanItem>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...change } : item)));
  return (
    <div className="data-table-scroll budgets-editor">
      <table className="data-table">
        <caption className="visually-hidden">Planned months</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col" className="is-num">
              Budget Spend ($)
            </th>
            <th scope="col" className="is-num">
              Budget Usage ({unit || 'units'})
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            <tr key={item.month}>
              <th scope="row">{monthLabel(item.month)}</th>
              <td className="is-num">
                <input
                  className="input input--sm budgets-table__input"
                  type="number"
                  min={0}
                  step="0.01"
                  aria-label={`Budget spend, ${monthLabel(item.month)}`}
                  value={shownAmount(item.budgetSpendAmount)}
                  onChange={(event) => set(index, { budgetSpendAmount: event.target.valueAsNumber })}
                />
              </td>
              <td className="is-num">
                <input
                  className="input input--sm budgets-table__input"
                  type="number"
                  min={0}
                  step="1"
                  aria-label={`Budget usage, ${monthLabel(item.month)}`}
                  value={shownAmount(item.budgetUsageAmount)}
                  onChange={(event) => set(index, { budgetUsageAmount: event.target.valueAsNumber })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
