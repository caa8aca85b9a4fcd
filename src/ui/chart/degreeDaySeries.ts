// Degree days as a chart's second-axis series (ChartSeries.isSecondaryAxis), beside usage or charges.
import type { MonthlyDegreeDays } from '../../domain/weather/accountWeather';
import type { ChartSeries } from './config';

/** The unit of the degree-day axis: degree days at NOAA's 65 °F base, as the Weather panel shows them. */
export const DEGREE_DAY_UNIT = 'Degree days (65 °F)';

/** HDD and CDD as line series on the second axis; none without degree days. */
export function degreeDaySeries(degreeDays: MonthlyDegreeDays | null): ChartSeries[] {
  if (degreeDays === null) return [];
  return [
    { label: 'Heating degree days', data: degreeDays.heating, isSecondaryAxis: true },
    { label: 'Cooling degree days', data: degreeDays.cooling, isSecondaryAxis: true },
  ];
}
