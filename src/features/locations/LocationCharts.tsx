import { useMemo, useState } from 'react';
import type { AccountRow, BillRow } from '../../db/rows';
import { serviceMonths } from '../../domain/billFigures';
import type { ServiceMonth } from '../../domain/billFigures';
import { ALL_SERVICES, compareServiceTypes, serviceUnit } from '../../domain/serviceTypes';
import { latestTwelveMonths } from '../../domain/totals';
import { Chart } from '../../ui/chart/Chart';
import type { ChartSeries } from '../../ui/chart/Chart';
import { serviceSeries } from '../../ui/chart/serviceSeries';
import { ServiceUsageChart } from '../../ui/chart/ServiceUsageChart';
import type { ServiceUsage } from '../../ui/chart/ServiceUsageChart';
import { CompactFilterSelect, serviceChoices } from '../../ui/fields/FilterSelects';
import { monthLabel } from '../../domain/dates';
import { useMonthlyDegreeDays } from '../../platform/weather/useMonthlyDegreeDays';
import { DEGREE_DAY_UNIT, degreeDaySeries } from '../../ui/chart/degreeDaySeries';

/** Props of a location's charts. */
export type LocationChartsProps = {
  bills: readonly BillRow[] | undefined;
  accounts: readonly AccountRow[] | undefined;
  /** The site's state and company, when the company has weather normalisation: degree days beside consumption. */
  weather: { companyId: number; state: string } | null;
};

/** Each service of `rows`, in service order, with a value per month of `months` (null where none). */
function byServiceMonth(
  rows: readonly ServiceMonth[],
  months: readonly string[],
  pick: (row: ServiceMonth) => number | null,
): [string, (number | null)[]][] {
  const services = [...new Set(rows.map((row) => row.serviceType))].sort(compareServiceTypes);
  return services.map((serviceType) => {
    const byMonth = new Map(
      rows.filter((row) => row.serviceType === serviceType).map((row) => [row.billMonth, pick(row)]),
    );
    return [serviceType, months.map((month) => byMonth.get(month) ?? null)];
  });
}

/** One series per service of `rows`, a value per month of `months` (null where none). */
function seriesOf(
  rows: readonly ServiceMonth[],
  months: readonly string[],
  pick: (row: ServiceMonth) => number | null,
): ChartSeries[] {
  return byServiceMonth(rows, months, pick).map(([serviceType, data]) => serviceSeries(serviceType, data));
}

/** Each metered service's usage by month of `months`, in its default unit (else the bills' unit). */
function usageOf(rows: readonly ServiceMonth[], months: readonly string[]): Map<string, ServiceUsage> {
  const metered = rows.filter((row) => row.totalUsage !== null);
  return new Map(
    byServiceMonth(metered, months, (row) => row.totalUsage).map(([serviceType, data]) => {
      const billUnit = rows.find((row) => row.serviceType === serviceType && row.unit !== null)?.unit;
      return [serviceType, { data, unit: serviceUnit(serviceType) || (billUnit ?? undefined) }];
    }),
  );
}

/** Spend, consumption and tax by service type over 12 months, with an end-month and a service filter. */
export function LocationCharts({ bills, accounts, weather }: LocationChartsProps) {
  const [endMonth, setEndMonth] = useState('');
  const [service, setService] = useState<string>(ALL_SERVICES.value);
  const isLoading = bills === undefined || accounts === undefined;

  const billMonths = useMemo(
    () => [...new Set((bills ?? []).map((bill) => bill.billMonth))].sort().reverse(),
    [bills],
  );
  const services = useMemo(() => {
    const set = new Set<string>();
    for (const bill of bills ?? []) for (const figures of bill.services) set.add(figures.serviceType);
    return [...set].sort(compareServiceTypes);
  }, [bills]);
  const end = billMonths.includes(endMonth) ? endMonth : (billMonths[0] ?? '');
  const months = useMemo(() => (end ? latestTwelveMonths([end]) : []), [end]);
  const rows = useMemo(() => {
    const servicesByAccount = new Map((accounts ?? []).map((account) => [account.id, account.services]));
    return serviceMonths(
      bills ?? [],
      (accountId) => servicesByAccount.get(accountId),
      months,
      service || undefined,
    );
  }, [bills, accounts, months, service]);

  const labels = useMemo(() => months.map(monthLabel), [months]);
  const spend = useMemo(() => seriesOf(rows, months, (row) => row.totalCharges), [rows, months]);
  const taxes = useMemo(() => seriesOf(rows, months, (row) => row.taxesFees), [rows, months]);
  // Consumption shows one metered service at a time (ServiceUsageChart): the filtered one, else the one picked.
  const consumption = useMemo(
    () => (isLoading ? undefined : usageOf(rows, months)),
    [isLoading, rows, months],
  );
  const monthlyDegreeDays = useMonthlyDegreeDays({
    isEnabled: weather !== null,
    companyId: weather?.companyId ?? 0,
    state: weather?.state ?? null,
    months,
  });
  const degreeDays = useMemo(() => degreeDaySeries(monthlyDegreeDays), [monthlyDegreeDays]);

  return (
    <section className="location-charts" aria-labelledby="loc-charts-title">
      <div className="location-charts__bar">
        <h2 id="loc-charts-title" className="section-title">
          Spend, consumption and taxes
        </h2>
        <div className="locations-filters">
          <label className="inline-field">
            <span>Period ending</span>
            <select
              className="select select--sm"
              value={end}
              onChange={(event) => setEndMonth(event.target.value)}
              disabled={billMonths.length === 0}
            >
              {billMonths.map((month) => (
                <option key={month} value={month}>
                  {monthLabel(month)}
                </option>
              ))}
            </select>
          </label>
          <CompactFilterSelect
            label="Service"
            isLabelShown
            all={ALL_SERVICES.label}
            choices={serviceChoices(services)}
            value={service}
            onChange={setService}
          />
        </div>
      </div>
      <div className="location-charts__grid">
        <Chart
          title="Total spend by service type"
          type="bar"
          isStacked
          labels={labels}
          datasets={spend}
          valueKind="currency"
          isLoading={isLoading}
          emptyText="No bills in this period"
        />
        <ServiceUsageChart
          title="Total consumption by service type"
          pickerLabel="Consumption service"
          labels={labels}
          usage={consumption}
          secondarySeries={degreeDays}
          {...(degreeDays.length > 0 ? { secondaryUnit: DEGREE_DAY_UNIT } : {})}
          emptyText="No metered usage in this period"
        />
        <Chart
          title="Total tax by service type"
          type="bar"
          isStacked
          labels={labels}
          datasets={taxes}
          valueKind="currency"
          isLoading={isLoading}
          emptyText="No taxes or fees in this period"
        />
      </div>
    </section>
  );
}
