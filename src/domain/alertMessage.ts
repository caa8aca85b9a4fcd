// What an alert says in words ("Charges 48 % above the same month last year"), from its rule and figures: the
// alerts list, the detail panel and the server's list answer read it from here.
import type { BillVariances } from './alerts';
import { AUDIT_RULES } from './billAudits';
import type { AuditRule } from './billAudits';
import { formatAmount } from './format';
import { formatCurrency } from './money';

/** Names of the audits, for filters and the detail panel. */
export const AUDIT_RULE_LABELS: Readonly<Record<AuditRule, string>> = {
  anomaly: 'Bill anomaly',
  usage_change: 'Usage change',
  charge_change: 'Charge change',
  twelve_month_high: '12-month high',
  twelve_month_low: '12-month low',
  duplicate_bill: 'Duplicate bill',
  late_fee: 'Late fee',
  missing_bill: 'Missing bill',
  demand_spike: 'Demand spike',
  rate_change: 'Rate change',
};

/** Whether a text is an audit rule key. */
export function isAuditRule(rule: string): rule is AuditRule {
  return (AUDIT_RULES as readonly string[]).includes(rule);
}

/** The label of a rule key; an unknown key (a newer server's) shows as given. */
export function auditRuleLabel(rule: string): string {
  return isAuditRule(rule) ? AUDIT_RULE_LABELS[rule] : rule;
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
