import { useMemo, useState } from 'react';
import type { BudgetReport } from '../../domain/budgets';
import { monthLabel } from '../../domain/dates';
import { Chart } from '../../ui/chart/Chart';
import type { ChartSeries } from '../../ui/chart/Chart';
import { ChartPicker } from '../../ui/chart/ChartPicker';

type Metric = 'spend' | 'usage';
type View = 'monthly' | 'cumulative';

const METRICS = [
  { value: 'spend', label: 'Spend' },
  { value: 'usage', label: 'Usage' },
] as const satisfies readonly { value: Metric; label: string }[];
const VIEWS = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'cumulative', label: 'Cumulative' },
] as const satisfies readonly { value: View; label: string }[];

/** A budget against its actuals: spend or usage, month by month or cumulative. */
export function BudgetChart({ title, report, unit }: { title: string; report: BudgetReport; unit: string }) {
  const [metric, setMetric] = useState<Metric>('spend');
  const [view, setView] = useState<View>('monthly');
  const labels = useMemo(() => report.months.map((row) => monthLabel(row.month)), [report]);
  const datasets = useMemo((): ChartSeries[] => {
    const pick = (
      budget: number,
      actual: number | null,
      cumBudget: number,
      cumActual: number,
      isBilled: boolean,
    ) =>
      view === 'monthly'
        ? { budget, actual: isBilled ? actual : null }
        : { budget: cumBudget, actual: isBilled ? cumActual : null };
    const points = report.months.map((row) =>
      metric === 'spend'
        ? pick(
            row.budgetSpend,
            row.actualSpend,
            row.cumulativeBudgetSpend,
            row.cumulativeActualSpend,
            row.isBilled,
          )
        : pick(
            row.budgetUsage,
            row.actualUsage,
            row.cumulativeBudgetUsage,
            row.cumulativeActualUsage,
            row.isBilled,
          ),
    );
    return [
      { label: 'Budget', data: points.map((point) => point.budget) },
      { label: 'Actual', data: points.map((point) => point.actual) },
    ];
  }, [report, metric, view]);
  const actions = (
    <>
      <ChartPicker label="Figure" value={metric} choices={METRICS} onChange={setMetric} />
      <ChartPicker label="View" value={view} choices={VIEWS} onChange={setView} />
    </>
  );
  return (
    <Chart
      title={title}
      type={view === 'monthly' ? 'bar' : 'line'}
      labels={labels}
      datasets={datasets}
      valueKind={metric === 'spend' ? 'currency' : 'number'}
      {...(metric === 'usage' ? { unit } : {})}
      isLoading={false}
      height={240}
      headingLevel={3}
      actions={actions}
    />
  );
}
