// The bill audits' thresholds (src/domain/billAudits.ts): their defaults, modelled on EnergyCAP's bill audit
// defaults (use per day +20 % / −50 % against prior periods and last year), and a company's own values over them.
// A company stores only the thresholds it changed (`companies.audit_thresholds`); every other one is the default,
// so a default changed here reaches every company that kept it.

/** Every threshold of the audits. Percentages are of the comparison value (100 = twice as much). */
export interface AuditThresholds {
  /** Bills before this one whose average the "vs prior months" audits compare with. */
  priorMonths: number;
  /** Usage per day against the prior months' average: above this... */
  usageVsPriorAbovePct: number;
  /** ...or below this. */
  usageVsPriorBelowPct: number;
  /** Usage per day against the same month last year: above this... */
  usageVsLastYearAbovePct: number;
  /** ...or below this. */
  usageVsLastYearBelowPct: number;
  /** Charges per day against the prior months' average: above this... */
  costVsPriorAbovePct: number;
  /** ...or below this. */
  costVsPriorBelowPct: number;
  /** Charges per day against the same month last year: above this... */
  costVsLastYearAbovePct: number;
  /** ...or below this. */
  costVsLastYearBelowPct: number;
  /** Cost per unit against the same month last year, either way. */
  unitCostVsLastYearPct: number;
  /** A 12-month high (low) of charges must beat the previous 12 months' highest (lowest) by this much. */
  extremeMarginPct: number;
  /** Usage per day above the previous 12 months' highest by more than this... */
  usageHighMarginPct: number;
  /** ...or below their lowest by more than this. */
  usageLowMarginPct: number;
  /** Billed months out of the previous 12 that the 12-month audits (high, low, demand, rate) need. */
  minHistoryMonths: number;
  /** Demand (kW) above the previous 12 months' average by more than this. */
  demandSpikePct: number;
  /** Rate per unit off the account's 12-month average by more than this, either way. */
  rateOffPct: number;
  /** A billing period shorter than this many days... */
  periodMinDays: number;
  /** ...or longer than this. */
  periodMaxDays: number;
  /** Days between one bill's period end and the next one's start, beyond the day after, that count as a gap. */
  gapToleranceDays: number;
  /** Days two consecutive periods may share (a meter read on the day one ends and the next starts). */
  overlapToleranceDays: number;
  /** Days a period may end after today (the day the audits run). */
  futureToleranceDays: number;
  /** A due date fewer days than this after the invoice date... */
  dueMinDays: number;
  /** ...or more than this. */
  dueMaxDays: number;
  /** Bills in a row, not marked estimated, with the same (non-zero) usage or usage per day: a likely estimate. */
  repeatedUsageBills: number;
  /** How close two usages (or usages per day) must be to count as the same, in percent. */
  repeatedUsageTolerancePct: number;
  /** Bills in a row marked estimated (an estimated read): a meter no one reads. */
  estimatedReadBills: number;
  /** Bills in a row with zero usage. */
  zeroUseBills: number;
  /** Dollars the bill's total may differ from the sum of its lines. */
  totalMismatchTolerance: number;
  /** Load factor (kWh ÷ (kW × hours of the period)) below this percentage... */
  loadFactorMinPct: number;
  /** ...or above this (above 100 % the demand read cannot be right). */
  loadFactorMaxPct: number;
  /**
   * Power factor (kW ÷ kVA) below this percentage, where utilities bill a reactive-power penalty (tariffs set it
   * anywhere from 85 % to 97 %; 90 % is the common middle).
   */
  powerFactorMinPct: number;
  /**
   * The weather-based outlier's prediction interval, as the probability a bill falls in it when only the weather
   * changed (companies with weather normalisation): a higher value flags fewer bills.
   */
  weatherOutlierConfidencePct: number;
  /** Days past the expected delivery date before a bill counts as missing. */
  missingGraceDays: number;
  /** Days from an invoice to its import, when the alert is raised. */
  importLagDays: number;
  /** The spec's anomaly flag counts a month-over-month variance as present beyond this percentage... */
  varianceMoMPct: number;
  /** ...and beyond this one for natural gas, which swings more with the seasons. */
  varianceMoMPctGas: number;
  /** A year-over-year variance is present beyond this percentage. */
  varianceYoYPct: number;
}

/** A threshold's key. */
export type AuditThresholdKey = keyof AuditThresholds;

/**
 * The defaults every company starts with. The use-per-day ones are EnergyCAP's (EC Express audit descriptions,
 * support.energycap.com knowledge base article 243: USE1–USE4 +20 % / −50 % against the prior 2 calendar months and
 * the same month last year, USE5 the same use per day within 0.10 %, USE6–USE7 +20 % over the 12-month highest and
 * −50 % under the lowest); the others are the common practice of bill auditing.
 */
export const DEFAULT_AUDIT_THRESHOLDS: Readonly<AuditThresholds> = {
  priorMonths: 2,
  usageVsPriorAbovePct: 20,
  usageVsPriorBelowPct: -50,
  usageVsLastYearAbovePct: 20,
  usageVsLastYearBelowPct: -50,
  costVsPriorAbovePct: 20,
  costVsPriorBelowPct: -50,
  costVsLastYearAbovePct: 20,
  costVsLastYearBelowPct: -50,
  unitCostVsLastYearPct: 25,
  extremeMarginPct: 10,
  usageHighMarginPct: 20,
  usageLowMarginPct: 50,
  minHistoryMonths: 10,
  demandSpikePct: 30,
  rateOffPct: 25,
  periodMinDays: 25,
  periodMaxDays: 35,
  gapToleranceDays: 0,
  overlapToleranceDays: 1,
  futureToleranceDays: 0,
  dueMinDays: 7,
  dueMaxDays: 45,
  repeatedUsageBills: 3,
  repeatedUsageTolerancePct: 0.1,
  estimatedReadBills: 2,
  zeroUseBills: 2,
  totalMismatchTolerance: 1,
  loadFactorMinPct: 10,
  loadFactorMaxPct: 100,
  powerFactorMinPct: 90,
  weatherOutlierConfidencePct: 95,
  missingGraceDays: 5,
  importLagDays: 2,
  varianceMoMPct: 35,
  varianceMoMPctGas: 60,
  varianceYoYPct: 30,
};

/** The range a company's value of each threshold must lie in (the write's and the form's bounds). */
export const AUDIT_THRESHOLD_RANGES: Readonly<Record<AuditThresholdKey, readonly [number, number]>> = {
  priorMonths: [1, 12],
  usageVsPriorAbovePct: [0, 1000],
  usageVsPriorBelowPct: [-100, 0],
  usageVsLastYearAbovePct: [0, 1000],
  usageVsLastYearBelowPct: [-100, 0],
  costVsPriorAbovePct: [0, 1000],
  costVsPriorBelowPct: [-100, 0],
  costVsLastYearAbovePct: [0, 1000],
  costVsLastYearBelowPct: [-100, 0],
  unitCostVsLastYearPct: [0, 1000],
  extremeMarginPct: [0, 1000],
  usageHighMarginPct: [0, 1000],
  usageLowMarginPct: [0, 100],
  minHistoryMonths: [1, 12],
  demandSpikePct: [0, 1000],
  rateOffPct: [0, 1000],
  periodMinDays: [1, 366],
  periodMaxDays: [1, 366],
  gapToleranceDays: [0, 366],
  overlapToleranceDays: [0, 366],
  futureToleranceDays: [0, 366],
  dueMinDays: [0, 366],
  dueMaxDays: [0, 366],
  repeatedUsageBills: [2, 12],
  repeatedUsageTolerancePct: [0, 10],
  estimatedReadBills: [1, 12],
  zeroUseBills: [1, 12],
  totalMismatchTolerance: [0, 1_000_000],
  loadFactorMinPct: [0, 100],
  loadFactorMaxPct: [1, 1000],
  powerFactorMinPct: [0, 100],
  weatherOutlierConfidencePct: [50, 99.9],
  missingGraceDays: [0, 366],
  importLagDays: [0, 366],
  varianceMoMPct: [0, 1000],
  varianceMoMPctGas: [0, 1000],
  varianceYoYPct: [0, 1000],
};

/** A company's stored thresholds: only the ones it changed. */
export type AuditThresholdOverrides = Partial<Record<AuditThresholdKey, number>>;

/** Whether a text is a threshold's key. */
export function isAuditThresholdKey(key: string): key is AuditThresholdKey {
  return Object.hasOwn(DEFAULT_AUDIT_THRESHOLDS, key);
}

/**
 * A company's thresholds: its stored values over the defaults. Values that are not finite numbers in their range
 * (a hand-edited row, a key a newer version dropped) are left out, so the default holds.
 */
export function resolveAuditThresholds(stored: unknown): AuditThresholds {
  const resolved: AuditThresholds = { ...DEFAULT_AUDIT_THRESHOLDS };
  if (stored === null || typeof stored !== 'object') return resolved;
  for (const [key, value] of Object.entries(stored)) {
    if (!isAuditThresholdKey(key) || typeof value !== 'number' || !Number.isFinite(value)) continue;
    const [min, max] = AUDIT_THRESHOLD_RANGES[key];
    if (value >= min && value <= max) resolved[key] = value;
  }
  return resolved;
}

/** How a threshold reads in the settings form and the admin audit: its label and unit. */
export interface AuditThresholdField {
  key: AuditThresholdKey;
  label: string;
  unit: '%' | 'days' | 'bills' | 'months' | '$';
}

/** The thresholds in the settings form's order, grouped as the audits are listed (AUDIT_RULES). */
export const AUDIT_THRESHOLD_FIELDS: readonly AuditThresholdField[] = [
  { key: 'usageVsPriorAbovePct', label: 'Usage per day vs prior months: above', unit: '%' },
  { key: 'usageVsPriorBelowPct', label: 'Usage per day vs prior months: below', unit: '%' },
  { key: 'usageVsLastYearAbovePct', label: 'Usage per day vs last year: above', unit: '%' },
  { key: 'usageVsLastYearBelowPct', label: 'Usage per day vs last year: below', unit: '%' },
  { key: 'costVsPriorAbovePct', label: 'Cost per day vs prior months: above', unit: '%' },
  { key: 'costVsPriorBelowPct', label: 'Cost per day vs prior months: below', unit: '%' },
  { key: 'costVsLastYearAbovePct', label: 'Cost per day vs last year: above', unit: '%' },
  { key: 'costVsLastYearBelowPct', label: 'Cost per day vs last year: below', unit: '%' },
  { key: 'priorMonths', label: 'Prior months compared', unit: 'months' },
  { key: 'unitCostVsLastYearPct', label: 'Cost per unit vs last year: off by', unit: '%' },
  { key: 'usageHighMarginPct', label: '12-month high usage per day: above by', unit: '%' },
  { key: 'usageLowMarginPct', label: '12-month low usage per day: below by', unit: '%' },
  { key: 'extremeMarginPct', label: '12-month high or low charges: beyond by', unit: '%' },
  { key: 'minHistoryMonths', label: '12-month audits: billed months needed', unit: 'months' },
  { key: 'totalMismatchTolerance', label: 'Total vs its lines: tolerance', unit: '$' },
  { key: 'periodMinDays', label: 'Billing period: shortest', unit: 'days' },
  { key: 'periodMaxDays', label: 'Billing period: longest', unit: 'days' },
  { key: 'gapToleranceDays', label: 'Gap between periods: tolerated', unit: 'days' },
  { key: 'overlapToleranceDays', label: 'Overlap of periods: tolerated', unit: 'days' },
  { key: 'futureToleranceDays', label: 'Period ending in the future: tolerated', unit: 'days' },
  { key: 'dueMinDays', label: 'Due date after the invoice: at least', unit: 'days' },
  { key: 'dueMaxDays', label: 'Due date after the invoice: at most', unit: 'days' },
  { key: 'repeatedUsageBills', label: 'Possible estimate: same usage on', unit: 'bills' },
  { key: 'repeatedUsageTolerancePct', label: 'Possible estimate: the same within', unit: '%' },
  { key: 'estimatedReadBills', label: 'Estimated reads on', unit: 'bills' },
  { key: 'zeroUseBills', label: 'Zero use on', unit: 'bills' },
  { key: 'missingGraceDays', label: 'Missing bill: days of grace', unit: 'days' },
  { key: 'demandSpikePct', label: 'Demand above the 12-month average by', unit: '%' },
  { key: 'loadFactorMinPct', label: 'Load factor: lowest', unit: '%' },
  { key: 'loadFactorMaxPct', label: 'Load factor: highest', unit: '%' },
  { key: 'powerFactorMinPct', label: 'Power factor: lowest', unit: '%' },
  { key: 'rateOffPct', label: 'Rate off the 12-month average by', unit: '%' },
  { key: 'weatherOutlierConfidencePct', label: 'Weather-based outlier: prediction interval', unit: '%' },
  { key: 'varianceMoMPct', label: 'Bill anomaly: month-over-month variance', unit: '%' },
  { key: 'varianceMoMPctGas', label: 'Bill anomaly: month-over-month variance (gas)', unit: '%' },
  { key: 'varianceYoYPct', label: 'Bill anomaly: year-over-year variance', unit: '%' },
  { key: 'importLagDays', label: 'Days from invoice to import', unit: 'days' },
];

/** One threshold a save changes: its label and new value (null: back to the default). */
export interface AuditThresholdChange {
  key: AuditThresholdKey;
  label: string;
  value: number | null;
}

/** Why a threshold edit is refused, or null when it may be saved. */
export function auditThresholdProblem(key: AuditThresholdKey, value: number): string | null {
  const [min, max] = AUDIT_THRESHOLD_RANGES[key];
  const label = AUDIT_THRESHOLD_FIELDS.find((field) => field.key === key)?.label ?? key;
  if (!Number.isFinite(value) || value < min || value > max) return `${label} must be from ${min} to ${max}`;
  return null;
}

/**
 * A company's stored thresholds after an edit (a value per key, null for "back to the default"): only values
 * that differ from the default are kept (null when none is), so a default changed later reaches the company. The
 * changes list what moved, for the admin audit. Values must have passed auditThresholdProblem.
 */
export function editAuditThresholds(
  stored: AuditThresholdOverrides | null,
  edits: Partial<Record<AuditThresholdKey, number | null>>,
): { stored: AuditThresholdOverrides | null; changes: AuditThresholdChange[] } {
  const before = resolveAuditThresholds(stored);
  const next: AuditThresholdOverrides = {};
  for (const { key } of AUDIT_THRESHOLD_FIELDS)
    if (before[key] !== DEFAULT_AUDIT_THRESHOLDS[key]) next[key] = before[key];
  const changes: AuditThresholdChange[] = [];
  for (const field of AUDIT_THRESHOLD_FIELDS) {
    const edit = edits[field.key];
    if (edit === undefined) continue;
    const value = edit ?? DEFAULT_AUDIT_THRESHOLDS[field.key];
    if (value === before[field.key]) continue;
    if (value === DEFAULT_AUDIT_THRESHOLDS[field.key]) delete next[field.key];
    else next[field.key] = value;
    changes.push({ key: field.key, label: field.label, value: edit });
  }
  return { stored: Object.keys(next).length === 0 ? null : next, changes };
}

/** Pairs of thresholds where the first must not pass the second (a range's two ends). */
const ORDERED_PAIRS: readonly (readonly [AuditThresholdKey, AuditThresholdKey])[] = [
  ['periodMinDays', 'periodMaxDays'],
  ['dueMinDays', 'dueMaxDays'],
  ['loadFactorMinPct', 'loadFactorMaxPct'],
];

/** Why a company's thresholds cannot hold together (a range whose lowest passes its highest), or null. */
export function auditThresholdsProblem(thresholds: AuditThresholds): string | null {
  for (const [low, high] of ORDERED_PAIRS)
    if (thresholds[low] > thresholds[high]) {
      const label = (key: AuditThresholdKey) =>
        AUDIT_THRESHOLD_FIELDS.find((f) => f.key === key)?.label ?? key;
      return `${label(low)} must not be more than ${label(high).toLowerCase()}`;
    }
  return null;
}
