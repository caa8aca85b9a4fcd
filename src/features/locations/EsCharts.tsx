import { useMemo } from 'react';
import { monthLabel } from '../../domain/dates';
import { ES_UNITS } from '../../domain/energyStar';
import type { EsMetricRow } from '../../domain/energyStar';
import { Chart } from '../../ui/chart/Chart';

/** The score and the intensities of the months shown, as line charts (spec 000 §2 site Energy Star). */
export function EsCharts({ rows }: { rows: readonly EsMetricRow[] | undefined }) {
  const isLoading = rows === undefined;
  const labels = useMemo(() => (rows ?? []).map((row) => monthLabel(row.metricMonth)), [rows]);
  const score = useMemo(() => [{ label: 'Score', data: (rows ?? []).map((row) => row.score) }], [rows]);
  const intensity = useMemo(
    () => [
      { label: 'Source intensity', data: (rows ?? []).map((row) => row.sourceIntensity) },
      { label: 'Site intensity', data: (rows ?? []).map((row) => row.locationIntensity) },
    ],
    [rows],
  );
  // Both charts run over the same months, as lines of plain numbers.
  const months = { type: 'line', labels, valueKind: 'number', isLoading } as const;
  return (
    <div className="energy-star-charts">
      <Chart {...months} title="ENERGY STAR score" datasets={score} emptyText="No scores in this period" />
      <Chart
        {...months}
        title="Energy use intensity"
        datasets={intensity}
        unit={ES_UNITS.intensity}
        emptyText="No intensities in this period"
      />
    </div>
  );
}
