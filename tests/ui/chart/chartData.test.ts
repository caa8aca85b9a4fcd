import { describe, expect, it } from 'vitest';
import {
  chartExportTable,
  chartFileName,
  CHART_EXPORT_FORMATS,
  exportImageSize,
  tableExportRequest,
} from '../../../src/ui/chart/chartExport';
import { chartConfig } from '../../../src/ui/chart/config';
import type { ChartSpec } from '../../../src/ui/chart/config';
import { PRINT_THEME } from '../../../src/ui/chart/theme';
import { visibleWindow } from '../../../src/ui/chart/window';
import { SERVICE_COLOURS } from '../../../src/ui/serviceColours';

const months = Array.from(
  { length: 36 },
  (_, i) =>
    `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][i % 12]} ${2023 + Math.floor(i / 12)}`,
);
const spend: ChartSpec = {
  title: 'Spend by service',
  type: 'bar',
  labels: months,
  datasets: [
    { label: 'Electricity', serviceType: 'electric', data: months.map((_, i) => 1000 + i) },
    { label: 'Water', serviceType: 'water', data: months.map((_, i) => (i === 3 ? null : 200 + i)) },
  ],
  valueKind: 'currency',
};

describe('chartConfig', () => {
  const config = chartConfig(spec(), { theme: PRINT_THEME, window: visibleWindow(36), isPrint: false });
  function spec(): ChartSpec {
    return spend;
  }

  it('colours series by service and puts points at their label index', () => {
    if (config.type !== 'bar') throw new Error('bar expected');
    expect(config.data.datasets.map((d) => d.backgroundColor)).toEqual([
      SERVICE_COLOURS.electric,
      SERVICE_COLOURS.water,
    ]);
    expect(config.data.datasets[0]?.data[35]).toEqual({ x: 35, y: 1035 });
    // A missing value is NaN: no bar, and no tooltip line.
    expect(config.data.datasets[1]?.data[3]?.y).toBeNaN();
  });

  it('sets the x scale to the last 11.75 points and follows the theme colours', () => {
    if (config.type !== 'bar') throw new Error('bar expected');
    const x = config.options.scales?.x;
    expect(x).toMatchObject({ type: 'linear', min: 23.75, max: 35.5 });
    expect(x?.ticks?.color).toBe(PRINT_THEME.muted);
    expect(config.options.scales?.y?.grid?.color).toBe(PRINT_THEME.grid);
    expect(config.options.plugins?.legend?.labels?.color).toBe(PRINT_THEME.text);
  });

  it('draws a doughnut slice per label in its service colour', () => {
    const doughnut = chartConfig(
      {
        title: 'Spend share',
        type: 'doughnut',
        labels: ['Electricity', 'Natural Gas'],
        datasets: [{ label: 'Spend', data: [300, null] }],
        valueKind: 'currency',
      },
      { theme: PRINT_THEME, window: visibleWindow(2), isPrint: true, hasTitle: true },
    );
    if (doughnut.type !== 'doughnut') throw new Error('doughnut expected');
    expect(doughnut.data.datasets[0]?.data).toEqual([300, 0]);
    expect(doughnut.data.datasets[0]?.backgroundColor).toEqual([
      SERVICE_COLOURS.electric,
      SERVICE_COLOURS.natural_gas,
    ]);
    expect(doughnut.options.plugins?.title).toMatchObject({ display: true, text: 'Spend share' });
  });
});

describe('chartExportTable', () => {
  it('exports a label column then a column per series in the chart value kind', () => {
    const table = chartExportTable(spend);
    expect(table.columns).toEqual([
      { title: 'Month', kind: 'text' },
      { title: 'Electricity', kind: 'currency' },
      { title: 'Water', kind: 'currency' },
    ]);
    expect(table.rows).toHaveLength(36);
    expect(table.rows[3]).toEqual(['Apr 2023', 1003, null]);
  });

  it('names the unit of usage series and shares of a doughnut as percents', () => {
    const usage = chartExportTable({ ...spend, valueKind: 'number', unit: 'kWh' }, 'Bill month');
    expect(usage.columns.map((c) => c.title)).toEqual(['Bill month', 'Electricity (kWh)', 'Water (kWh)']);
    const share = chartExportTable({
      title: 'Share',
      type: 'doughnut',
      labels: ['Water', 'Sewage'],
      datasets: [{ label: 'Spend', data: [75, 25] }],
      valueKind: 'currency',
    });
    expect(share.columns).toEqual([
      { title: 'Service', kind: 'text' },
      { title: 'Spend', kind: 'currency' },
      { title: 'Share', kind: 'percent' },
    ]);
    expect(share.rows).toEqual([
      ['Water', 75, 75],
      ['Sewage', 25, 25],
    ]);
  });

  it('reads row arrays by position in the export request', () => {
    const request = tableExportRequest('Spend by service', chartExportTable(spend));
    expect(request.title).toBe('Spend by service');
    expect(request.columns.map((c) => c.value(['Jan 2023', 1, 2]))).toEqual(['Jan 2023', 1, 2]);
  });
});

describe('export formats and names', () => {
  it('offers PDF, XLSX and PNG; SVG, JSON, HTML and CSV are listed but unavailable', () => {
    expect(CHART_EXPORT_FORMATS.filter((f) => f.isAvailable).map((f) => f.label)).toEqual([
      'PDF',
      'XLSX',
      'PNG',
    ]);
    expect(CHART_EXPORT_FORMATS.filter((f) => !f.isAvailable).map((f) => f.label)).toEqual([
      'SVG',
      'JSON',
      'HTML',
      'CSV',
    ]);
  });

  it('names files with the title and the local date', () => {
    const date = new Date(2025, 2, 4, 23, 30);
    expect(chartFileName('Spend by service', 'png', date)).toBe('Spend by service_2025-03-04.png');
    expect(chartFileName('Spend by service', 'pdf', date)).toBe('Spend by service_2025-03-04.pdf');
  });

  it('sizes exported images to fit every point', () => {
    expect(exportImageSize(spend, 'png')).toEqual({ width: 1224, height: 560 });
    expect(exportImageSize(spend, 'pdf')).toEqual({ width: 960, height: 650 });
    expect(exportImageSize({ ...spend, labels: months.slice(0, 6) }, 'png').width).toBe(960);
  });
});
