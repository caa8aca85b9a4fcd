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

/** The two planned amounts of a month: spend to the cent, usage in whole units. */
const PLANNED_AMOUNTS = {
  spend: { field: 'budgetSpendAmount', name: 'Budget spend', step: '0.01' },
  usage: { field: 'budgetUsageAmount', name: 'Budget usage', step: '1' },
} as const;

/** Props of one planned amount's input. */
export type BudgetAmountInputProps = {
  item: BudgetPlanItem;
  amount: keyof typeof PLANNED_AMOUNTS;
  onChange: (item: BudgetPlanItem) => void;
};

/**
 * A month's planned spend or usage, typed in place: the wizard's amounts and the budget table's inline edit are the
 * same input, named by the amount and the month.
 */
export function BudgetAmountInput({ item, amount, onChange }: BudgetAmountInputProps) {
  const { field, name, step } = PLANNED_AMOUNTS[amount];
  return (
    <input
      className="input input--sm budgets-table__input"
      type="number"
      min={0}
      step={step}
      aria-label={`${name}, ${monthLabel(item.month)}`}
      value={shownAmount(item[field])}
      onChange={(event) => onChange({ ...item, [field]: event.target.valueAsNumber })}
    />
  );
}

/** The wizard's amounts: each planned month's budget spend and usage, editable (checked on Finish). */
export function BudgetItemsEditor({ items, unit, onChange }: BudgetItemsEditorProps) {
  const set = (index: number, changed: BudgetPlanItem) =>
    onChange(items.map((item, i) => (i === index ? changed : item)));
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
              {(['spend', 'usage'] as const).map((amount) => (
                <td key={amount} className="is-num">
                  <BudgetAmountInput
                    item={item}
                    amount={amount}
                    onChange={(changed) => set(index, changed)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
