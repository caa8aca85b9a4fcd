// chart.js configurations for our three chart kinds, shared by the page and by image exports.
import type { ChartData, ChartOptions, Plugin, TooltipItem } from 'chart.js';
import { serviceColour, seriesColour } from '../serviceColours';
import { formatChartValue, formatTick } from './format';
import type { ChartValueKind } from './format';
import type { ChartTheme } from './theme';
import type { XWindow } from './window';

/** One series: a value per label (null = no value); a service type picks its colour. */
export interface ChartSeries {
  label: string;
  data: readonly (number | null)[];
  /** Service type value ('electric') or display name; sets the series colour. */
  serviceType?: string;
  /** Doughnut slices: a service type per label (default: the label itself, e.g. 'Electricity'). */
  pointServiceTypes?: readonly string[];
  /**
   * Drawn as a line on a second axis at the right, in the spec's `secondaryUnit` (degree days beside usage): a
   * figure of another kind than the chart's values, never stacked with them.
   */
  isSecondaryAxis?: boolean;
}

/** The chart kinds the wrapper draws. */
export type ChartKind = 'bar' | 'line' | 'doughnut';

/** What to draw, independent of where. */
export interface ChartSpec {
  title: string;
  type: ChartKind;
  labels: readonly string[];
  datasets: readonly ChartSeries[];
  valueKind: ChartValueKind;
  /** Unit of 'number' values ('kWh'): the y-axis title and tooltips. */
  unit?: string;
  /** Bars or lines of a series stacked on the previous ones. */
  isStacked?: boolean;
  /** Unit of the series on the second axis ('°F-days'): its title and tooltips. */
  secondaryUnit?: string;
}

/** A point on the linear x scale: x is the label index. */
export interface XYPoint {
  x: number;
  y: number;
}

/** A configuration react-chartjs-2 or `new Chart()` accepts, by kind. */
export type ChartConfig =
  | { type: 'bar'; data: ChartData<'bar', XYPoint[]>; options: ChartOptions<'bar'> }
  | { type: 'line'; data: ChartData<'line', XYPoint[]>; options: ChartOptions<'line'> }
  | { type: 'doughnut'; data: ChartData<'doughnut', number[]>; options: ChartOptions<'doughnut'> };

/** Where the configuration is drawn: on the page (themed, animated) or into an export image. */
export interface RenderTarget {
  theme: ChartTheme;
  window: XWindow;
  isPrint: boolean;
  /** Draw the title inside the chart (exported PNGs; the page shows it as a heading instead). */
  hasTitle?: boolean;
}

/** The colour of series `index`: its service's colour, else a series colour. */
export function seriesColourOf(series: ChartSeries, index: number): string {
  return series.serviceType ? serviceColour(series.serviceType) : seriesColour(index);
}

function commonPlugins(spec: ChartSpec, target: RenderTarget) {
  const { theme } = target;
  return {
    legend: {
      display: spec.type === 'doughnut' || spec.datasets.length > 1,
      position: 'bottom' as const,
      labels: {
        color: theme.text,
        usePointStyle: true,
        pointStyle: 'rectRounded' as const,
        boxWidth: 10,
        boxHeight: 10,
        padding: 16,
        // In the datasets' order: a second-axis line drawn over the bars (a lower order) still comes after them.
        sort: (a: { datasetIndex?: number }, b: { datasetIndex?: number }) =>
          (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0),
      },
    },
    title: {
      display: target.hasTitle === true,
      text: spec.title,
      color: theme.text,
      font: { size: 18, weight: 'bold' as const },
      padding: { bottom: 16 },
    },
    tooltip: {
      backgroundColor: theme.tooltip,
      titleColor: theme.tooltipText,
      bodyColor: theme.tooltipText,
      borderColor: theme.grid,
      borderWidth: 1,
      padding: 10,
      cornerRadius: 6,
      boxPadding: 4,
      usePointStyle: true,
    },
  };
}

/** Draws a white page behind exported images (JPEG has no transparency; PNGs paste onto documents). */
export const printBackground: Plugin = {
  id: 'printBackground',
  beforeDraw(chart) {
    const { ctx } = chart;
    ctx.save();
    ctx.fillStyle = PRINT_BACKGROUND;
    ctx.fillRect(0, 0, chart.width, chart.height);
    ctx.restore();
  },
};
const PRINT_BACKGROUND = '#ffffff';

/** The parts of a bar or line tooltip item that our callbacks read (both kinds' items have them). */
type CartesianItem = {
  parsed: { x: number | null; y: number | null };
  dataset: { label?: string; yAxisID?: string };
};

/** The id of the second value axis (ChartSeries.isSecondaryAxis). */
const SECONDARY_AXIS = 'y1';

function cartesianParts(spec: ChartSpec, target: RenderTarget) {
  const { theme, window } = target;
  const labels = spec.labels;
  const tickStep = (ticks: readonly { value: number }[]): number => {
    const [a, b] = ticks;
    return a && b ? b.value - a.value : 1;
  };
  const scales = {
    x: {
      type: 'linear' as const,
      min: window.min,
      max: window.max,
      stacked: spec.isStacked === true,
      // Bar charts default their index scale to offset: true, which would pad the window's edges.
      offset: false,
      grid: { display: false, offset: false },
      border: { color: theme.grid },
      // One tick per point, at whole x values. Left to itself chart.js puts ticks at min + k when
      // max − min is whole (min is −0.5 when every point shows), which would label no point at all.
      afterBuildTicks: (axis: { min: number; max: number; ticks: { value: number }[] }) => {
        const ticks: { value: number }[] = [];
        for (let value = Math.ceil(axis.min); value <= Math.floor(axis.max); value++) ticks.push({ value });
        axis.ticks = ticks;
      },
      ticks: {
        color: theme.muted,
        maxRotation: 0,
        autoSkipPadding: 12,
        callback: (value: number | string) => {
          const index = Number(value);
          return Number.isInteger(index) ? (labels[index] ?? '') : '';
        },
      },
    },
    y: {
      type: 'linear' as const,
      beginAtZero: true,
      stacked: spec.isStacked === true,
      grace: '5%',
      grid: { color: theme.grid },
      border: { display: false },
      title: {
        display: Boolean(spec.unit) && spec.valueKind === 'number',
        text: spec.unit ?? '',
        color: theme.muted,
      },
      ticks: {
        color: theme.muted,
        maxTicksLimit: 6,
        callback: (value: number | string, _index: number, ticks: { value: number }[]) =>
          formatTick(Number(value), spec.valueKind, tickStep(ticks)),
      },
    },
  };
  const hasSecondary = spec.datasets.some((series) => series.isSecondaryAxis === true);
  const secondary = {
    type: 'linear' as const,
    position: 'right' as const,
    beginAtZero: true,
    grace: '5%',
    grid: { drawOnChartArea: false },
    border: { display: false },
    title: { display: Boolean(spec.secondaryUnit), text: spec.secondaryUnit ?? '', color: theme.muted },
    ticks: {
      color: theme.muted,
      maxTicksLimit: 6,
      callback: (value: number | string, _index: number, ticks: { value: number }[]) =>
        formatTick(Number(value), 'number', tickStep(ticks)),
    },
  };
  const tooltipCallbacks = {
    title: (items: CartesianItem[]) => labels[items[0]?.parsed.x ?? -1] ?? '',
    label: (item: CartesianItem) =>
      item.dataset.yAxisID === SECONDARY_AXIS
        ? `${item.dataset.label ?? ''}: ${formatChartValue(item.parsed.y, 'number', spec.secondaryUnit)}`
        : `${item.dataset.label ?? ''}: ${formatChartValue(item.parsed.y, spec.valueKind, spec.unit)}`,
  };
  const points = (series: ChartSeries): XYPoint[] =>
    // NaN, not null, marks a missing value: chart.js skips it (a gap in a line, no bar) and the type stays numeric.
    labels.map((_, x) => ({ x, y: series.data[x] ?? Number.NaN }));
  return {
    scales: hasSecondary ? { ...scales, [SECONDARY_AXIS]: secondary } : scales,
    tooltipCallbacks,
    points,
  };
}

function baseOptions(target: RenderTarget) {
  return {
    responsive: !target.isPrint,
    maintainAspectRatio: false,
    animation: target.isPrint ? (false as const) : { duration: 350 },
    interaction: { mode: 'index' as const, intersect: false },
    font: { family: target.theme.font },
  };
}

/** The chart.js configuration of a spec for a target. */
export function chartConfig(spec: ChartSpec, target: RenderTarget): ChartConfig {
  const plugins = commonPlugins(spec, target);
  if (spec.type === 'doughnut') {
    const series = spec.datasets[0];
    const values = spec.labels.map((_, i) => Math.max(0, series?.data[i] ?? 0));
    const total = values.reduce((sum, v) => sum + v, 0);
    const colours = spec.labels.map((label, i) => serviceColour(series?.pointServiceTypes?.[i] ?? label));
    return {
      type: 'doughnut',
      data: {
        labels: [...spec.labels],
        datasets: [
          {
            label: series?.label ?? spec.title,
            data: values,
            backgroundColor: colours,
            borderColor: target.theme.surface,
            borderWidth: 2,
            hoverOffset: 6,
          },
        ],
      },
      options: {
        ...baseOptions(target),
        cutout: '62%',
        plugins: {
          ...plugins,
          tooltip: {
            ...plugins.tooltip,
            callbacks: {
              label: (item: TooltipItem<'doughnut'>) => {
                const share = total > 0 ? ` (${((item.parsed / total) * 100).toFixed(1)}%)` : '';
                return `${item.label}: ${formatChartValue(item.parsed, spec.valueKind, spec.unit)}${share}`;
              },
            },
          },
        },
      },
    };
  }
  const { scales, tooltipCallbacks, points } = cartesianParts(spec, target);
  const tooltip = {
    ...plugins.tooltip,
    filter: (item: CartesianItem) => Number.isFinite(item.parsed.y ?? Number.NaN),
    callbacks: tooltipCallbacks,
  };
  const options = { ...baseOptions(target), scales, plugins: { ...plugins, tooltip } };
  /** Each series as a dataset: its label and points, drawn in its colour by the chart type's look. */
  const datasets = <Look>(look: (colour: string) => Look) =>
    spec.datasets
      .filter((series) => series.isSecondaryAxis !== true)
      .map((series, i) => ({
        label: series.label,
        data: points(series),
        ...look(seriesColourOf(series, i)),
      }));
  // The second axis's series: thin dashed lines over the chart's own (a mixed chart on a bar chart).
  const secondaryDatasets = spec.datasets
    .filter((series) => series.isSecondaryAxis === true)
    .map((series, i) => {
      const colour = seriesColourOf(series, spec.datasets.length + i);
      return {
        type: 'line' as const,
        yAxisID: SECONDARY_AXIS,
        label: series.label,
        data: points(series),
        borderColor: colour,
        backgroundColor: colour,
        borderDash: [6, 4],
        borderWidth: 2,
        pointRadius: 2,
        tension: 0.3,
        stack: SECONDARY_AXIS,
        // Drawn over the bars (chart.js draws a lower order later).
        order: -1,
      };
    });
  if (spec.type === 'line') {
    const lines = datasets((colour) => ({
      borderColor: colour,
      backgroundColor: colour,
      pointBackgroundColor: target.theme.surface,
      pointBorderColor: colour,
      pointRadius: 3,
      pointHoverRadius: 5,
      borderWidth: 2,
      tension: 0.3,
    }));
    return {
      type: 'line',
      data: { datasets: [...lines, ...secondaryDatasets] },
      options,
    };
  }
  const bars = datasets((colour) => ({
    backgroundColor: colour,
    hoverBackgroundColor: colour,
    borderRadius: spec.isStacked ? 0 : 3,
    maxBarThickness: 40,
    categoryPercentage: 0.8,
    barPercentage: 0.9,
  }));
  return {
    type: 'bar',
    data: {
      // chart.js draws a dataset of another type on a bar chart (a mixed chart); its bar typings do not say so.
      datasets: [...bars, ...(secondaryDatasets as unknown as typeof bars)],
    },
    options,
  };
}
