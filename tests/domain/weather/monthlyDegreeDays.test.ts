// Degree days beside usage (monthlyDegreeDays, the chart's figures) and the chart's second axis that draws them.
import { describe, expect, it } from 'vitest';
import { monthlyDegreeDays } from '../../../src/domain/weather/accountWeather';
import { datesBetween, sumOf } from '../../../src/domain/weather/degreeDays';
import { bundledTemperatures } from '../../../src/domain/weather/stations';
import { chartConfig } from '../../../src/ui/chart/config';
import { PRINT_THEME } from '../../../src/ui/chart/theme';
import { fullWindow } from '../../../src/ui/chart/window';

const chicago = bundledTemperatures('USW00014819');

describe('monthlyDegreeDays', () => {
  it('gives each covered month its HDD and CDD at 65 °F, and null for a month without temperatures', () => {
    const january = datesBetween('2015-01-01', '2015-02-01').map((date) => chicago.get(date) ?? Number.NaN);
    const july = datesBetween('2014-07-01', '2014-08-01').map((date) => chicago.get(date) ?? Number.NaN);
    const result = monthlyDegreeDays(chicago, ['2014-06', '2014-07', '2015-01']);
    expect(result).toEqual({
      heating: [
        null,
        Math.round(sumOf(july.map((t) => Math.max(65 - t, 0)))),
        Math.round(sumOf(january.map((t) => Math.max(65 - t, 0)))),
      ],
      cooling: [
        null,
        Math.round(sumOf(july.map((t) => Math.max(t - 65, 0)))),
        Math.round(sumOf(january.map((t) => Math.max(t - 65, 0)))),
      ],
    });
    // Chicago's January is all heating: about 1,200 HDD (NOAA's Midway normal is near 1,150).
    expect(result?.heating[2]).toBeGreaterThan(1000);
    expect(result?.cooling[2]).toBe(0);
  });

  it('is null when no month is covered (nothing is drawn)', () => {
    expect(monthlyDegreeDays(chicago, ['2023-01', '2023-02'])).toBeNull();
    // A month with 27 of its 31 days (87 %) is below CalTRACK's 90 %.
    const partial = new Map(
      [...chicago].filter(
        ([date]) => !['2015-01-01', '2015-01-02', '2015-01-03', '2015-01-04'].includes(date),
      ),
    );
    expect(monthlyDegreeDays(partial, ['2015-01'])).toBeNull();
  });

  it('draws second-axis series as lines on their own right axis', () => {
    const labels = ['Jul 2014', 'Aug 2014'];
    const config = chartConfig(
      {
        title: 'Consumption',
        type: 'bar',
        labels,
        valueKind: 'number',
        unit: 'kWh',
        secondaryUnit: 'Degree days (65 °F)',
        datasets: [
          { label: 'Electricity', serviceType: 'electric', data: [100, 120] },
          { label: 'Cooling degree days', data: [300, 280], isSecondaryAxis: true },
        ],
      },
      { theme: PRINT_THEME, window: fullWindow(labels.length), isPrint: true },
    );
    const datasets = config.data.datasets as { type?: string; yAxisID?: string }[];
    expect(datasets.map((dataset) => [dataset.type, dataset.yAxisID])).toEqual([
      [undefined, undefined],
      ['line', 'y1'],
    ]);
    const scales = (
      config.options as { scales: Record<string, { position?: string; title: { text: string } }> }
    ).scales;
    expect(scales.y1?.position).toBe('right');
    expect(scales.y1?.title.text).toBe('Degree days (65 °F)');
  });
});
