import { useMemo } from 'react';
import { monthLabel } from '../../domain/dates';
import { ES_UNITS } from '../../domain/energyStar';
import type { EsMetricKey, EsRowView } from '../../domain/energyStar';
import type { EnergyStarMetricRow } from '../../db/rows';
import type { OutboxStatus } from '../../domain/sync';
import { PagedTable } from '../../ui/PagedTable';
import type { TableColumn } from '../../ui/PagedTable';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { EsChange } from '../../ui/energyStar/EsChange';
import { esValue } from '../../ui/energyStar/esFormat';

type Row = EsRowView<EnergyStarMetricRow>;

/** A metric's column (its unit is named above the table): the value, and under it the change versus the baseline. */
function metricColumn(key: EsMetricKey, header: string): TableColumn<Row> {
  return {
    key,
    header,
    isNumeric: true,
    render: (row) => (
      <span className="energy-star-cell">
        <span>{esValue(key, row[key], false)}</span>
        {row.isBaseline ? null : <EsChange metric={key} change={row.vsBaseline[key]} />}
      </span>
    ),
  };
}

/** The table's columns; a row with a queued score update is marked beside its month. */
function columnsOf(queued: Readonly<Record<string, OutboxStatus>>): TableColumn<Row>[] {
  return [
    {
      key: 'month',
      header: 'Month',
      isRowHeader: true,
      render: (row) => (
        <>
          {monthLabel(row.metricMonth)} <QueuedBadge status={queued[`energyStarMetrics:${row.id}`]} />
        </>
      ),
    },
    metricColumn('score', 'Score'),
    {
      key: 'change',
      header: 'Change',
      isNumeric: true,
      render: (row) => (row.change === 0 ? '0' : <EsChange metric="score" change={{ change: row.change }} />),
    },
    metricColumn('sourceIntensity', 'Source intensity'),
    metricColumn('locationIntensity', 'Site intensity'),
    metricColumn('sourceTotal', 'Source energy'),
    metricColumn('locationTotal', 'Site energy'),
    metricColumn('totalGHGEmissions', 'GHG emissions'),
  ];
}

/**
 * The monthly rows of the period, newest first: each metric with its change versus the baseline year (spec 000 §3),
 * the score's change from the month before, and the baseline months marked.
 */
export function EsMonthlyTable({
  rows,
  queued,
}: {
  rows: readonly Row[] | undefined;
  queued: Readonly<Record<string, OutboxStatus>>;
}) {
  const columns = useMemo(() => columnsOf(queued), [queued]);
  return (
    <>
      <p className="muted energy-star-units">
        Intensities in {ES_UNITS.intensity}, energy in {ES_UNITS.energy}, emissions in {ES_UNITS.emissions};
        each figure covers the twelve months ending with its month. Under each figure: its change versus the
        baseline.
      </p>
      <PagedTable
        caption="Monthly ENERGY STAR figures"
        columns={columns}
        rows={rows ? [...rows].reverse() : undefined}
        getKey={(row) => row.id}
        emptyText="No ENERGY STAR figures in this period."
      />
    </>
  );
}
