import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BillVariances } from '../../src/domain/alerts';
import { isBillAnomaly } from '../../src/domain/alerts';
import { summarize } from '../../src/domain/billMonthSummary';
import {
  BILL_ZIP_MAX_IDS,
  NO_BILL_FILTERS,
  billAnomalyOf,
  billAnomalyReasons,
  billPdfFileName,
  billPdfKey,
  billRangeOf,
  billRangeProblem,
  billTotals,
  billTotalsOfSummaries,
  billZipName,
  chargesByMonth,
  chargesByMonthOfSummaries,
  chunkIds,
  compareBillAmounts,
  energyUnitLabel,
  isBillFiltered,
  isInBillRange,
  matchesBillFilters,
  monthsBetween,
} from '../../src/domain/bills';
import type { FilterableBill } from '../../src/domain/bills';
import { figures } from '../helpers/billFigures';

describe('billRangeOf', () => {
  it.each([
    ['last12', '2026-02', { from: '2025-03', to: '2026-02' }],
    ['last12', null, { from: null, to: null }],
    ['thisYear', '2026-02', { from: '2026-01', to: '2026-12' }],
    ['lastYear', '2026-02', { from: '2025-01', to: '2025-12' }],
    ['all', '2026-02', { from: null, to: null }],
  ] as const)('%s with latest month %s', (preset, latest, expected) => {
    expect(billRangeOf(preset, latest, '2026-03-14')).toEqual(expected);
  });

  it('crosses a year boundary for the last 12 months', () => {
    expect(billRangeOf('last12', '2026-01', '2026-03-01')).toEqual({ from: '2025-02', to: '2026-01' });
  });
});

describe('isInBillRange and billRangeProblem', () => {
  it('includes both ends and treats null as open', () => {
    expect(isInBillRange('2025-03', { from: '2025-03', to: '2025-03' })).toBe(true);
    expect(isInBillRange('2025-02', { from: '2025-03', to: null })).toBe(false);
    expect(isInBillRange('1999-01', { from: null, to: null })).toBe(true);
    expect(isInBillRange('2026-04', { from: null, to: '2026-03' })).toBe(false);
  });

  it.each([
    [{ from: '2025-01', to: '2025-12' }, null],
    [{ from: null, to: null }, null],
    [{ from: '2025-13', to: null }, 'From must be a month (YYYY-MM).'],
    [{ from: null, to: '2025-1' }, 'To must be a month (YYYY-MM).'],
    [{ from: '2025-06', to: '2025-05' }, 'From must not be after To.'],
  ])('%j → %s', (range, problem) => {
    expect(billRangeProblem(range)).toBe(problem);
  });
});

describe('matchesBillFilters', () => {
  const bill: FilterableBill = {
    vendorId: 'v1',
    locationId: 'l1',
    accountId: 'a1',
    collectionType: 'PAPER',
    status: 'Cleared',
    serviceTypes: ['electric', 'water'],
    anomalyReasons: [],
  };

  it('passes every bill without filters', () => {
    expect(matchesBillFilters(bill, NO_BILL_FILTERS)).toBe(true);
  });

  it.each([
    [{ vendorId: 'v2' }, false],
    [{ vendorId: 'v1' }, true],
    [{ locationId: 'l2' }, false],
    [{ accountId: 'a2' }, false],
    [{ collectionType: 'EMAIL' }, false],
    [{ status: 'Pending' }, false],
    [{ service: 'water' }, true],
    [{ service: 'natural_gas' }, false],
    [{ isAnomalyOnly: true }, false],
  ])('%j → %s', (patch, expected) => {
    expect(matchesBillFilters(bill, { ...NO_BILL_FILTERS, ...patch })).toBe(expected);
  });

  it('says whether any filter is set', () => {
    expect(isBillFiltered(NO_BILL_FILTERS)).toBe(false);
    expect(isBillFiltered({ ...NO_BILL_FILTERS })).toBe(false);
    expect(isBillFiltered({ ...NO_BILL_FILTERS, status: 'Pending' })).toBe(true);
    expect(isBillFiltered({ ...NO_BILL_FILTERS, isAnomalyOnly: true })).toBe(true);
  });

  it('keeps anomalies when only anomalies are asked for', () => {
    const flagged = { ...bill, anomalyReasons: ['Late fee of $5.00'] };
    expect(matchesBillFilters(flagged, { ...NO_BILL_FILTERS, isAnomalyOnly: true })).toBe(true);
  });
});

describe('billTotals', () => {
  it('sums charges to the cent and counts bills, accounts and missing invoices', () => {
    const totals = billTotals([
      { accountId: 'a', totalNewCharges: 0.1, isInvoiceMissing: false },
      { accountId: 'a', totalNewCharges: 0.2, isInvoiceMissing: false },
      { accountId: 'b', totalNewCharges: 0, isInvoiceMissing: true },
    ]);
    expect(totals).toEqual({ charges: 0.3, bills: 3, accounts: 2, missingInvoices: 1 });
  });

  it('is zero for no bills', () => {
    expect(billTotals([])).toEqual({ charges: 0, bills: 0, accounts: 0, missingInvoices: 0 });
  });
});

describe('billAnomalyReasons', () => {
  it.each<[BillVariances, string[]]>([
    [{}, []],
    [{ lateFee: 12.5 }, ['Late fee of $12.50']],
    [{ chargeVarianceMoM: 40 }, []],
    [
      { chargeVarianceMoM: 40, usageVarianceYoY: -3 },
      ['More than one variance: charges month over month, usage year over year'],
    ],
    [{ variancePercentageUsageMoM: 140 }, ['Usage month over month up 140.0 % (over 100 %)']],
    [{ variancePercentageChargeYoY: 100 }, []],
  ])('%j → %j', (variances, reasons) => {
    expect(billAnomalyReasons(variances)).toEqual(reasons);
  });

  it('names a rule exactly when isBillAnomaly flags the bill', () => {
    const figure = fc.option(fc.oneof(fc.constant(0), fc.double({ min: -500, max: 500, noNaN: true })), {
      nil: null,
    });
    fc.assert(
      fc.property(
        fc.record({
          lateFee: figure,
          chargeVarianceMoM: figure,
          chargeVarianceYoY: figure,
          usageVarianceMoM: figure,
          usageVarianceYoY: figure,
          variancePercentageChargeMoM: figure,
          variancePercentageChargeYoY: figure,
          variancePercentageUsageMoM: figure,
          variancePercentageUsageYoY: figure,
        }),
        (variances) => billAnomalyReasons(variances).length > 0 === isBillAnomaly(variances),
      ),
    );
  });
});

describe('billAnomalyOf', () => {
  it('joins the bill’s late fee with the rules each alert fires, once each', () => {
    const alert = { variancePercentageChargeMoM: 150, lateFee: 99 };
    expect(billAnomalyOf({ lateFee: 5 }, [alert, alert])).toEqual([
      'Late fee of $5.00',
      'Charges month over month up 150.0 % (over 100 %)',
    ]);
  });

  it('is empty for a bill without late fee or firing alerts', () => {
    expect(billAnomalyOf({ lateFee: 0 }, [{ chargeVarianceMoM: 10 }])).toEqual([]);
  });
});

describe('compareBillAmounts', () => {
  it.each([
    [110, 100, { difference: 10, percent: 10 }],
    [90.1, 100.2, { difference: -10.1, percent: -10.08 }],
    [50, 0, { difference: 50, percent: null }],
    [50, null, null],
    [50, undefined, null],
  ])('%s against %s', (current, previous, expected) => {
    expect(compareBillAmounts(current, previous)).toEqual(expected);
  });
});

describe('file names and keys', () => {
  it('names a bill’s PDF by vendor, account and month, safely', () => {
    expect(billPdfFileName('Metro Power', '1234-5678', '2026-03')).toBe('Metro Power_1234-5678_2026-03.pdf');
    expect(billPdfFileName('A/B: "Gas"', '12/34', '2026-03')).toBe('A-B_ _Gas__12-34_2026-03.pdf');
  });

  it('keys a kept PDF by the bill id', () => {
    expect(billPdfKey('b-1')).toBe('bills/b-1.pdf');
  });

  it('numbers split zips', () => {
    expect(billZipName('2026-03-14', 1, 1)).toBe('Bills_2026-03-14.zip');
    expect(billZipName('2026-03-14', 2, 3)).toBe('Bills_2026-03-14_2-of-3.zip');
  });
});

describe('chunkIds', () => {
  it('splits a large selection into groups of at most 500, in order', () => {
    const ids = Array.from({ length: 1201 }, (_, i) => i);
    const chunks = chunkIds(ids);
    expect(chunks.map((chunk) => chunk.length)).toEqual([BILL_ZIP_MAX_IDS, BILL_ZIP_MAX_IDS, 201]);
    expect(chunks.flat()).toEqual(ids);
  });

  it('answers no group for no ids and refuses a size below one', () => {
    expect(chunkIds([])).toEqual([]);
    expect(() => chunkIds([1], 0)).toThrow(RangeError);
  });
});

describe('energyUnitLabel', () => {
  it.each([
    ['kWh', 'kWh'],
    ['KWH', 'kWh'],
    ['therm', 'Therms'],
    ['CCF', 'CCF (hundred cubic feet)'],
    ['Gallons', 'Gallons'],
    ['tons', 'tons'],
    [' ', null],
    [null, null],
  ])('%s → %s', (unit, label) => {
    expect(energyUnitLabel(unit)).toBe(label);
  });
});

describe('monthsBetween and chargesByMonth', () => {
  it('lists the months of a range across a year end', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-02', '2025-11')).toEqual([]);
  });

  it('sums charges per service and month to the cent and counts missing invoices', () => {
    const chart = chargesByMonth(
      [
        {
          billMonth: '2026-01',
          isInvoiceMissing: false,
          summaries: [{ serviceType: 'water', charges: 0.1 }],
        },
        {
          billMonth: '2026-01',
          isInvoiceMissing: false,
          summaries: [{ serviceType: 'water', charges: 0.2 }],
        },
        {
          billMonth: '2026-02',
          isInvoiceMissing: false,
          summaries: [{ serviceType: 'electric', charges: 5 }],
        },
        { billMonth: '2026-02', isInvoiceMissing: true, summaries: [] },
        { billMonth: '2030-01', isInvoiceMissing: true, summaries: [{ serviceType: 'water', charges: 9 }] },
      ],
      ['2025-12', '2026-01', '2026-02'],
    );
    expect(chart.series).toEqual([
      { serviceType: 'electric', data: [null, null, 5] },
      { serviceType: 'water', data: [null, 0.3, null] },
    ]);
    expect(chart.missing).toEqual([0, 0, 1]);
  });
});

describe('the chart and totals of month summaries', () => {
  const billArb = fc.record({
    id: fc.uuid(),
    month: fc.constantFrom('2026-01', '2026-02', '2026-03'),
    accountId: fc.constantFrom('a1', 'a2', 'a3'),
    lateFee: fc.integer({ min: 0, max: 900 }),
    isInvoiceMissing: fc.boolean(),
    services: fc.uniqueArray(
      fc.record({
        serviceType: fc.constantFrom('electric', 'water', 'naturalgas'),
        cents: fc.integer({ min: -5000, max: 500_000 }),
      }),
      { selector: (s) => s.serviceType, maxLength: 3 },
    ),
  });

  it('equal the chart and totals of the bills summed (all but the distinct accounts)', () => {
    fc.assert(
      fc.property(fc.array(billArb, { maxLength: 40 }), (drawn) => {
        const bills = drawn.map((bill) => {
          const services = bill.services.map((s) => figures(s.serviceType, s.cents / 100));
          const cents = bill.services.reduce((sum, s) => sum + s.cents, bill.lateFee);
          return {
            id: bill.id,
            companyId: 1,
            locationId: 'l1',
            accountId: bill.accountId,
            billMonth: bill.month,
            totalNewCharges: cents / 100,
            isInvoiceMissing: bill.isInvoiceMissing,
            services,
            summaries: services,
          };
        });
        const months = ['2025-12', '2026-01', '2026-02'];
        const summaries = summarize(bills);
        expect(chargesByMonthOfSummaries(summaries, months)).toEqual(chargesByMonth(bills, months));
        const { accounts: _, ...totals } = billTotals(bills);
        expect(billTotalsOfSummaries(summaries)).toEqual(totals);
      }),
    );
  });
});
