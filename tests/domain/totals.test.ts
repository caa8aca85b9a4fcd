import { describe, it, expect } from 'vitest';
import type { TotalsRow } from '../../src/domain/totals';
import { addMonths, latestTwelveMonths, monthKey, twelveMonthTotals } from '../../src/domain/totals';

describe('monthKey', () => {
  it.each([
    ['2025-03', '2025-03'],
    ['2025-03-15', '2025-03'],
    ['2025-12', '2025-12'],
    ['2025-13', undefined],
    ['2025-00', undefined],
    ['2025-3', undefined],
    ['March 2025', undefined],
    ['', undefined],
  ])('keys %j as %j', (text, key) => {
    expect(monthKey(text)).toBe(key);
  });
});

describe('addMonths', () => {
  it.each([
    ['2025-03', 0, '2025-03'],
    ['2025-03', -2, '2025-01'],
    ['2025-03', -3, '2024-12'],
    ['2025-01', -11, '2024-02'],
    ['2024-12', 1, '2025-01'],
    ['2025-06', -30, '2022-12'],
  ])('moves %s by %i months to %s', (month, offset, expected) => {
    expect(addMonths(month, offset)).toBe(expected);
  });
});

describe('latestTwelveMonths', () => {
  it.each<[string, string[], string[]]>([
    ['no months', [], []],
    ['only invalid months', ['bad', '2025-13'], []],
    [
      'a December end',
      ['2024-12'],
      [
        '2024-01',
        '2024-02',
        '2024-03',
        '2024-04',
        '2024-05',
        '2024-06',
        '2024-07',
        '2024-08',
        '2024-09',
        '2024-10',
        '2024-11',
        '2024-12',
      ],
    ],
    [
      'a window across the year boundary',
      ['2025-03', '2024-06'],
      [
        '2024-04',
        '2024-05',
        '2024-06',
        '2024-07',
        '2024-08',
        '2024-09',
        '2024-10',
        '2024-11',
        '2024-12',
        '2025-01',
        '2025-02',
        '2025-03',
      ],
    ],
    [
      'unsorted months with duplicates and noise',
      ['2023-05', '2025-01', 'x', '2025-01', '2024-11-20', '2022-01'],
      [
        '2024-02',
        '2024-03',
        '2024-04',
        '2024-05',
        '2024-06',
        '2024-07',
        '2024-08',
        '2024-09',
        '2024-10',
        '2024-11',
        '2024-12',
        '2025-01',
      ],
    ],
  ])('gives %s', (_name, months, expected) => {
    expect(latestTwelveMonths(months)).toEqual(expected);
  });
});

describe('twelveMonthTotals', () => {
  it('gives zero and no services for no rows', () => {
    expect(twelveMonthTotals([])).toEqual({ charges: 0, byService: {} });
  });

  // Spec 000 §Home, 001: "the latest 12 months per service type" — each service's window ends at its own latest
  // bill month, so water billed up to 2024-04 counts 2023-05 … 2024-04 although electricity runs to 2025-03.
  it('sums charges to the cent and usage per service within that service’s own latest 12 months', () => {
    const rows: TotalsRow[] = [
      { billMonth: '2025-03', serviceType: 'electric', totalCharges: 0.1, totalUsage: 100 },
      { billMonth: '2025-02', serviceType: 'electric', totalCharges: 0.2, totalUsage: 50 },
      { billMonth: '2024-03', serviceType: 'electric', totalCharges: 500, totalUsage: 500 },
      { billMonth: '2024-04', serviceType: 'water', totalCharges: 10.05, totalUsage: 3 },
      { billMonth: '2024-03', serviceType: 'water', totalCharges: 1, totalUsage: 1 },
      { billMonth: '2023-05', serviceType: 'water', totalCharges: 2, totalUsage: 2 },
      { billMonth: '2023-04', serviceType: 'water', totalCharges: 999, totalUsage: 999 },
      { billMonth: '2024-04', serviceType: 'natural_gas' },
      { billMonth: 'not a month', serviceType: 'trash', totalCharges: 5 },
    ];
    expect(twelveMonthTotals(rows)).toEqual({
      charges: 13.35,
      byService: {
        electric: { charges: 0.3, usage: 150 },
        water: { charges: 13.05, usage: 6 },
        natural_gas: { charges: 0, usage: 0 },
      },
    });
  });

  it('counts a credit against the charges', () => {
    const rows: TotalsRow[] = [
      { billMonth: '2025-01', serviceType: 'electric', totalCharges: 120.5 },
      { billMonth: '2025-01', serviceType: 'electric', totalCharges: -20.25 },
    ];
    expect(twelveMonthTotals(rows)).toEqual({
      charges: 100.25,
      byService: { electric: { charges: 100.25, usage: 0 } },
    });
  });

  it('keeps a service named like an object key as plain data', () => {
    const rows: TotalsRow[] = [{ billMonth: '2025-01', serviceType: '__proto__', totalCharges: 1 }];
    const { byService } = twelveMonthTotals(rows);
    expect(Object.keys(byService)).toEqual(['__proto__']);
  });
});
