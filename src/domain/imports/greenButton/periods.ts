import { GreenButtonError } from './errors';
import { type LocalTimeParameters, localDate, localMidnightUtc } from './localTime';
import type { GreenButtonMeterReading } from './parseGreenButton';

/** A span of local calendar dates, `endDate` excluded: a bill's read dates, where the next bill starts. */
export interface ReadPeriod {
  readonly startDate: string;
  readonly endDate: string;
}

/** The usage (and cost, when the file gives one) of a meter reading over one period. */
export interface PeriodUsage {
  readonly startDate: string;
  readonly endDate: string;
  readonly usage: number;
  readonly cost?: number;
  /** How many readings fall (wholly or partly) in the period. */
  readonly readingCount: number;
  /** Seconds of the period the readings cover; less than the period's length when data is missing. */
  readonly coveredS: number;
}

function nextMonth(month: string): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
}

/** A sum without the binary-fraction noise of thousands of additions (0.1 + 0.2): six decimals is a Wh of a kWh. */
function roundSum(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function assertSummable(meterReading: GreenButtonMeterReading): void {
  if (!meterReading.readingType.isSummable) {
    throw new GreenButtonError(
      'bad_value',
      `The readings of "${meterReading.title ?? meterReading.href}" are ${meterReading.readingType.accumulation} values, not usage per interval, so they cannot be added up into bills.`,
    );
  }
}

/**
 * Usage over each period (local read dates, the end date excluded). A reading that straddles a period's edge (a
 * monthly gas read against calendar months) is shared out in proportion to the time on each side; readings outside
 * every period are left out.
 */
export function usageByPeriods(
  meterReading: GreenButtonMeterReading,
  zone: LocalTimeParameters,
  periods: readonly ReadPeriod[],
): PeriodUsage[] {
  assertSummable(meterReading);
  const readings = meterReading.readings;
  const hasCost = readings.some((reading) => reading.cost !== undefined);
  return periods.map(({ startDate, endDate }) => {
    const from = localMidnightUtc(zone, startDate);
    const to = localMidnightUtc(zone, endDate);
    let usage = 0;
    let cost = 0;
    let readingCount = 0;
    let coveredS = 0;
    // Readings are oldest first: skip to the first that ends after the period starts.
    let low = 0;
    let high = readings.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const reading = readings[middle];
      if (reading !== undefined && reading.start + reading.durationS <= from) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < readings.length; i++) {
      const reading = readings[i];
      if (reading === undefined || reading.start >= to) break;
      const overlap = Math.min(to, reading.start + reading.durationS) - Math.max(from, reading.start);
      if (overlap <= 0) continue;
      const share = reading.durationS > 0 ? overlap / reading.durationS : 1;
      usage += reading.value * share;
      cost += (reading.cost ?? 0) * share;
      readingCount += 1;
      coveredS += overlap;
    }
    return {
      startDate,
      endDate,
      usage: roundSum(usage),
      ...(hasCost ? { cost: roundSum(cost) } : {}),
      readingCount,
      coveredS,
    };
  });
}

/** Usage per local calendar month, from the month of the first reading to that of the last. */
export function usageByMonth(
  meterReading: GreenButtonMeterReading,
  zone: LocalTimeParameters,
): (PeriodUsage & { readonly month: string })[] {
  assertSummable(meterReading);
  const first = meterReading.readings[0];
  const last = meterReading.readings[meterReading.readings.length - 1];
  if (first === undefined || last === undefined) return [];
  const lastMonth = localDate(zone, last.start + Math.max(0, last.durationS - 1)).month;
  const months: string[] = [];
  for (let month = localDate(zone, first.start).month; month <= lastMonth; month = nextMonth(month)) {
    months.push(month);
  }
  const periods = months.map((month) => ({ startDate: `${month}-01`, endDate: `${nextMonth(month)}-01` }));
  return usageByPeriods(meterReading, zone, periods).map((period, index) => ({
    ...period,
    month: months[index] ?? '',
  }));
}
