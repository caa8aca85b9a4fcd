import { describe, expect, it } from 'vitest';
import { AUDIT_RULE_LABELS, alertMessage, auditRuleLabel, isAuditRule } from '../../src/domain/alertMessage';
import type { AlertWordsInput } from '../../src/domain/alertMessage';
import { AUDIT_RULES } from '../../src/domain/billAudits';

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
    expect(Object.keys(AUDIT_RULE_LABELS)).toEqual([...AUDIT_RULES]);
    expect(auditRuleLabel('twelve_month_high')).toBe('12-month high');
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
      'twelve_month_high',
      'twelve_month_low',
      'demand_spike',
      'rate_change',
    ])
      expect(alertMessage({ ...base, rule })).toBe('Bill flagged for review');
  });
});
