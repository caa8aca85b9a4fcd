// How ENERGY STAR figures read on the pages: values with their spec units (000 §9), and changes with their sign and
// whether they are good news (a higher score, lower energy, intensity or emissions).
import { ES_METRICS } from '../../domain/energyStar';
import type { EsMetricKey } from '../../domain/energyStar';
import { EMPTY_CELL_TEXT, formatAmount, formatWhole } from '../../domain/format';

/** A metric's unit (spec 000 §9), or null for the score. */
export function esUnit(key: EsMetricKey): string | null {
  return ES_METRICS.find((metric) => metric.key === key)?.unit ?? null;
}

/**
 * Portfolio Manager's word for an energy metric it cannot compute yet (fewer than twelve full calendar months of
 * data; src/domain/energyStarEnergy.ts).
 */
export const NOT_AVAILABLE_TEXT = 'Not Available';
const ENERGY_METRICS: ReadonlySet<EsMetricKey> = new Set([
  'sourceIntensity',
  'locationIntensity',
  'sourceTotal',
  'locationTotal',
]);

/**
 * A metric's value, with its unit unless a column header names it: '74', '182.35 kBtu/ft²', '1,234,567 kBtu';
 * totals are whole kBtu; an energy metric without a figure reads Not Available, any other N/A.
 */
export function esValue(key: EsMetricKey, value: number | null | undefined, withUnit = true): string {
  if (value === null || value === undefined || !Number.isFinite(value))
    return ENERGY_METRICS.has(key) ? NOT_AVAILABLE_TEXT : EMPTY_CELL_TEXT;
  const unit = esUnit(key);
  const text = key === 'sourceTotal' || key === 'locationTotal' ? formatWhole(value) : formatAmount(value);
  return unit && withUnit ? `${text} ${unit}` : text;
}

const signed = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, signDisplay: 'exceptZero' });
const signedPercent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

/** A change as '+3', '−12.5' and, with a percentage, '+3 (+4.1%)'. */
export function esChangeText(change: number, percent?: number | null): string {
  const number = signed.format(change).replace('-', '−');
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return number;
  return `${number} (${signedPercent.format(percent).replace('-', '−')}%)`;
}

/** Whether a change is good news: a higher score, or less energy, intensity or emissions. */
export function esChangeTone(key: EsMetricKey, change: number): 'good' | 'bad' | 'flat' {
  if (change === 0) return 'flat';
  const isUp = change > 0;
  return (key === 'score') === isUp ? 'good' : 'bad';
}
