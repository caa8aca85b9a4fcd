import { useMemo, useState } from 'react';
import type { BillRow } from '../../db/rows';
import { energyUnitLabel, monthsBetween } from '../../domain/bills';
import { monthLabel } from '../../domain/dates';
import { compareServiceTypes, serviceLabel } from '../../domain/serviceTypes';
import { addMonths } from '../../domain/totals';
import { fromCents, toCents } from '../../domain/money';
import { Chart } from '../../ui/chart/Chart';
import type { ChartSeries } from '../../ui/chart/Chart';

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
    () =>
      [...figures.charges.entries()]
        .sort(([a], [b]) => compareServiceTypes(a, b))
        .map(([serviceType, data]) => ({ label: serviceLabel(serviceType), serviceType, data })),
    [figures],
  );
  const metered = useMemo(() => [...figures.usage.keys()].sort(compareServiceTypes), [figures]);
  const [picked, setPicked] = useState<string | null>(null);
  const service = picked !== null && metered.includes(picked) ? picked : (metered[0] ?? null);
  const usage = service === null ? undefined : figures.usage.get(service);
  const usageSeries = useMemo<ChartSeries[]>(
    () =>
      service && usage ? [{ label: serviceLabel(service), serviceType: service, data: usage.data }] : [],
    [service, usage],
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
      <Chart
        title="Usage, 13 months"
        type="bar"
        labels={labels}
        datasets={usageSeries}
        valueKind="number"
        unit={energyUnitLabel(usage?.unit) ?? undefined}
        isLoading={false}
        emptyText="No metered usage on this account"
        headingLevel={3}
        actions={
          metered.length > 1 ? (
            <select
              className="select select--sm"
              aria-label="Usage service"
              value={service ?? ''}
              onChange={(event) => setPicked(event.target.value)}
            >
              {metered.map((value) => (
                <option key={value} value={value}>
                  {serviceLabel(value)}
                </option>
              ))}
            </select>
          ) : undefined
        }
      />
    </div>
  );
}
