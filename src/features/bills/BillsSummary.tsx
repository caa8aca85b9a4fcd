import { FileX, Receipt, Users, Wallet } from 'lucide-react';
import { useMemo } from 'react';
import type { BillListRow } from '../../db/queries/billsPage';
import type { BillMonthSummary } from '../../domain/billMonthSummary';
import {
  billTotals,
  billTotalsOfSummaries,
  chargesByMonth,
  chargesByMonthOfSummaries,
  monthsBetween,
} from '../../domain/bills';
import type { BillMonthRange, BillTotals } from '../../domain/bills';
import { monthLabel } from '../../domain/dates';
import { formatWhole } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import { serviceLabel } from '../../domain/serviceTypes';
import { Chart } from '../../ui/chart/Chart';
import type { ChartSeries } from '../../ui/chart/Chart';
import { KpiCard } from '../../ui/KpiCard';

/** Props of the totals and chart above the grid. */
export type BillsSummaryProps = {
  /** The bills shown (range and filters applied); undefined while loading. */
  rows: readonly BillListRow[] | undefined;
  /**
   * The range's month summaries, shown until the rows are read (only without filters: they sum every bill);
   * they give every figure but the distinct accounts.
   */
  summaries?: readonly BillMonthSummary[];
  range: BillMonthRange | null;
  /**
   * Whether the chart may draw: the page lets it once the grid's rows are on screen, since building a chart
   * (chart.js's first draw, ~100 ms on a page's first visit) before them held the rows back.
   */
  canDrawChart: boolean;
};

/** The chart's months: the range's, or (for an open side) the bills' first or last month. */
function chartMonths(rows: readonly { billMonth: string }[], range: BillMonthRange | null): string[] {
  let first: string | null = range?.from ?? null;
  let last: string | null = range?.to ?? null;
  if (first === null || last === null) {
    for (const row of rows) {
      if (range?.from == null && (first === null || row.billMonth < first)) first = row.billMonth;
      if (range?.to == null && (last === null || row.billMonth > last)) last = row.billMonth;
    }
  }
  return first !== null && last !== null ? monthsBetween(first, last) : [];
}

/** Totals of the bills shown (charges, bills, accounts, missing invoices) and their charges by month and service. */
export function BillsSummary({ rows, summaries, range, canDrawChart }: BillsSummaryProps) {
  const totals = useMemo<(Omit<BillTotals, 'accounts'> & { accounts?: number }) | undefined>(
    () => (rows ? billTotals(rows) : summaries ? billTotalsOfSummaries(summaries) : undefined),
    [rows, summaries],
  );
  const chart = useMemo(() => {
    if (rows) return chargesByMonth(rows, chartMonths(rows, range));
    return summaries ? chargesByMonthOfSummaries(summaries, chartMonths(summaries, range)) : undefined;
  }, [rows, summaries, range]);
  const labels = useMemo(
    // A month with missing invoices is marked on the axis itself, so the mark survives scrolling and exports.
    () =>
      chart?.months.map((month, i) =>
        (chart.missing[i] ?? 0) > 0 ? `${monthLabel(month)} ⚠` : monthLabel(month),
      ) ?? [],
    [chart],
  );
  const datasets = useMemo<ChartSeries[]>(
    () =>
      chart?.series.map((series) => ({
        label: serviceLabel(series.serviceType),
        serviceType: series.serviceType,
        data: series.data,
      })) ?? [],
    [chart],
  );
  const missingMonths = useMemo(
    () =>
      chart?.months.flatMap((month, i) => {
        const missing = chart.missing[i] ?? 0;
        return missing > 0 ? [`${monthLabel(month)} (${formatWhole(missing)})`] : [];
      }) ?? [],
    [chart],
  );

  return (
    <>
      <div className="kpi-grid">
        <KpiCard
          icon={Wallet}
          title="Total charges"
          value={totals ? formatCurrency(totals.charges) : '…'}
          isAccent
        >
          new charges of the bills shown
        </KpiCard>
        <KpiCard icon={Receipt} title="Bills" value={totals ? formatWhole(totals.bills) : '…'}>
          in the range and filters
        </KpiCard>
        <KpiCard
          icon={Users}
          title="Accounts"
          value={totals?.accounts !== undefined ? formatWhole(totals.accounts) : '…'}
        >
          with a bill shown
        </KpiCard>
        <KpiCard
          icon={FileX}
          title="Missing invoices"
          value={totals ? formatWhole(totals.missingInvoices) : '…'}
        >
          bills without an invoice yet
        </KpiCard>
      </div>
      <Chart
        title="Charges by month and service"
        type="bar"
        isStacked
        labels={labels}
        datasets={datasets}
        valueKind="currency"
        isLoading={chart === undefined || !canDrawChart}
        emptyText="No bills in this range"
      />
      {missingMonths.length > 0 && (
        <p className="muted bills-missing">⚠ Months with missing invoices: {missingMonths.join(', ')}.</p>
      )}
    </>
  );
}
