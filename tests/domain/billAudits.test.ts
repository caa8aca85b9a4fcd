import { describe, expect, it } from 'vitest';
import {
  AUDIT_RULES,
  AUDIT_THRESHOLDS,
  auditAccountBills,
  billCharges,
  billDays,
  billHistory,
  billVariances,
  changeFinding,
  chargesPerDay,
  demandFinding,
  duplicateFinding,
  extremeFinding,
  percentChange,
  rateFinding,
  ratePerUnit,
  usagePerDay,
} from '../../src/domain/billAudits';
import type { AuditBill } from '../../src/domain/billAudits';
import { addDays } from '../../src/domain/dates';
import { addMonths } from '../../src/domain/totals';

/** A bill of `month` with one electric service; 31-day read periods unless given. */
function bill(
  month: string,
  charges: number,
  usage: number | null,
  extra: Partial<AuditBill> = {},
): AuditBill {
  return {
    id: `b-${month}`,
    billMonth: month,
    invoiceDate: `${month}-05`,
    readDateFrom: null,
    readDateTo: null,
    totalNewCharges: charges,
    lateFee: 0,
    isInvoiceMissing: false,
    services: [{ serviceType: 'electric', charges, usage, unit: 'kWh', demandKw: 50, taxesFees: 0 }],
    ...extra,
  };
}

/** `count` steady bills from `from`: the same charges and usage per day every month (31-day periods). */
function steady(from: string, count: number, perDayCharges = 10, perDayUsage = 100): AuditBill[] {
  return Array.from({ length: count }, (_, i) => {
    const month = addMonths(from, i);
    return bill(month, perDayCharges * 31, perDayUsage * 31, {
      readDateFrom: `${month}-01`,
      readDateTo: addDays(`${month}-01`, 30),
    });
  });
}

/** A 31-day bill of `month` with the given charges and usage per day. */
function perDay(month: string, charges: number, usage: number, extra: Partial<AuditBill> = {}): AuditBill {
  return bill(month, charges * 31, usage * 31, {
    readDateFrom: `${month}-01`,
    readDateTo: addDays(`${month}-01`, 30),
    ...extra,
  });
}

describe('AUDIT_RULES and AUDIT_THRESHOLDS', () => {
  it('lists the spec’s anomaly flag first, then the auditor’s checks', () => {
    expect(AUDIT_RULES[0]).toBe('anomaly');
    expect(AUDIT_RULES).toHaveLength(10);
  });

  it('keeps the thresholds the issue names: +20 % / −50 %, rates off by 25 %', () => {
    expect(AUDIT_THRESHOLDS).toMatchObject({ changeAbovePct: 20, changeBelowPct: -50, rateOffPct: 25 });
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
    const gas = (month: string, charges: number): AuditBill => ({
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

describe('changeFinding (per day, against the previous two months and last year)', () => {
  const history = billHistory([...steady('2025-01', 13)]);
  it.each([
    [12.01, 'usage', true],
    [12, 'usage', false],
    [4.99, 'usage', true],
    [5, 'usage', false],
  ])('usage per day of %d against 10: %s %s', (value, _kind, fires) => {
    const current = perDay('2026-02', 10, value * 10);
    const found = changeFinding('usage_change', usagePerDay, current, history);
    expect(found !== null).toBe(fires);
  });

  it('stays quiet when only one of the two comparisons passes (a seasonal swing)', () => {
    // Last year's February was as high: the rise against the previous two months is the season.
    const seasonal = billHistory([
      ...steady('2025-01', 13).filter((b) => b.billMonth !== '2025-02'),
      perDay('2025-02', 13, 130),
    ]);
    expect(changeFinding('charge_change', chargesPerDay, perDay('2026-02', 13, 130), seasonal)).toBeNull();
  });

  it('answers the two percentages', () => {
    expect(changeFinding('charge_change', chargesPerDay, perDay('2026-02', 15, 100), history)).toEqual({
      rule: 'charge_change',
      measured: 50,
      reference: 50,
    });
  });

  it('needs both a recent month and last year’s', () => {
    const noYear = billHistory(steady('2025-06', 8));
    expect(changeFinding('usage_change', usagePerDay, perDay('2026-02', 10, 500), noYear)).toBeNull();
    expect(
      changeFinding('usage_change', usagePerDay, { ...perDay('2026-02', 10, 500), services: [] }, history),
    ).toBeNull();
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
            { serviceType: 'electric', charges: 1, usage: 1, unit: 'kWh', demandKw: 65.01, taxesFees: 0 },
          ],
        }),
        history,
      ),
    ).toMatchObject({ rule: 'demand_spike', measured: 65.01, reference: 50 });
    expect(
      demandFinding(
        bill('2026-02', 1, 1, {
          services: [
            { serviceType: 'electric', charges: 1, usage: 1, unit: 'kWh', demandKw: 65, taxesFees: 0 },
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

describe('duplicateFinding', () => {
  const original = bill('2026-01', 100, 1000, {
    id: 'a',
    readDateFrom: '2026-01-01',
    readDateTo: '2026-01-31',
  });
  it('flags the later of two bills with the same period and amount', () => {
    const copy = { ...original, id: 'b', invoiceDate: '2026-01-09' };
    expect(duplicateFinding(copy, [original, copy])).toMatchObject({ rule: 'duplicate_bill', measured: 100 });
    expect(duplicateFinding(original, [original, copy])).toBeNull();
  });

  it('does not flag another amount, another period or a missing invoice', () => {
    expect(duplicateFinding({ ...original, id: 'b', totalNewCharges: 100.01 }, [original])).toBeNull();
    expect(duplicateFinding({ ...original, id: 'b', readDateTo: '2026-01-30' }, [original])).toBeNull();
    expect(duplicateFinding({ ...original, id: 'b', isInvoiceMissing: true }, [original])).toBeNull();
  });
});

describe('auditAccountBills', () => {
  const account = { id: 'acc', services: 'electric', nextExpectedDeliveryDate: null };

  it('raises nothing on steady bills', () => {
    expect(auditAccountBills(account, steady('2024-01', 26), '2026-03-01')).toEqual([]);
  });

  it('raises the spec’s anomaly, the late fee and the checks a spike trips, with keys and the bill’s variances', () => {
    const bills = [
      ...steady('2025-01', 13),
      perDay('2026-02', 30, 300, { lateFee: 12, invoiceDate: '2026-02-27' }),
    ];
    const raised = auditAccountBills(account, bills, '2026-03-01');
    expect(raised.map((alert) => alert.rule)).toEqual([
      'anomaly',
      'usage_change',
      'charge_change',
      'twelve_month_high',
      'late_fee',
    ]);
    expect(new Set(raised.map((alert) => alert.auditKey)).size).toBe(5);
    expect(raised[0]).toMatchObject({
      auditKey: 'b-2026-02:anomaly',
      billId: 'b-2026-02',
      accountId: 'acc',
      serviceType: 'electric',
      usageUoM: 'kWh',
      // Two days after the invoice, but never after today.
      importDate: '2026-03-01',
      lateFee: 12,
      variancePercentageUsageYoY: 200,
    });
  });

  it('audits only the bills asked for, the others serving as history', () => {
    const bills = [...steady('2025-01', 13), perDay('2026-02', 10, 300)];
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

  it('uses today as the import date of a bill without an invoice date', () => {
    const noDate = { ...perDay('2026-02', 30, 300), invoiceDate: null, lateFee: 3 };
    expect(auditAccountBills(account, [noDate], '2026-03-09')[0]?.importDate).toBe('2026-03-09');
  });
});
