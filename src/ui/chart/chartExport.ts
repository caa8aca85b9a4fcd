// The chart's export menu actions: PDF and PNG images drawn off screen, XLSX through the export worker.
import { exportFileName } from '../../domain/format';
import { downloadBlob } from '../../export/downloadBlob';
import type { ExportRequest } from '../../export/useExport';
import type { ExportSourceColumn } from '../../export/exportRows';
import type { ExportColumnKind } from '../../../workers/export/api';
import { chartConfig, printBackground } from './config';
import type { ChartSpec } from './config';
import { buildChartPdf } from './pdf';
import { PRINT_THEME } from './theme';
import { fullWindow } from './window';

/** Every format of the menu, in order (spec: PDF, XLSX and images; SVG, JSON, HTML, CSV disabled). */
export const CHART_EXPORT_FORMATS = [
  { format: 'pdf', label: 'PDF', isAvailable: true },
  { format: 'xlsx', label: 'XLSX', isAvailable: true },
  { format: 'png', label: 'PNG', isAvailable: true },
  { format: 'svg', label: 'SVG', isAvailable: false },
  { format: 'json', label: 'JSON', isAvailable: false },
  { format: 'html', label: 'HTML', isAvailable: false },
  { format: 'csv', label: 'CSV', isAvailable: false },
] as const;

/** One export format of the menu. */
export type ChartExportFormat = (typeof CHART_EXPORT_FORMATS)[number]['format'];

/** Rows a page exports instead of the chart's own series: value arrays in column order (percent columns in percents, 12.5 = 12.50 %). */
export interface ChartExportRows {
  columns: readonly { title: string; kind: ExportColumnKind; width?: number }[];
  rows: readonly (readonly unknown[])[];
}

type TableRow = readonly unknown[];

/** The chart's data as an export table: a label column, then a column per series ('Share' for doughnuts). */
export function chartExportTable(spec: ChartSpec, labelTitle?: string): ChartExportRows {
  const kind: ExportColumnKind = spec.valueKind;
  const unit = spec.valueKind === 'number' && spec.unit ? ` (${spec.unit})` : '';
  if (spec.type === 'doughnut') {
    const series = spec.datasets[0];
    const values = spec.labels.map((_, i) => series?.data[i] ?? null);
    const total = values.reduce<number>((sum, v) => sum + Math.max(0, v ?? 0), 0);
    return {
      columns: [
        { title: labelTitle ?? 'Service', kind: 'text' },
        { title: `${series?.label ?? spec.title}${unit}`, kind },
        { title: 'Share', kind: 'percent' },
      ],
      rows: spec.labels.map((label, i) => {
        const value = values[i] ?? null;
        // Percents, as grid columns hold them (src/export divides for Excel's % format).
        return [label, value, value === null || total === 0 ? null : (Math.max(0, value) / total) * 100];
      }),
    };
  }
  return {
    columns: [
      { title: labelTitle ?? 'Month', kind: 'text' },
      ...spec.datasets.map((series) => ({ title: `${series.label}${unit}`, kind })),
    ],
    rows: spec.labels.map((label, i) => [label, ...spec.datasets.map((series) => series.data[i] ?? null)]),
  };
}

/** The export request of a table, with columns reading row arrays by position. */
export function tableExportRequest(title: string, table: ChartExportRows): ExportRequest<TableRow> {
  const columns: ExportSourceColumn<TableRow>[] = table.columns.map((column, i) => ({
    ...column,
    value: (row) => row[i],
  }));
  return { title, columns, rows: table.rows };
}

/** `{title}_{YYYY-MM-DD}.{extension}`, the export name of spec 000 §9 with another extension. */
export function chartFileName(title: string, extension: string, date: Date = new Date()): string {
  return exportFileName(title, date).replace(/\.xlsx$/, `.${extension}`);
}

/** What an exported image is for: a PNG of its own, or the picture on a PDF page (which has the title). */
export type ImagePurpose = 'png' | 'pdf';

/**
 * CSS-pixel size of an exported image (drawn at twice the pixels). A PNG grows with the points, since
 * exports are not scrolled; a PDF image has the page's proportions and is narrow enough that its
 * 12 px text stays about 9 pt on the page.
 */
export function exportImageSize(spec: ChartSpec, purpose: ImagePurpose): { width: number; height: number } {
  if (purpose === 'pdf') return { width: 960, height: 650 };
  if (spec.type === 'doughnut') return { width: 900, height: 600 };
  return { width: Math.min(1800, Math.max(960, spec.labels.length * 34)), height: 560 };
}

/** Draws the whole chart (all points, light colours, white page) off screen and encodes it. */
export async function renderChartImage(spec: ChartSpec, purpose: ImagePurpose): Promise<Blob> {
  // chart.js comes with the first chart drawn on screen; an export may come first (nothing else needs it yet).
  const { ChartJS } = await import('./setup');
  const { width, height } = exportImageSize(spec, purpose);
  const host = document.createElement('div');
  // Attached but off screen: chart.js measures fonts and sizes through the document.
  host.style.cssText = `position:fixed;left:-20000px;top:0;width:${width}px;height:${height}px;pointer-events:none`;
  host.setAttribute('aria-hidden', 'true');
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  host.append(canvas);
  document.body.append(host);
  // A PNG carries its title inside; on a PDF page the title is text above the image.
  const config = chartConfig(spec, {
    theme: PRINT_THEME,
    window: fullWindow(spec.labels.length),
    isPrint: true,
    hasTitle: purpose === 'png',
  });
  // Twice the pixels, so the image stays sharp in a PDF or on a high-density screen.
  const print = { devicePixelRatio: 2, layout: { padding: 24 } };
  const chart =
    config.type === 'bar'
      ? new ChartJS(canvas, {
          type: 'bar',
          data: config.data,
          options: { ...config.options, ...print },
          plugins: [printBackground],
        })
      : config.type === 'line'
        ? new ChartJS(canvas, {
            type: 'line',
            data: config.data,
            options: { ...config.options, ...print },
            plugins: [printBackground],
          })
        : new ChartJS(canvas, {
            type: 'doughnut',
            data: config.data,
            options: { ...config.options, ...print },
            plugins: [printBackground],
          });
  try {
    const type = purpose === 'png' ? 'image/png' : 'image/jpeg';
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.92));
    if (!blob) throw new Error('The chart image could not be drawn.');
    return blob;
  } finally {
    chart.destroy();
    host.remove();
  }
}

/** Downloads the chart as a PNG image. */
export async function exportChartPng(spec: ChartSpec): Promise<void> {
  downloadBlob(await renderChartImage(spec, 'png'), chartFileName(spec.title, 'png'));
}

/** Downloads the chart as a one-page PDF (title, export date, image). */
export async function exportChartPdf(spec: ChartSpec): Promise<void> {
  const jpeg = new Uint8Array(await (await renderChartImage(spec, 'pdf')).arrayBuffer());
  const now = new Date();
  const subtitle = `Exported ${now.toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' })}`;
  const pdf = buildChartPdf({ title: spec.title, subtitle, jpeg }, now);
  downloadBlob(new Blob([pdf], { type: 'application/pdf' }), chartFileName(spec.title, 'pdf', now));
}
