import { lazy, Suspense, useId, useMemo, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { useExport } from '../../export/useExport';
import { ProgressBar } from '../ProgressBar';
import { chartConfig } from './config';
import type { ChartKind, ChartSeries, ChartSpec } from './config';
import { chartExportTable, exportChartPdf, exportChartPng, tableExportRequest } from './chartExport';
import type { ChartExportFormat, ChartExportRows } from './chartExport';
import { ExportMenu } from './ExportMenu';
import { formatChartValue } from './format';
import type { ChartValueKind } from './format';
import { useChartTheme } from './theme';
import {
  fullWindow,
  isScrollable,
  SCROLL_STEP,
  scrollBounds,
  VISIBLE_POINTS,
  visibleRange,
  visibleWindow,
} from './window';
import './chart.css';

export type { ChartExportRows, ChartKind, ChartSeries, ChartValueKind };

/** Props of a chart card: what to draw (labels are bill months, or services for a doughnut), and the card around it. */
export type ChartProps = ChartSpec & {
  /** True while the data loads (useLiveQuery's undefined): a placeholder with aria-busy. */
  isLoading: boolean;
  /** Shown when there is nothing to draw (default 'No data to show'). */
  emptyText?: string;
  /** What XLSX exports, instead of the chart's own series. */
  exportRows?: ChartExportRows;
  /** Title of the label column in the XLSX export (default 'Month'; 'Service' for a doughnut). */
  labelTitle?: string;
  /** Plot height in pixels (default 300). */
  height?: number;
  /** Controls shown in the card header before the export menu (filters). */
  actions?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  className?: string;
};

/** chart.js (about 200 KB) loads with the first chart that has something to draw, not with the page's route. */
const ChartCanvas = lazy(() => import('./ChartCanvas').then((module) => ({ default: module.ChartCanvas })));

/** The loading placeholder: bars of a skeleton, the height of the chart, so nothing moves when the data arrives. */
function ChartSkeleton({ title, height }: { title: string; height: number }) {
  return (
    <div className="chart-card__placeholder" style={{ height }}>
      <span className="chart-card__skeleton" aria-hidden="true">
        {[46, 68, 54, 80, 62, 74, 50, 88].map((h, i) => (
          <span key={i} style={{ height: `${h}%` }} />
        ))}
      </span>
      <span className="visually-hidden">Loading {title}…</span>
    </div>
  );
}

/** A chart card: title, export menu, the chart (bar, line or doughnut) with a scrollbar past 12 points. */
export function Chart(props: ChartProps) {
  const { title, type, labels, datasets, valueKind, unit, secondaryUnit, isLoading, isStacked } = props;
  const height = props.height ?? 300;
  const titleId = useId();
  const theme = useChartTheme();
  const exporter = useExport();
  const [busyFormat, setBusyFormat] = useState<ChartExportFormat | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [scroll, setScroll] = useState<{ count: number; start: number } | null>(null);

  const count = labels.length;
  const spec = useMemo<ChartSpec>(() => {
    const base: ChartSpec = { title, type, labels, datasets, valueKind, isStacked: isStacked === true };
    return {
      ...base,
      ...(unit === undefined ? {} : { unit }),
      ...(secondaryUnit === undefined ? {} : { secondaryUnit }),
    };
  }, [title, type, labels, datasets, valueKind, unit, secondaryUnit, isStacked]);
  const canScroll = type !== 'doughnut' && isScrollable(count);
  // A new number of points starts again at the latest 11.75 (spec), whatever was scrolled before.
  const start = canScroll && scroll?.count === count ? scroll.start : undefined;
  const { min, max } = canScroll ? visibleWindow(count, start) : fullWindow(count);
  const config = useMemo(
    () => chartConfig(spec, { theme, window: { min, max }, isPrint: false }),
    [spec, theme, min, max],
  );

  const isEmpty =
    count === 0 || datasets.length === 0 || datasets.every((series) => series.data.every((v) => v === null));
  const bounds = scrollBounds(count);
  const shown = visibleRange({ min, max }, count);
  const Heading = `h${props.headingLevel ?? 3}` as const;
  // The thumb is as wide as the share of points in view, like a native scrollbar's.
  const thumbStyle: CSSProperties & Record<'--chart-thumb', string> = {
    '--chart-thumb': `${Math.max(8, (VISIBLE_POINTS / Math.max(count, 1)) * 100)}%`,
  };

  const runExport = async (format: ChartExportFormat) => {
    setImageError(null);
    setBusyFormat(format);
    try {
      if (format === 'xlsx') {
        await exporter.exportXlsx(
          tableExportRequest(title, props.exportRows ?? chartExportTable(spec, props.labelTitle)),
        );
      } else if (format === 'png') {
        await exportChartPng(spec);
      } else if (format === 'pdf') {
        await exportChartPdf(spec);
      }
    } catch (error) {
      setImageError(`The export could not be completed.${error instanceof Error ? ` ${error.message}` : ''}`);
    } finally {
      setBusyFormat(null);
    }
  };

  const error = imageError ?? exporter.error;
  return (
    <section
      className={props.className ? `chart-card ${props.className}` : 'chart-card'}
      aria-labelledby={titleId}
      aria-busy={isLoading}
    >
      <header className="chart-card__header">
        <Heading id={titleId} className="chart-card__title">
          {title}
        </Heading>
        <div className="chart-card__actions">
          {props.actions}
          <ExportMenu
            onSelect={(format) => void runExport(format)}
            busyFormat={busyFormat}
            isDisabled={isLoading || isEmpty}
          />
        </div>
      </header>
      {isLoading ? (
        <ChartSkeleton title={title} height={height} />
      ) : isEmpty ? (
        <div className="chart-card__placeholder" style={{ height }}>
          {props.emptyText ?? 'No data to show'}
        </div>
      ) : (
        <>
          <Suspense fallback={<ChartSkeleton title={title} height={height} />}>
            <div className="chart-card__canvas" style={{ height }}>
              <ChartCanvas config={config} label={`${title}, ${type} chart`} />
            </div>
          </Suspense>
          {canScroll && (
            <input
              type="range"
              className="chart-card__scroll"
              aria-label={`Scroll ${title}`}
              aria-valuetext={`${labels[shown.first] ?? ''} to ${labels[shown.last] ?? ''}`}
              min={bounds.min}
              max={bounds.max}
              step={SCROLL_STEP}
              value={min}
              style={thumbStyle}
              onChange={(event) => setScroll({ count, start: Number(event.currentTarget.value) })}
            />
          )}
          <ChartTable spec={spec} />
        </>
      )}
      {exporter.progress !== null && <ProgressBar value={exporter.progress} label="Exporting XLSX" />}
      {error !== null && (
        <p role="alert" className="chart-card__error">
          {error}
        </p>
      )}
    </section>
  );
}

/**
 * The chart's numbers as a table for screen readers (a canvas has no content of its own). Hidden by a wrapper: a
 * table is never narrower than its content, so a hidden table of a year of months widened narrow pages.
 */
function ChartTable({ spec }: { spec: ChartSpec }) {
  return (
    <div className="visually-hidden">
      <table>
        <caption>{spec.title}</caption>
        <thead>
          <tr>
            <th scope="col">{spec.type === 'doughnut' ? 'Service' : 'Period'}</th>
            {spec.datasets.map((series, index) => (
              <th scope="col" key={`${series.label}-${index}`}>
                {series.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {spec.labels.map((label, i) => (
            <tr key={`${label}-${i}`}>
              <th scope="row">{label}</th>
              {spec.datasets.map((series, index) => (
                <td key={`${series.label}-${index}`}>
                  {formatChartValue(series.data[i], spec.valueKind, spec.unit)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
