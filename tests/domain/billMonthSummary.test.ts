import { describe, expect, it } from 'vitest';
import { serviceMonths } from '../../src/domain/billFigures';
import {
  applyBill,
  emptySummary,
  summarize,
  summaryMonthOf,
  summaryServiceMonths,
  summaryTotalsRows,
} from '../../src/domain/billMonthSummary';
import type { SummaryBill } from '../../src/domain/billMonthSummary';
import { latestTwelveMonths, twelveMonthTotals } from '../../src/domain/totals';
import { seededRandom as random } from '../helpers/seededRandom';

const ACCOUNT_SERVICES: Record<string, string> = {
  a1: 'electric',
  a2: 'naturalgas,water',
  a3: 'trash',
  a4: 'electric,water',
};
const servicesOf = (accountId: string) => ACCOUNT_SERVICES[accountId];

function randomBills(count: number, seed: number): SummaryBill[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return Array.from({ length: count }, (_, i) => {
    const accountId = pick(Object.keys(ACCOUNT_SERVICES));
    const missing = next() < 0.1;
    const services = missing
      ? []
      : (ACCOUNT_SERVICES[accountId] ?? '').split(',').map((serviceType) => ({
          serviceType,
          charges: Math.round(next() * 1_000_000) / 100 - 500,
          usage: serviceType === 'trash' ? null : Math.round(next() * 10_000_000) / 1000,
          unit: serviceType === 'trash' ? null : pick(['kWh', 'MWh', 'therms']),
          demandKw: null,
          taxesFees: Math.round(next() * 10_000) / 100,
        }));
    return {
      id: `b${i}`,
      companyId: pick([1, 2]),
      accountId,
      locationId: `l${accountId}`,
      billMonth: `202${pick(['4', '5', '6'])}-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}`,
      totalNewCharges: 0,
      isInvoiceMissing: missing,
      services,
    };
  });
}

describe('bill month summaries', () => {
  const bills = randomBills(2_000, 7);

  it('key each bill by its company and YYYY-MM month', () => {
    expect(summaryMonthOf({ billMonth: '2026-03-01' })).toBe('2026-03');
    expect(summaryMonthOf({ billMonth: 'March' })).toBe('March');
    const summaries = summarize(bills);
    expect(summaries.reduce((sum, summary) => sum + summary.billCount, 0)).toBe(bills.length);
    expect(new Set(summaries.map((summary) => `${summary.companyId}|${summary.billMonth}`)).size).toBe(
      summaries.length,
    );
  });

  it('give the same 12-month totals as the bills', () => {
    for (const companyId of [1, 2]) {
      const mine = bills.filter((bill) => bill.companyId === companyId);
      const fromBills = twelveMonthTotals(
        mine.flatMap((bill) =>
          bill.services.map((s) => ({
            billMonth: bill.billMonth,
            serviceType: s.serviceType,
            totalCharges: s.charges,
            totalUsage: s.usage ?? 0,
          })),
        ),
      );
      const fromSummaries = twelveMonthTotals(summaryTotalsRows(summarize(mine)));
      expect(fromSummaries.charges).toBe(fromBills.charges);
      for (const [service, totals] of Object.entries(fromBills.byService)) {
        expect(fromSummaries.byService[service]?.charges).toBe(totals.charges);
        expect(fromSummaries.byService[service]?.usage).toBeCloseTo(totals.usage, 6);
      }
    }
  });

  it('give the same service months as serviceMonths over the bills, missing invoices included', () => {
    const mine = bills.filter((bill) => bill.companyId === 1);
    const months = latestTwelveMonths(mine.map((bill) => bill.billMonth));
    const expected = serviceMonths(mine, servicesOf, months);
    expect(expected.some((row) => row.missingInvoices > 0)).toBe(true);
    expect(summaryServiceMonths(summarize(mine), servicesOf, months)).toEqual(expected);
  });

  it('come back to empty when every bill is taken away again, in any order', () => {
    const summary = emptySummary(1, '2026-01');
    const month = bills
      .filter((bill) => bill.companyId === 1)
      .map((bill) => ({ ...bill, billMonth: '2026-01' }));
    for (const bill of month) applyBill(summary, bill, 1);
    expect(summary.missing.length).toBeGreaterThan(0);
    for (const bill of [...month].reverse()) applyBill(summary, bill, -1);
    expect(summary).toEqual(emptySummary(1, '2026-01'));
  });

  it('keep the greatest unit still carried after a removal', () => {
    const bill = (id: string, unit: string): SummaryBill => ({
      id,
      companyId: 1,
      accountId: 'a1',
      locationId: 'l1',
      billMonth: '2026-01',
      totalNewCharges: 1,
      isInvoiceMissing: false,
      services: [{ serviceType: 'electric', charges: 1, usage: 1, unit, demandKw: null, taxesFees: 0 }],
    });
    const summary = emptySummary(1, '2026-01');
    applyBill(summary, bill('x', 'kWh'), 1);
    applyBill(summary, bill('y', 'MWh'), 1);
    expect(summaryServiceMonths([summary], servicesOf, ['2026-01'])[0]?.unit).toBe('kWh');
    applyBill(summary, bill('x', 'kWh'), -1);
    expect(summaryServiceMonths([summary], servicesOf, ['2026-01'])[0]?.unit).toBe('MWh');
  });

  it('leave months outside the window out', () => {
    expect(summaryServiceMonths(summarize(bills), servicesOf, [])).toEqual([]);
  });
});
