import { describe, expect, it } from 'vitest';
import {
  AUDIT_RULES,
  DEFAULT_AUDIT_THRESHOLDS,
  auditAccountBills,
  billCharges,
  billDays,
  billHistory,
  billLineFacts,
  billVariances,
  changeFinding,
  continuityFinding,
  demandFinding,
  dueDateFinding,
  estimatedFinding,
  extremeFinding,
  futurePeriodFinding,
  isEstimatedRead,
  isPowerFactorCharge,
  loadFactorFinding,
  percentChange,
  periodLengthFinding,
  powerFactorFinding,
  rateFinding,
  ratePerUnit,
  samePeriodFinding,
  totalMismatchFinding,
  unitCostFinding,
  usagePerDay,
  zeroUseFinding,
} from '../../src/domain/billAudits';
import type { AuditedBill, BillAudit } from '../../src/domain/billAudits';
import { resolveAuditThresholds } from '../../src/domain/billAuditThresholds';
import { addDays } from '../../src/domain/dates';
import { addMonths } from '../../src/domain/totals';

/** Months from `month` to Dec 2026. */
function monthsToEnd(month: string): number {
  return (2026 - Number(month.slice(0, 4))) * 12 + 12 - Number(month.slice(5, 7));
}

/**
 * The 31-day read period of a month: consecutive months' periods follow one another day after day, ending by the
 * 24th of their month (counted back from Dec 2026), so audits as of March 2026 see no gap, overlap or future end.
 */
function period(month: string): Pick<AuditedBill, 'readDateFrom' | 'readDateTo'> {
  const readDateTo = addDays('2026-12-31', -31 * monthsToEnd(month));
  return { readDateFrom: addDays(readDateTo, -30), readDateTo };
}

/** A bill of `month` with one electric service (10 kW); no read period unless given. */
function bill(
  month: string,
  charges: number,
  usage: number | null,
  extra: Partial<AuditedBill> = {},
): AuditedBill {
  return {
    id: `b-${month}`,
    billMonth: month,
    invoiceDate: `${month}-05`,
    readDateFrom: null,
    readDateTo: null,
    totalNewCharges: charges,
    lateFee: 0,
    isInvoiceMissing: false,
    services: [{ serviceType: 'electric', charges, usage, unit: 'kWh', demandKw: 10, taxesFees: 0 }],
    ...extra,
  };
}

/** `count` steady bills from `from`: the same charges and usage per day every month (31-day periods). */
function steady(from: string, count: number, perDayCharges = 10, perDayUsage = 100): AuditedBill[] {
  return Array.from({ length: count }, (_, i) => {
    const month = addMonths(from, i);
    return bill(month, perDayCharges * 31, perDayUsage * 31, period(month));
  });
}

/**
 * An account's steady bills as meters read them: every other month 0.2 % more usage, so no two bills in a row read
 * the same (which the possible-estimate audit would flag).
 */
function readings(from: string, count: number): AuditedBill[] {
  return steady(from, count).map((b, i) => ({
    ...b,
    services: b.services.map((service) => ({ ...service, usage: 3100 * (i % 2 === 1 ? 1.002 : 1) })),
  }));
}

/** A 31-day bill of `month` with the given charges and usage per day. */
function perDay(
  month: string,
  charges: number,
  usage: number,
  extra: Partial<AuditedBill> = {},
): AuditedBill {
  return bill(month, charges * 31, usage * 31, { ...period(month), ...extra });
}

describe('AUDIT_RULES and the thresholds', () => {
  it('lists the spec’s anomaly flag first, then the analyst’s checks, each once', () => {
    expect(AUDIT_RULES[0]).toBe('anomaly');
    expect(new Set(AUDIT_RULES).size).toBe(AUDIT_RULES.length);
  });

  it('defaults to EnergyCAP’s use per day +20 % / −50 %, against prior months and last year alike', () => {
    expect(DEFAULT_AUDIT_THRESHOLDS).toMatchObject({
      usageVsPriorAbovePct: 20,
      usageVsPriorBelowPct: -50,
      usageVsLastYearAbovePct: 20,
      usageVsLastYearBelowPct: -50,
      rateOffPct: 25,
    });
  });

  it.each([
    ['nothing stored', null, DEFAULT_AUDIT_THRESHOLDS.periodMaxDays],
    ['a stored value', { periodMaxDays: 40 }, 40],
    ['a value out of range', { periodMaxDays: 9999 }, DEFAULT_AUDIT_THRESHOLDS.periodMaxDays],
    ['a value that is not a number', { periodMaxDays: '40' }, DEFAULT_AUDIT_THRESHOLDS.periodMaxDays],
  ])('resolves a company’s thresholds over the defaults: %s', (_case, stored, expected) => {
    const resolved = resolveAuditThresholds(stored);
    expect(resolved.periodMaxDays).toBe(expected);
    expect(resolved.usageVsPriorAbovePct).toBe(20);
  });

  it('drops keys it does not know', () => {
    expect(resolveAuditThresholds({ nonsense: 3 })).toEqual(DEFAULT_AUDIT_THRESHOLDS);
  });
});

describe('bill figures', () => {
  it('reads charges without the late fee, to the cent', () => {
    expect(billCharges(bill('2026-01', 100.3, 1, { lateFee: 0.1 }))).toBe(100.2);
  });

  it('counts the read period’s days, else the bill month’s', () => {
    expect(billDays(bill('2026-02', 1, 1))).toBe(28);
    expect(billDays(bill('2026-02', 1, 1, { readDateFrom: '2026-01-15', readDateTo: '2026-02-14' }))).toBe(
      31,
    );
    expect(billDays(bill('2026-02', 1, 1, { readDateFrom: '2026-02-14', readDateTo: '2026-02-01' }))).toBe(1);
  });

  it('answers no change without a base', () => {
    expect(percentChange(10, null)).toBeNull();
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(15, 10)).toBe(50);
    expect(percentChange(-5, -10)).toBe(50);
  });

  it('reads usage and rates of the main service, none without usage', () => {
    expect(usagePerDay(bill('2026-01', 1, null))).toBeNull();
    expect(ratePerUnit(bill('2026-01', 100, 0))).toBeNull();
    expect(
      ratePerUnit(
        bill('2026-01', 110, 1000, {
          lateFee: 10,
          services: [
            { serviceType: 'electric', charges: 110, usage: 1000, unit: 'kWh', demandKw: null, taxesFees: 0 },
          ],
        }),
      ),
    ).toBe(0.1);
    expect(ratePerUnit({ ...bill('2026-01', 1, 1), services: [] })).toBeNull();
  });

  it('keeps the first bill of a month with an invoice as its history', () => {
    const missing = bill('2026-01', 0, null, { id: 'missing', isInvoiceMissing: true });
    const later = bill('2026-01', 5, 5, { id: 'later', invoiceDate: '2026-01-20' });
    const first = bill('2026-01', 5, 5, { id: 'first', invoiceDate: '2026-01-06' });
    expect(billHistory([missing, later, first]).get('2026-01')?.id).toBe('first');
  });
});

describe('billVariances (the spec’s variance fields)', () => {
  it('gives the percentages always and an amount only past its threshold', () => {
    const v = billVariances(
      bill('2026-02', 130, 1300),
      bill('2026-01', 100, 1000),
      bill('2025-02', 120, 1250),
    );
    expect(v).toEqual({
      lateFee: null,
      chargeVarianceMoM: null,
      chargeVarianceYoY: null,
      usageVarianceMoM: null,
      usageVarianceYoY: null,
      variancePercentageChargeMoM: 30,
      variancePercentageChargeYoY: 8.33,
      variancePercentageUsageMoM: 30,
      variancePercentageUsageYoY: 4,
    });
  });

  it('counts a variance present just past 35 % month over month, 30 % year over year', () => {
    const v = billVariances(
      bill('2026-02', 135.01, 1350.1),
      bill('2026-01', 100, 1000),
      bill('2025-02', 100, 1000),
    );
    expect(v.chargeVarianceMoM).toBe(35.01);
    expect(v.chargeVarianceYoY).toBe(35.01);
    expect(v.usageVarianceMoM).toBe(350.1);
    const edge = billVariances(
      bill('2026-02', 135, 1350),
      bill('2026-01', 100, 1000),
      bill('2025-02', 104, 1040),
    );
    expect(edge.chargeVarianceMoM).toBeNull();
    expect(edge.chargeVarianceYoY).toBeNull();
  });

  it('lets gas swing to 60 % month over month', () => {
    const gas = (month: string, charges: number): AuditedBill => ({
      ...bill(month, charges, charges),
      services: [
        { serviceType: 'natural_gas', charges, usage: charges, unit: 'therms', demandKw: null, taxesFees: 0 },
      ],
    });
    expect(billVariances(gas('2026-02', 160), gas('2026-01', 100), undefined).chargeVarianceMoM).toBeNull();
    expect(billVariances(gas('2026-02', 161), gas('2026-01', 100), undefined).chargeVarianceMoM).toBe(61);
  });

  it('compares with nothing when the earlier bills are absent, and reports the late fee', () => {
    expect(billVariances(bill('2026-02', 100, null, { lateFee: 5 }), undefined, undefined)).toMatchObject({
      lateFee: 5,
      variancePercentageChargeMoM: null,
      variancePercentageUsageMoM: null,
      usageVarianceYoY: null,
    });
  });
});

describe('changeFinding (per day, against the prior months and last year, separately)', () => {
  const history = billHistory([...steady('2025-01', 13)]);
  it.each([
    ['usage_vs_prior', 12.01, true],
    ['usage_vs_prior', 12, false],
    ['usage_vs_prior', 4.99, true],
    ['usage_vs_prior', 5, false],
    ['usage_vs_last_year', 12.01, true],
    ['usage_vs_last_year', 4.99, true],
    ['usage_vs_last_year', 5, false],
    ['cost_vs_prior', 12.01, true],
    ['cost_vs_prior', 12, false],
    ['cost_vs_last_year', 4.99, true],
    ['cost_vs_last_year', 12, false],
  ] as const)('%s with a figure of %d per day against 10: %s', (rule, value, fires) => {
    const current = perDay(
      '2026-02',
      rule.startsWith('cost') ? value : 10,
      rule.startsWith('usage') ? value * 10 : 100,
    );
    expect(changeFinding(rule, current, history) !== null).toBe(fires);
  });

  it('answers the figure per day and the one compared with', () => {
    expect(changeFinding('cost_vs_prior', perDay('2026-02', 15, 100), history)).toEqual({
      rule: 'cost_vs_prior',
      measured: 15,
      reference: 10,
    });
  });

  it('flags a seasonal rise against the prior months while last year’s same month agrees', () => {
    const seasonal = billHistory([
      ...steady('2025-01', 13).filter((b) => b.billMonth !== '2025-02'),
      perDay('2025-02', 13, 130),
    ]);
    const february = perDay('2026-02', 13, 130);
    expect(changeFinding('cost_vs_prior', february, seasonal)).not.toBeNull();
    expect(changeFinding('cost_vs_last_year', february, seasonal)).toBeNull();
  });

  it('follows a company’s thresholds and its number of prior months', () => {
    const t = resolveAuditThresholds({ usageVsPriorAbovePct: 50, priorMonths: 1 });
    expect(changeFinding('usage_vs_prior', perDay('2026-02', 10, 149), history, t)).toBeNull();
    expect(changeFinding('usage_vs_prior', perDay('2026-02', 10, 151), history, t)).not.toBeNull();
    // Only January is a prior month: a December spike is not averaged in.
    const spiky = billHistory([
      ...steady('2025-01', 11),
      perDay('2025-12', 10, 1000),
      perDay('2026-01', 10, 100),
    ]);
    expect(changeFinding('usage_vs_prior', perDay('2026-02', 10, 100), spiky, t)).toBeNull();
    expect(changeFinding('usage_vs_prior', perDay('2026-02', 10, 100), spiky)).not.toBeNull();
  });

  it('needs a month to compare with and a usage', () => {
    const noYear = billHistory(steady('2025-06', 8));
    expect(changeFinding('usage_vs_last_year', perDay('2026-02', 10, 500), noYear)).toBeNull();
    expect(
      changeFinding('usage_vs_prior', { ...perDay('2026-02', 10, 500), services: [] }, history),
    ).toBeNull();
  });
});

describe('unitCostFinding (cost per unit against the same month last year)', () => {
  const history = billHistory(steady('2025-01', 13));
  it.each([
    [125.01, true],
    [125, false],
    [74.99, true],
    [75, false],
  ])('charges of %d for 1,000 kWh against $0.10 last year: %s', (charges, fires) => {
    expect(unitCostFinding(bill('2026-02', charges, 1000), history) !== null).toBe(fires);
  });

  it('compares only the same unit', () => {
    const therms: AuditedBill = {
      ...bill('2026-02', 500, 1000),
      services: [
        { serviceType: 'electric', charges: 500, usage: 1000, unit: 'MWh', demandKw: null, taxesFees: 0 },
      ],
    };
    expect(unitCostFinding(therms, history)).toBeNull();
  });
});

describe('extremeFinding (12-month high and low)', () => {
  const history = billHistory(steady('2025-01', 13));
  it('fires past the margin over the highest and under the lowest', () => {
    const high = 310 * 1.1;
    expect(extremeFinding(bill('2026-02', high + 0.01, 1), history)).toMatchObject({
      rule: 'twelve_month_high',
      reference: 310,
    });
    expect(extremeFinding(bill('2026-02', high, 1), history)).toBeNull();
    expect(extremeFinding(bill('2026-02', 310 * 0.9 - 0.01, 1), history)).toMatchObject({
      rule: 'twelve_month_low',
    });
    expect(extremeFinding(bill('2026-02', 310 * 0.9, 1), history)).toBeNull();
  });

  it('finds 12-month highs and lows of usage per day too', () => {
    // EnergyCAP's USE6 and USE7: 20 % over the highest, 50 % under the lowest.
    expect(extremeFinding(perDay('2026-02', 10, 120.01), history, undefined, 'usagePerDay')).toMatchObject({
      rule: 'usage_twelve_month_high',
      reference: 100,
    });
    expect(extremeFinding(perDay('2026-02', 10, 120), history, undefined, 'usagePerDay')).toBeNull();
    expect(extremeFinding(perDay('2026-02', 10, 49.99), history, undefined, 'usagePerDay')).toMatchObject({
      rule: 'usage_twelve_month_low',
    });
    expect(extremeFinding(perDay('2026-02', 10, 50), history, undefined, 'usagePerDay')).toBeNull();
  });

  it('needs ten billed months of the previous twelve', () => {
    expect(extremeFinding(bill('2026-02', 9999, 1), billHistory(steady('2025-05', 9)))).toBeNull();
    expect(extremeFinding(bill('2026-02', 9999, 1), billHistory(steady('2025-04', 10)))).not.toBeNull();
  });
});

describe('demandFinding and rateFinding', () => {
  const history = billHistory(steady('2025-01', 13));
  it('flags demand more than 30 % above the 12-month average', () => {
    expect(
      demandFinding(
        bill('2026-02', 1, 1, {
          services: [
            { serviceType: 'electric', charges: 1, usage: 1, unit: 'kWh', demandKw: 13.01, taxesFees: 0 },
          ],
        }),
        history,
      ),
    ).toMatchObject({ rule: 'demand_spike', measured: 13.01, reference: 10 });
    expect(
      demandFinding(
        bill('2026-02', 1, 1, {
          services: [
            { serviceType: 'electric', charges: 1, usage: 1, unit: 'kWh', demandKw: 13, taxesFees: 0 },
          ],
        }),
        history,
      ),
    ).toBeNull();
    expect(demandFinding(bill('2026-02', 1, 1, { services: [] }), history)).toBeNull();
    expect(demandFinding(bill('2026-02', 1, 1), billHistory(steady('2025-10', 4)))).toBeNull();
  });

  it('flags a rate off the 12-month average by more than 25 %, either way', () => {
    // The steady rate is $0.10 per kWh.
    expect(rateFinding(bill('2026-02', 125.01, 1000), history)).toMatchObject({
      rule: 'rate_change',
      measured: 0.12501,
      reference: 0.1,
    });
    expect(rateFinding(bill('2026-02', 125, 1000), history)).toBeNull();
    expect(rateFinding(bill('2026-02', 74.99, 1000), history)).toMatchObject({ rule: 'rate_change' });
    expect(rateFinding(bill('2026-02', 75, 1000), history)).toBeNull();
    expect(rateFinding(bill('2026-02', 100, null), history)).toBeNull();
    expect(rateFinding(bill('2026-02', 200, 1000), billHistory(steady('2025-10', 4)))).toBeNull();
  });
});

describe('samePeriodFinding (duplicate and re-issued bills)', () => {
  const original = bill('2026-01', 100, 1000, { id: 'a', ...period('2026-01') });
  it.each([
    ['the same amount', 100, 'duplicate_bill'],
    ['another amount', 100.01, 'reissued_bill'],
  ])('flags the later bill of the same period with %s', (_case, total, rule) => {
    expect(samePeriodFinding({ ...original, id: 'b', totalNewCharges: total }, original)).toMatchObject({
      rule,
    });
  });

  it('flags nothing without an earlier bill of the period, or for a missing invoice', () => {
    expect(samePeriodFinding(original, undefined)).toBeNull();
    expect(samePeriodFinding({ ...original, id: 'b', isInvoiceMissing: true }, original)).toBeNull();
  });

  it('finds the earlier bill in an account’s run: same period, or same bill month without read dates', () => {
    const account = { id: 'acc', services: 'electric', nextExpectedDeliveryDate: null };
    const bills = [
      ...readings('2025-01', 13),
      { ...perDay('2026-01', 10, 100), id: 'reissue', invoiceDate: '2026-01-20', totalNewCharges: 301 },
    ];
    const raised = auditAccountBills(account, bills, '2026-03-01').map((a) => [a.billId, a.rule]);
    expect(raised).toContainEqual(['reissue', 'reissued_bill']);
    expect(raised.filter(([id]) => id === 'reissue').map(([, rule]) => rule)).not.toContain('period_overlap');
  });
});

describe('duplicate invoice numbers', () => {
  const account = { id: 'acc', services: 'electric', nextExpectedDeliveryDate: null };
  it.each([
    ['the same number', 'INV-1', ' INV-1 ', true],
    ['another number', 'INV-1', 'INV-2', false],
    ['no number', null, null, false],
    ['empty numbers', '', '', false],
  ])('flags the later bill with %s', (_case, first, second, fires) => {
    const bills = [
      { ...perDay('2026-01', 10, 100), invoiceNumber: first },
      { ...perDay('2026-02', 10, 100.5), invoiceNumber: second },
    ];
    const rules = auditAccountBills(account, bills, '2026-03-01').map((a) => `${a.billId}:${a.rule}`);
    expect(rules.includes('b-2026-02:duplicate_invoice_number')).toBe(fires);
    expect(rules.includes('b-2026-01:duplicate_invoice_number')).toBe(false);
  });
});

describe('totalMismatchFinding', () => {
  it.each([
    ['equal', 100, 100, false],
    ['a dollar apart', 101, 100, false],
    ['a dollar and a cent apart', 101.01, 100, true],
    ['under the lines', 98.99, 100, true],
  ])('total and lines %s', (_case, total, lines, fires) => {
    const found = totalMismatchFinding({ ...bill('2026-01', lines, 1), totalNewCharges: total });
    expect(found !== null).toBe(fires);
    if (found) expect(found).toEqual({ rule: 'total_mismatch', measured: total, reference: lines });
  });

  it('sums several services to the cent', () => {
    const services = [0.1, 0.2].map((charges) => ({
      serviceType: 'electric',
      charges,
      usage: 1,
      unit: 'kWh',
      demandKw: null,
      taxesFees: 0,
    }));
    const tight = resolveAuditThresholds({ totalMismatchTolerance: 0 });
    expect(totalMismatchFinding({ ...bill('2026-01', 0.3, 1), services }, tight)).toBeNull();
  });
});

describe('billing periods', () => {
  it.each([
    ['2026-01-01', '2026-01-24', 24, 25],
    ['2026-01-01', '2026-01-25', null, null],
    ['2026-01-01', '2026-02-04', null, null],
    ['2026-01-01', '2026-02-05', 36, 35],
  ])('a period %s – %s: %s days flagged', (from, to, measured, reference) => {
    const found = periodLengthFinding(bill('2026-01', 1, 1, { readDateFrom: from, readDateTo: to }));
    expect(found).toEqual(measured === null ? null : { rule: 'billing_period_length', measured, reference });
  });

  it.each([
    ['follows the day after', '2026-02-01', null],
    ['starts on the day the last ended (a shared read day)', '2026-01-31', null],
    ['leaves a day out', '2026-02-02', { rule: 'period_gap', measured: 1, reference: null }],
    ['leaves ten days out', '2026-02-11', { rule: 'period_gap', measured: 10, reference: null }],
    ['starts two days early', '2026-01-30', { rule: 'period_overlap', measured: 2, reference: null }],
  ])('a period that %s', (_case, from, expected) => {
    const previous = bill('2026-01', 1, 1, { readDateFrom: '2026-01-01', readDateTo: '2026-01-31' });
    const next = bill('2026-02', 1, 1, { readDateFrom: from, readDateTo: '2026-02-28' });
    expect(continuityFinding(next, previous)).toEqual(expected);
  });

  it('checks no continuity across a missing invoice (the missing bill is its own alert)', () => {
    const account = { id: 'acc', services: 'electric', nextExpectedDeliveryDate: null };
    const bills = [
      perDay('2025-11', 10, 100),
      { ...bill('2025-12', 0, null), isInvoiceMissing: true, services: [] },
      perDay('2026-01', 10, 101),
    ];
    const rules = auditAccountBills(account, bills, '2026-03-01').map((a) => a.rule);
    expect(rules).toEqual(['missing_bill']);
  });

  it.each([
    ['2026-03-01', null],
    ['2026-03-02', { rule: 'future_period', measured: 1, reference: null }],
  ])('a period ending %s, audited on 1 March', (to, expected) => {
    expect(
      futurePeriodFinding(
        bill('2026-02', 1, 1, { readDateFrom: '2026-02-01', readDateTo: to }),
        '2026-03-01',
      ),
    ).toEqual(expected);
  });
});

describe('dueDateFinding', () => {
  it.each([
    ['2026-01-04', -1, 7],
    ['2026-01-11', 6, 7],
    ['2026-01-12', null, null],
    ['2026-02-19', null, null],
    ['2026-02-20', 46, 45],
  ])('due %s after an invoice of 5 January', (dueDate, measured, reference) => {
    const found = dueDateFinding(bill('2026-01', 1, 1, { dueDate }));
    expect(found).toEqual(measured === null ? null : { rule: 'due_date', measured, reference });
  });

  it('passes a bill without a due date', () => {
    expect(dueDateFinding(bill('2026-01', 1, 1))).toBeNull();
  });
});

describe('estimated and zero-use bills', () => {
  const account = { id: 'acc', services: 'electric', nextExpectedDeliveryDate: null };
  const rulesOf = (bills: AuditedBill[]) =>
    auditAccountBills(account, bills, '2026-06-01')
      .filter((a) => a.rule === 'estimated_bill' || a.rule === 'zero_use')
      .map((a) => `${a.billMonth} ${a.rule} ${a.measured}/${a.reference}`);

  const run = (usages: number[], marked: boolean[] = []) =>
    rulesOf(
      usages.map((usage, i) =>
        perDay(addMonths('2026-01', i), 10, usage, { hasEstimatedRead: marked[i] ?? false }),
      ),
    );

  it.each([
    ['the same usage twice', [100, 100], []],
    ['the same usage three times', [100, 100, 100], ['2026-03 estimated_bill 3100/3']],
    [
      'the same usage four times',
      [100, 100, 100, 100],
      ['2026-03 estimated_bill 3100/3', '2026-04 estimated_bill 3100/4'],
    ],
    ['usage within 0.1 % each time', [100, 100.09, 100.18], [`2026-03 estimated_bill ${100.18 * 31}/3`]],
    ['usage that moves', [100, 100.5, 100], []],
    ['zero twice', [0, 0], ['2026-02 zero_use 2/null']],
    ['zero once', [0, 5], []],
  ])('%s', (_case, usages, expected) => {
    expect(run(usages)).toEqual(expected);
  });

  it('flags estimated reads two bills in a row, and never a bill marked estimated as a possible estimate', () => {
    expect(run([100, 120, 90], [false, true, true])).toEqual(['2026-03 estimated_bill null/2']);
    expect(run([100, 100, 100], [false, false, true])).toEqual([]);
    expect(estimatedFinding({ ...bill('2026-01', 1, 7), hasEstimatedRead: true }, 1, 1)).toBeNull();
    expect(zeroUseFinding(1)).toBeNull();
  });

  it.each([
    ['Estimated', true],
    ['EST', true],
    ['Actual', false],
    [null, false],
  ])('reads the measurement type %s as an estimate: %s', (type, expected) => {
    expect(isEstimatedRead(type)).toBe(expected);
  });
});

describe('load factor and power factor', () => {
  const electric = (usage: number, demandKw: number | null, kvaMax?: number): AuditedBill => ({
    ...bill('2026-01', 1, usage, { readDateFrom: '2026-01-01', readDateTo: '2026-01-31' }),
    services: [{ serviceType: 'electric', charges: 1, usage, unit: 'kWh', demandKw, kvaMax, taxesFees: 0 }],
  });
  it.each([
    // 31 days × 24 h = 744 h: 100 kW at 100 % is 74,400 kWh.
    [7440, 100, null],
    // Compared as shown, to a tenth of a percent: 9.9987 % reads as 10 %.
    [7439, 100, null],
    [7400, 100, { rule: 'load_factor', measured: 9.9, reference: 10 }],
    [74_400, 100, null],
    [75_000, 100, { rule: 'load_factor', measured: 100.8, reference: 100 }],
    [7440, null, null],
  ])('%d kWh with %s kW', (usage, demand, expected) => {
    expect(loadFactorFinding(electric(usage, demand))).toEqual(expected);
  });

  it.each([
    [90, 100, null],
    [89, 100, { rule: 'power_factor', measured: 89, reference: 90 }],
    [89, undefined, null],
  ])('%d kW over %s kVA', (kw, kva, expected) => {
    expect(powerFactorFinding(electric(30_000, kw, kva))).toEqual(expected);
  });

  it('flags a power-factor charge line, whatever the power factor', () => {
    expect(powerFactorFinding({ ...electric(30_000, 95, 100), powerFactorCharges: 42.5 })).toEqual({
      rule: 'power_factor',
      measured: null,
      reference: 42.5,
    });
  });

  it.each([
    [{ chargeClassification: 'Power Factor', description: null }, true],
    [{ chargeClassification: 'Demand', description: 'Reactive Demand Charge' }, true],
    [{ chargeClassification: null, description: 'kVARh charge' }, true],
    [{ chargeClassification: 'Demand', description: 'Demand Charge' }, false],
  ])('reads %o as a power-factor charge: %s', (line, expected) => {
    expect(isPowerFactorCharge(line)).toBe(expected);
  });

  it('sums a bill’s power-factor lines and notes its estimated reads', () => {
    const facts = billLineFacts(
      [
        { billId: 'a', measurementType: 'Actual' },
        { billId: 'b', measurementType: 'Estimated' },
      ],
      [
        { billId: 'a', chargeClassification: 'Power Factor', description: null, amount: 0.1 },
        { billId: 'a', chargeClassification: 'Power Factor', description: null, amount: 0.2 },
        { billId: 'a', chargeClassification: 'Energy', description: 'Energy Charge', amount: 99 },
      ],
    );
    expect(Object.fromEntries(facts)).toEqual({
      a: { powerFactorCharges: 0.3 },
      b: { hasEstimatedRead: true },
    });
  });
});

describe('auditAccountBills', () => {
  const account = { id: 'acc', services: 'electric', nextExpectedDeliveryDate: null };

  it('raises nothing on steady bills', () => {
    expect(auditAccountBills(account, readings('2024-01', 26), '2026-03-01')).toEqual([]);
  });

  it('raises the spec’s anomaly, the late fee and the checks a spike trips, with keys and the bill’s variances', () => {
    const bills = [
      ...readings('2025-01', 13),
      perDay('2026-02', 30, 300, { lateFee: 12, invoiceDate: '2026-02-27' }),
    ];
    const raised = auditAccountBills(account, bills, '2026-03-01');
    expect(raised.map((alert) => alert.rule)).toEqual([
      'anomaly',
      'usage_vs_prior',
      'usage_vs_last_year',
      'cost_vs_prior',
      'cost_vs_last_year',
      'usage_twelve_month_high',
      'twelve_month_high',
      'late_fee',
      // Three times the usage at the same 10 kW: a load factor of 125 %.
      'load_factor',
    ]);
    expect(new Set(raised.map((alert) => alert.auditKey)).size).toBe(9);
    expect(raised[0]).toMatchObject({
      auditKey: 'b-2026-02:anomaly',
      billId: 'b-2026-02',
      accountId: 'acc',
      serviceType: 'electric',
      usageUoM: 'kWh',
      // Two days after the invoice, but never after today.
      importDate: '2026-03-01',
      lateFee: 12,
      // Against last February's 3,106.2 kWh.
      variancePercentageUsageYoY: 199.4,
    });
  });

  it('audits only the bills asked for, the others serving as history', () => {
    const bills = [...readings('2025-01', 13), perDay('2026-02', 10, 300)];
    expect(auditAccountBills(account, bills, '2026-03-01', new Set(['b-2025-03']))).toEqual([]);
    expect(auditAccountBills(account, bills, '2026-03-01', new Set(['b-2026-02'])).length).toBeGreaterThan(0);
  });

  it('raises a missing invoice once its month is past the grace days, with the account’s first service', () => {
    const missing = { ...bill('2026-01', 0, null), services: [], isInvoiceMissing: true, invoiceDate: null };
    const gas = { ...account, services: 'natural_gas,electric' };
    expect(auditAccountBills(gas, [missing], '2026-02-05')).toEqual([]);
    expect(auditAccountBills(gas, [missing], '2026-02-06')).toEqual([
      expect.objectContaining({
        rule: 'missing_bill',
        importDate: '2026-02-06',
        serviceType: 'natural_gas',
        usageUoM: null,
      }),
    ]);
  });

  it('raises a missing bill when the expected delivery date has passed with no bill since', () => {
    const expecting = { ...account, nextExpectedDeliveryDate: '2026-03-01', services: '' };
    const bills = steady('2025-12', 2);
    expect(auditAccountBills(expecting, bills, '2026-03-06')).toEqual([]);
    expect(auditAccountBills(expecting, bills, '2026-03-07')).toEqual([
      expect.objectContaining({
        rule: 'missing_bill',
        billId: null,
        auditKey: 'missing_bill:acc:2026-03-01',
        serviceType: 'electric',
      }),
    ]);
    const arrived = [...bills, bill('2026-02', 1, 1, { invoiceDate: '2026-03-02' })];
    expect(
      auditAccountBills(expecting, arrived, '2026-03-07').filter((a) => a.rule === 'missing_bill'),
    ).toEqual([]);
  });

  it('runs the audits a caller adds (the weather-based outlier’s hook) after its own', () => {
    const everyFebruary: BillAudit = (audited) =>
      audited.billMonth.endsWith('-02') ? { rule: 'anomaly', measured: 1, reference: 2 } : null;
    const raised = auditAccountBills(account, readings('2025-01', 14), '2026-03-01', undefined, {
      extraAudits: [everyFebruary],
    });
    expect(raised.map((a) => a.auditKey)).toEqual(['b-2025-02:anomaly', 'b-2026-02:anomaly']);
  });

  it('follows the company’s thresholds', () => {
    const bills = [...readings('2025-01', 13), perDay('2026-02', 10, 125)];
    const rules = (stored: object) =>
      auditAccountBills(account, bills, '2026-03-01', undefined, {
        thresholds: resolveAuditThresholds(stored),
      }).map((a) => a.rule);
    expect(rules({})).toEqual(['usage_vs_prior', 'usage_vs_last_year', 'usage_twelve_month_high']);
    expect(rules({ usageVsPriorAbovePct: 30, usageVsLastYearAbovePct: 30, usageHighMarginPct: 30 })).toEqual(
      [],
    );
  });

  it('uses today as the import date of a bill without an invoice date', () => {
    const noDate = { ...perDay('2026-02', 30, 300), invoiceDate: null, lateFee: 3 };
    expect(auditAccountBills(account, [noDate], '2026-03-09')[0]?.importDate).toBe('2026-03-09');
  });
});
