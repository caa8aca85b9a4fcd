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
  return (
    <div className="energy-star-charts">
      <Chart
        title="ENERGY STAR score"
        type="line"
        labels={labels}
        datasets={score}
        valueKind="number"
        isLoading={isLoading}
        emptyText="No scores in this period"
      />
      <Chart
        title="Energy use intensity"
        type="line"
        labels={labels}
        datasets={intensity}
        valueKind="number"
        unit={ES_UNITS.intensity}
        isLoading={isLoading}
        emptyText="No intensities in this period"
      />
    </div>
  );
}
