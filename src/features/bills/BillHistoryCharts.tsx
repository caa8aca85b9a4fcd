import { useMemo } from 'react';
import type { BillRow } from '../../db/rows';
import { energyUnitLabel, monthsBetween } from '../../domain/bills';
import { monthLabel } from '../../domain/dates';
import { compareServiceTypes } from '../../domain/serviceTypes';
import { addMonths } from '../../domain/totals';
import { fromCents, toCents } from '../../domain/money';
import { Chart } from '../../ui/chart/Chart';
import type { ChartSeries } from '../../ui/chart/Chart';
import { serviceSeries } from '../../ui/chart/serviceSeries';
import { ServiceUsageChart } from '../../ui/chart/ServiceUsageChart';

/** Per service, the charges and usage of each month of `months` (null where the account had no bill for it). */
function byService(history: readonly BillRow[], months: readonly string[]) {
  const at = new Map(months.map((month, i) => [month, i]));
  const charges = new Map<string, (number | null)[]>();
  const usage = new Map<string, { unit: string | null; data: (number | null)[] }>();
  for (const bill of history) {
    const i = at.get(bill.billMonth);
    if (i === undefined) continue;
    for (const service of bill.services) {
      const row = charges.get(service.serviceType) ?? months.map(() => null);
      row[i] = fromCents(toCents(row[i] ?? 0) + toCents(service.charges));
      charges.set(service.serviceType, row);
      if (service.usage !== null) {
        const used = usage.get(service.serviceType) ?? { unit: service.unit, data: months.map(() => null) };
        used.data[i] = (used.data[i] ?? 0) + service.usage;
        usage.set(service.serviceType, used);
      }
    }
  }
  return { charges, usage };
}

/** A figure's entries by service type, in the order services are listed everywhere. */
const inServiceOrder = <Value,>(byServiceType: ReadonlyMap<string, Value>) =>
  [...byServiceType.entries()].sort(([a], [b]) => compareServiceTypes(a, b));

/** This account's charges and usage per service over the 13 months ending with the bill (spec 001 §2 single bill). */
export function BillHistoryCharts({
  history,
  billMonth,
}: {
  history: readonly BillRow[];
  billMonth: string;
}) {
  const months = useMemo(() => monthsBetween(addMonths(billMonth, -12), billMonth), [billMonth]);
  const labels = useMemo(() => months.map(monthLabel), [months]);
  const figures = useMemo(() => byService(history, months), [history, months]);
  const chargeSeries = useMemo<ChartSeries[]>(
    () => inServiceOrder(figures.charges).map(([serviceType, data]) => serviceSeries(serviceType, data)),
    [figures],
  );
  const usage = useMemo(
    () =>
      new Map(
        inServiceOrder(figures.usage).map(([serviceType, used]) => [
          serviceType,
          { data: used.data, unit: energyUnitLabel(used.unit) ?? undefined },
        ]),
      ),
    [figures],
  );

  return (
    <div className="card-row">
      <Chart
        title="Charges, 13 months"
        type="bar"
        isStacked
        labels={labels}
        datasets={chargeSeries}
        valueKind="currency"
        isLoading={false}
        emptyText="No bills of this account in these months"
        headingLevel={3}
      />
      <ServiceUsageChart
        title="Usage, 13 months"
        labels={labels}
        usage={usage}
        emptyText="No metered usage on this account"
        headingLevel={3}
      />
    </div>
  );
}
