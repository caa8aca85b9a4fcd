// What an alert says in words ("Charges 48 % above the same month last year"), from its rule and figures: the
// alerts list, the detail panel and the server's list answer read it from here.
import type { BillVariances } from './alerts';
import { AUDIT_RULES, RETIRED_AUDIT_RULES } from './billAudits';
import type { AuditRule, RetiredAuditRule } from './billAudits';
import { formatAmount } from './format';
import { formatCurrency } from './money';

/** Names of the audits, for filters and the detail panel (retired audits' too: their alerts may be stored). */
export const AUDIT_RULE_LABELS: Readonly<Record<AuditRule | RetiredAuditRule, string>> = {
  anomaly: 'Bill anomaly',
  usage_vs_prior: 'Usage per day vs prior months',
  usage_vs_last_year: 'Usage per day vs last year',
  cost_vs_prior: 'Cost per day vs prior months',
  cost_vs_last_year: 'Cost per day vs last year',
  unit_cost_vs_last_year: 'Cost per unit vs last year',
  usage_twelve_month_high: '12-month high usage per day',
  usage_twelve_month_low: '12-month low usage per day',
  twelve_month_high: '12-month high',
  twelve_month_low: '12-month low',
  duplicate_bill: 'Duplicate bill',
  reissued_bill: 'Re-issued bill',
  duplicate_invoice_number: 'Duplicate invoice number',
  total_mismatch: 'Total not equal to its lines',
  billing_period_length: 'Billing period length',
  period_gap: 'Gap between billing periods',
  period_overlap: 'Overlapping billing periods',
  future_period: 'Period ending in the future',
  due_date: 'Abnormal due date',
  estimated_bill: 'Possible estimated bill',
  zero_use: 'Consecutive zero use',
  late_fee: 'Late fee',
  missing_bill: 'Missing bill',
  demand_spike: 'Demand spike',
  load_factor: 'Load factor out of range',
  power_factor: 'Power-factor penalty',
  rate_change: 'Rate change',
  weather_outlier: 'Weather-based outlier',
  usage_change: 'Usage change',
  charge_change: 'Charge change',
};

/** Whether a text is an audit rule key. */
export function isAuditRule(rule: string): rule is AuditRule {
  return (AUDIT_RULES as readonly string[]).includes(rule);
}

/** Whether a text is a retired audit's key. */
function isRetiredAuditRule(rule: string): rule is RetiredAuditRule {
  return (RETIRED_AUDIT_RULES as readonly string[]).includes(rule);
}

/** The label of a rule key; an unknown key (a newer server's) shows as given. */
export function auditRuleLabel(rule: string): string {
  return isAuditRule(rule) || isRetiredAuditRule(rule) ? AUDIT_RULE_LABELS[rule] : rule;
}

/** The alert fields its words read. */
export interface AlertWordsInput extends BillVariances {
  rule: string;
  billId: string | null;
  measured: number | null;
  reference: number | null;
  usageUoM: string | null;
}

/** "48 % above" / "12 % below" / "as much as". */
function relation(pct: number): string {
  const rounded = Math.round(Math.abs(pct));
  if (rounded === 0) return 'about as much as';
  return `${rounded} % ${pct > 0 ? 'above' : 'below'}`;
}

function percentOf(value: number, base: number): number {
  return base === 0 ? 0 : ((value - base) / Math.abs(base)) * 100;
}

/** The strongest of the spec's four variance percentages, in words; null when none is known. */
function strongestVariance(v: BillVariances): string | null {
  const candidates: [number | null | undefined, string, string][] = [
    [v.variancePercentageChargeYoY, 'Charges', 'the same month last year'],
    [v.variancePercentageChargeMoM, 'Charges', 'the previous month'],
    [v.variancePercentageUsageYoY, 'Usage', 'the same month last year'],
    [v.variancePercentageUsageMoM, 'Usage', 'the previous month'],
  ];
  let best: [number, string, string] | null = null;
  for (const [pct, what, against] of candidates)
    if (pct !== null && pct !== undefined && (best === null || Math.abs(pct) > Math.abs(best[0])))
      best = [pct, what, against];
  return best ? `${best[1]} ${relation(best[0])} ${best[2]}` : null;
}

/** A usage with its unit: "1,234.5 kWh". */
function usageAmount(value: number, unit: string | null): string {
  return unit ? `${formatAmount(value)} ${unit}` : formatAmount(value);
}

/** "1 day" / "12 days". */
function days(count: number): string {
  return `${formatAmount(count)} ${Math.abs(count) === 1 ? 'day' : 'days'}`;
}

function unitSuffix(unit: string | null): string {
  return unit ? `/${unit}` : ' per unit';
}

/** What the alert says, in a sentence without a final period. */
export function alertMessage(alert: AlertWordsInput): string {
  const { measured: m, reference: r } = alert;
  switch (alert.rule) {
    case 'usage_change':
    case 'charge_change': {
      const what = alert.rule === 'usage_change' ? 'Usage per day' : 'Charges per day';
      if (m === null || r === null) break;
      return `${what} ${relation(m)} the previous two months and ${relation(r)} the same month last year`;
    }
    case 'usage_vs_prior':
    case 'usage_vs_last_year': {
      if (m === null || r === null) break;
      const against = alert.rule === 'usage_vs_prior' ? 'the prior months' : 'the same month last year';
      return `Usage of ${usageAmount(m, alert.usageUoM)} per day, ${relation(percentOf(m, r))} ${against} (${usageAmount(r, alert.usageUoM)})`;
    }
    case 'cost_vs_prior':
    case 'cost_vs_last_year': {
      if (m === null || r === null) break;
      const against = alert.rule === 'cost_vs_prior' ? 'the prior months' : 'the same month last year';
      return `Charges of ${formatCurrency(m)} per day, ${relation(percentOf(m, r))} ${against} (${formatCurrency(r)})`;
    }
    case 'unit_cost_vs_last_year':
      if (m === null || r === null) break;
      return `Cost of $${m.toFixed(4)}${unitSuffix(alert.usageUoM)}, ${relation(percentOf(m, r))} the same month last year ($${r.toFixed(4)})`;
    case 'usage_twelve_month_high':
    case 'usage_twelve_month_low': {
      if (m === null || r === null) break;
      const which = alert.rule === 'usage_twelve_month_high' ? 'highest' : 'lowest';
      return `Usage of ${usageAmount(m, alert.usageUoM)} per day, ${relation(percentOf(m, r))} the ${which} of the previous 12 months (${usageAmount(r, alert.usageUoM)})`;
    }
    case 'reissued_bill':
      if (m === null || r === null) break;
      return `Same account and service period as an earlier bill, for ${formatCurrency(m)} instead of ${formatCurrency(r)}`;
    case 'duplicate_invoice_number':
      return 'Same invoice number as an earlier bill of the account';
    case 'total_mismatch':
      if (m === null || r === null) break;
      return `Total of ${formatCurrency(m)}, not the sum of its lines (${formatCurrency(r)})`;
    case 'billing_period_length':
      if (m === null || r === null) break;
      return `Billing period of ${days(m)}, ${m < r ? 'shorter' : 'longer'} than ${days(r)}`;
    case 'period_gap':
      if (m === null) break;
      return `${days(m)} not billed between the previous bill’s period and this one`;
    case 'period_overlap':
      if (m === null) break;
      return `Service period overlaps the previous bill’s by ${days(m)}`;
    case 'future_period':
      if (m === null) break;
      return `Service period ends ${days(m)} after the audit date`;
    case 'due_date':
      if (m === null) break;
      return m < 0
        ? `Due ${days(-m)} before the invoice date`
        : `Due ${days(m)} after the invoice date, ${r !== null && m < r ? 'fewer' : 'more'} than ${days(r ?? 0)}`;
    case 'estimated_bill':
      if (r === null) break;
      if (m === null) return `Estimated meter reads on ${formatAmount(r)} bills in a row`;
      return `Same usage${m === null ? '' : ` (${usageAmount(m, alert.usageUoM)})`} on ${formatAmount(r)} bills in a row: possibly estimated`;
    case 'zero_use':
      if (m === null) break;
      return `Zero usage on ${formatAmount(m)} bills in a row`;
    case 'load_factor':
      if (m === null || r === null) break;
      return `Load factor of ${formatAmount(m)} %, ${m < r ? 'below' : 'above'} ${formatAmount(r)} %`;
    case 'power_factor':
      if (m === null)
        return r === null
          ? 'Power-factor (kVAR) charge on the bill'
          : `Power-factor (kVAR) charges of ${formatCurrency(r)}`;
      return `Power factor of ${formatAmount(m)} %, below ${formatAmount(r ?? 0)} %: a reactive-power (kVAR) penalty is likely`;
    case 'twelve_month_high':
    case 'twelve_month_low': {
      if (m === null || r === null) break;
      const which = alert.rule === 'twelve_month_high' ? 'highest' : 'lowest';
      return `Charges of ${formatCurrency(m)}, ${relation(percentOf(m, r))} the ${which} of the previous 12 months (${formatCurrency(r)})`;
    }
    case 'duplicate_bill':
      return `Same account, service period and amount${m === null ? '' : ` (${formatCurrency(m)})`} as an earlier bill`;
    case 'late_fee':
      return `Late fee of ${formatCurrency(m ?? alert.lateFee ?? 0)}`;
    case 'missing_bill':
      return alert.billId === null
        ? 'No bill received by the account’s expected delivery date'
        : 'The invoice of this bill month is missing';
    case 'demand_spike':
      if (m === null || r === null) break;
      return `Demand of ${formatAmount(m)} kW, ${relation(percentOf(m, r))} the 12-month average (${formatAmount(r)} kW)`;
    case 'weather_outlier':
      if (m === null || r === null) break;
      return `Usage of ${usageAmount(m, alert.usageUoM)}, ${relation(percentOf(m, r))} what the weather model predicts (${usageAmount(r, alert.usageUoM)}) and outside its prediction interval`;
    case 'rate_change':
      if (m === null || r === null) break;
      return `Rate of $${m.toFixed(4)}${unitSuffix(alert.usageUoM)}, ${relation(percentOf(m, r))} the account’s 12-month average ($${r.toFixed(4)})`;
  }
  // The spec's anomaly flag (and any rule without its figures): its strongest variance when a variance flagged
  // it, else its late fee.
  const variance = strongestVariance(alert);
  if (variance !== null && hasFlaggingVariance(alert)) return variance;
  if ((alert.lateFee ?? 0) > 0) return `Late fee of ${formatCurrency(alert.lateFee ?? 0)}`;
  return variance ?? 'Bill flagged for review';
}

/** Whether a variance (not only the late fee) makes the bill an anomaly: an amount present or a percentage over 100. */
function hasFlaggingVariance(v: BillVariances): boolean {
  const amounts = [v.chargeVarianceMoM, v.chargeVarianceYoY, v.usageVarianceMoM, v.usageVarianceYoY];
  const percentages = [
    v.variancePercentageChargeMoM,
    v.variancePercentageChargeYoY,
    v.variancePercentageUsageMoM,
    v.variancePercentageUsageYoY,
  ];
  return (
    amounts.some((a) => a !== null && a !== undefined && a !== 0) || percentages.some((p) => (p ?? 0) > 100)
  );
}
