import { describe, expect, it } from 'vitest';
import { AUDIT_RULE_LABELS, alertMessage, auditRuleLabel, isAuditRule } from '../../src/domain/alertMessage';
import type { AlertWordsInput } from '../../src/domain/alertMessage';
import { AUDIT_RULES, RETIRED_AUDIT_RULES } from '../../src/domain/billAudits';

const base: AlertWordsInput = {
  rule: 'anomaly',
  billId: 'b1',
  measured: null,
  reference: null,
  usageUoM: 'kWh',
  lateFee: null,
  chargeVarianceMoM: null,
  chargeVarianceYoY: null,
  usageVarianceMoM: null,
  usageVarianceYoY: null,
  variancePercentageChargeMoM: null,
  variancePercentageChargeYoY: null,
  variancePercentageUsageMoM: null,
  variancePercentageUsageYoY: null,
};

describe('audit rule labels', () => {
  it('names every rule and shows an unknown one as given', () => {
    expect(Object.keys(AUDIT_RULE_LABELS)).toEqual([...AUDIT_RULES, ...RETIRED_AUDIT_RULES]);
    expect(auditRuleLabel('twelve_month_high')).toBe('12-month high');
    // A retired audit's stored alerts keep their label.
    expect(auditRuleLabel('usage_change')).toBe('Usage change');
    expect(isAuditRule('usage_change')).toBe(false);
    expect(auditRuleLabel('solar_dip')).toBe('solar_dip');
    expect(isAuditRule('late_fee')).toBe(true);
    expect(isAuditRule('toString')).toBe(false);
  });
});

describe('alertMessage', () => {
  it.each<[string, Partial<AlertWordsInput>, string]>([
    [
      'usage change',
      { rule: 'usage_change', measured: 48.2, reference: -60.4 },
      'Usage per day 48 % above the previous two months and 60 % below the same month last year',
    ],
    [
      'charge change',
      { rule: 'charge_change', measured: 0.3, reference: 25 },
      'Charges per day about as much as the previous two months and 25 % above the same month last year',
    ],
    [
      '12-month high',
      { rule: 'twelve_month_high', measured: 150, reference: 100 },
      'Charges of $150.00, 50 % above the highest of the previous 12 months ($100.00)',
    ],
    [
      '12-month low',
      { rule: 'twelve_month_low', measured: 40, reference: 80 },
      'Charges of $40.00, 50 % below the lowest of the previous 12 months ($80.00)',
    ],
    [
      'duplicate',
      { rule: 'duplicate_bill', measured: 1234.5 },
      'Same account, service period and amount ($1,234.50) as an earlier bill',
    ],
    [
      'duplicate without amount',
      { rule: 'duplicate_bill' },
      'Same account, service period and amount as an earlier bill',
    ],
    ['late fee', { rule: 'late_fee', measured: 12.5 }, 'Late fee of $12.50'],
    ['late fee from the row', { rule: 'late_fee', lateFee: 3 }, 'Late fee of $3.00'],
    ['missing invoice', { rule: 'missing_bill' }, 'The invoice of this bill month is missing'],
    [
      'missing bill',
      { rule: 'missing_bill', billId: null },
      'No bill received by the account’s expected delivery date',
    ],
    [
      'demand',
      { rule: 'demand_spike', measured: 412, reference: 284 },
      'Demand of 412 kW, 45 % above the 12-month average (284 kW)',
    ],
    [
      'rate',
      { rule: 'rate_change', measured: 0.182, reference: 0.139 },
      'Rate of $0.1820/kWh, 31 % above the account’s 12-month average ($0.1390)',
    ],
    [
      'rate without a unit',
      { rule: 'rate_change', measured: 0.1, reference: 0.2, usageUoM: null },
      'Rate of $0.1000 per unit, 50 % below the account’s 12-month average ($0.2000)',
    ],
    [
      'usage per day against the prior months',
      { rule: 'usage_vs_prior', measured: 148.2, reference: 100 },
      'Usage of 148.2 kWh per day, 48 % above the prior months (100 kWh)',
    ],
    [
      'usage per day against last year',
      { rule: 'usage_vs_last_year', measured: 40, reference: 100 },
      'Usage of 40 kWh per day, 60 % below the same month last year (100 kWh)',
    ],
    [
      'cost per day against the prior months',
      { rule: 'cost_vs_prior', measured: 15, reference: 10 },
      'Charges of $15.00 per day, 50 % above the prior months ($10.00)',
    ],
    [
      'cost per day against last year',
      { rule: 'cost_vs_last_year', measured: 4, reference: 10 },
      'Charges of $4.00 per day, 60 % below the same month last year ($10.00)',
    ],
    [
      'cost per unit against last year',
      { rule: 'unit_cost_vs_last_year', measured: 0.13, reference: 0.1 },
      'Cost of $0.1300/kWh, 30 % above the same month last year ($0.1000)',
    ],
    [
      '12-month high of usage per day',
      { rule: 'usage_twelve_month_high', measured: 120, reference: 100, usageUoM: 'therms' },
      'Usage of 120 therms per day, 20 % above the highest of the previous 12 months (100 therms)',
    ],
    [
      '12-month low of usage per day',
      { rule: 'usage_twelve_month_low', measured: 50, reference: 100 },
      'Usage of 50 kWh per day, 50 % below the lowest of the previous 12 months (100 kWh)',
    ],
    [
      're-issued bill',
      { rule: 'reissued_bill', measured: 110, reference: 100 },
      'Same account and service period as an earlier bill, for $110.00 instead of $100.00',
    ],
    [
      'duplicate invoice number',
      { rule: 'duplicate_invoice_number' },
      'Same invoice number as an earlier bill of the account',
    ],
    [
      'total against lines',
      { rule: 'total_mismatch', measured: 105, reference: 100 },
      'Total of $105.00, not the sum of its lines ($100.00)',
    ],
    [
      'short period',
      { rule: 'billing_period_length', measured: 20, reference: 25 },
      'Billing period of 20 days, shorter than 25 days',
    ],
    [
      'long period',
      { rule: 'billing_period_length', measured: 40, reference: 35 },
      'Billing period of 40 days, longer than 35 days',
    ],
    [
      'gap',
      { rule: 'period_gap', measured: 1 },
      '1 day not billed between the previous bill’s period and this one',
    ],
    [
      'overlap',
      { rule: 'period_overlap', measured: 3 },
      'Service period overlaps the previous bill’s by 3 days',
    ],
    [
      'future period',
      { rule: 'future_period', measured: 12 },
      'Service period ends 12 days after the audit date',
    ],
    [
      'due before the invoice',
      { rule: 'due_date', measured: -2, reference: 7 },
      'Due 2 days before the invoice date',
    ],
    [
      'due too soon',
      { rule: 'due_date', measured: 3, reference: 7 },
      'Due 3 days after the invoice date, fewer than 7 days',
    ],
    [
      'due too late',
      { rule: 'due_date', measured: 60, reference: 45 },
      'Due 60 days after the invoice date, more than 45 days',
    ],
    [
      'repeated usage',
      { rule: 'estimated_bill', measured: 3100, reference: 3 },
      'Same usage (3,100 kWh) on 3 bills in a row: possibly estimated',
    ],
    [
      'estimated reads',
      { rule: 'estimated_bill', reference: 2 },
      'Estimated meter reads on 2 bills in a row',
    ],
    ['zero use', { rule: 'zero_use', measured: 3 }, 'Zero usage on 3 bills in a row'],
    [
      'load factor',
      { rule: 'load_factor', measured: 8.5, reference: 10 },
      'Load factor of 8.5 %, below 10 %',
    ],
    [
      'power factor',
      { rule: 'power_factor', measured: 86.4, reference: 90 },
      'Power factor of 86.4 %, below 90 %: a reactive-power (kVAR) penalty is likely',
    ],
    [
      'power-factor charges',
      { rule: 'power_factor', reference: 42.5 },
      'Power-factor (kVAR) charges of $42.50',
    ],
    [
      'the anomaly flag by its strongest variance',
      { variancePercentageChargeYoY: 48.4, variancePercentageUsageMoM: -20, chargeVarianceYoY: 100 },
      'Charges 48 % above the same month last year',
    ],
    [
      'the anomaly flag by a variance over 100 %',
      { variancePercentageUsageMoM: 140, lateFee: 9 },
      'Usage 140 % above the previous month',
    ],
    ['the anomaly flag by its late fee', { lateFee: 9, variancePercentageChargeMoM: 3 }, 'Late fee of $9.00'],
    [
      'the anomaly flag with a small variance',
      { variancePercentageUsageYoY: 3 },
      'Usage 3 % above the same month last year',
    ],
    ['nothing known', {}, 'Bill flagged for review'],
    ['a rule without its figures', { rule: 'usage_change', lateFee: 2 }, 'Late fee of $2.00'],
  ])('says %s', (_name, fields, words) => {
    expect(alertMessage({ ...base, ...fields })).toBe(words);
  });

  it('falls back for the other rules without figures', () => {
    for (const rule of [
      'charge_change',
      'usage_vs_prior',
      'cost_vs_last_year',
      'reissued_bill',
      'billing_period_length',
      'load_factor',
      'twelve_month_high',
      'twelve_month_low',
      'demand_spike',
      'rate_change',
    ])
      expect(alertMessage({ ...base, rule })).toBe('Bill flagged for review');
  });
});
