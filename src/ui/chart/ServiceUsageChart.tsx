import { useMemo, useState } from 'react';
import { serviceChoices } from '../fields/FilterSelects';
import { Chart } from './Chart';
import type { ChartProps, ChartSeries } from './Chart';
import { ChartPicker } from './ChartPicker';
import { serviceSeries } from './serviceSeries';

/** One metered service's usage: a value per label of the chart (null where none), in its unit. */
export type ServiceUsage = { data: readonly (number | null)[]; unit: string | undefined };

/** Props of a usage chart: the card's title, labels and texts, and the usage of each metered service. */
export type ServiceUsageChartProps = Omit<
  ChartProps,
  'type' | 'datasets' | 'valueKind' | 'unit' | 'actions' | 'isStacked' | 'isLoading'
> & {
  /** Each metered service's usage, in the picker's order (the first is drawn at first); undefined while loading. */
  usage: ReadonlyMap<string, ServiceUsage> | undefined;
  /** The accessible name of the service picker (default 'Usage service'). */
  pickerLabel?: string;
  /** Series drawn beside the usage on the second axis (degree days), in `secondaryUnit`. */
  secondarySeries?: readonly ChartSeries[];
};

/**
 * Usage by month as bars, one metered service at a time (units differ between services, so they are never added
 * up): the first service, or the one picked in the card's header when there are several.
 */
export function ServiceUsageChart({
  usage,
  pickerLabel = 'Usage service',
  secondarySeries,
  ...card
}: ServiceUsageChartProps) {
  const services = useMemo(() => [...(usage?.keys() ?? [])], [usage]);
  const [picked, setPicked] = useState<string | null>(null);
  const service = picked !== null && services.includes(picked) ? picked : (services[0] ?? null);
  const shown = service === null ? undefined : usage?.get(service);
  const datasets = useMemo<ChartSeries[]>(
    () => (service !== null && shown ? [serviceSeries(service, shown.data), ...(secondarySeries ?? [])] : []),
    [service, shown, secondarySeries],
  );
  const picker =
    service !== null && services.length > 1 ? (
      <ChartPicker
        label={pickerLabel}
        value={service}
        choices={serviceChoices(services)}
        onChange={setPicked}
      />
    ) : undefined;
  return (
    <Chart
      {...card}
      type="bar"
      datasets={datasets}
      valueKind="number"
      unit={shown?.unit}
      isLoading={usage === undefined}
      actions={picker}
    />
  );
}
