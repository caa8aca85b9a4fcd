import { useMemo } from 'react';
import { Gauge, PiggyBank, Receipt, TrendingUp } from 'lucide-react';
import type { BudgetView } from '../../db/queries/budgets';
import { rollUpBudgets } from '../../domain/budgets';
import { monthLabel } from '../../domain/dates';
import { formatCurrency } from '../../domain/money';
import { Chart } from '../../ui/chart/Chart';
import { KpiCard } from '../../ui/KpiCard';
import { VarianceFigure, varianceAmountText } from '../../ui/VarianceFigure';

/** The spend of every budget shown, added up (rollUpBudgets): headline figures and budget against actual by month. */
export function BudgetRollUp({ views, scope }: { views: readonly BudgetView[]; scope: string }) {
  const rollUp = useMemo(() => rollUpBudgets(views.map((view) => view.report)), [views]);
  const labels = useMemo(() => rollUp.months.map((row) => monthLabel(row.month)), [rollUp]);
  const datasets = useMemo(
    () => [
      { label: 'Budget', data: rollUp.months.map((row) => row.budgetSpend) },
      { label: 'Actual', data: rollUp.months.map((row) => row.actualSpend) },
    ],
    [rollUp],
  );
  const { spend } = rollUp;
  return (
    <section className="stack" aria-label={`Roll-up of ${scope}`}>
      <div className="kpi-grid">
        <KpiCard icon={PiggyBank} title="Budget" value={formatCurrency(spend.budget)} isAccent>
          {scope}, whole periods
        </KpiCard>
        <KpiCard icon={Receipt} title="Actual to date" value={formatCurrency(spend.actualToDate)}>
          against {formatCurrency(spend.budgetToDate)} budgeted to date
        </KpiCard>
        <KpiCard
          icon={Gauge}
          title="Variance to date"
          value={<VarianceFigure value={spend.variance} pct={spend.variancePct} />}
          fitText={varianceAmountText(spend.variance)}
        >
          actual minus budget, months billed so far
        </KpiCard>
        <KpiCard
          icon={TrendingUp}
          title="Projected"
          value={spend.projected === null ? '—' : formatCurrency(spend.projected)}
        >
          at the current pace, to the end of each period
        </KpiCard>
      </div>
      <Chart
        title="All budgets shown: spend against budget by month"
        type="bar"
        labels={labels}
        datasets={datasets}
        valueKind="currency"
        isLoading={false}
        height={220}
        headingLevel={2}
        emptyText="No budgets to add up."
      />
    </section>
  );
}
