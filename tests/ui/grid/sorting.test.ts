import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  nextSort,
  orderByRanks,
  rankValues,
  rankValuesInSlices,
  sortOrder,
} from '../../../src/ui/grid/sorting';
import type { SortValue } from '../../../src/ui/grid/sorting';
import {
  rowOfKey,
  rowSortKey,
  sortByCodeUnits,
  textCollator,
  textSortKey,
} from '../../../src/ui/grid/sortKeys';

const sortedValues = (values: readonly SortValue[], direction: 'asc' | 'desc' = 'asc') =>
  [...sortOrder(values, (value) => value, direction)].map((row) => values[row]);

describe('nextSort', () => {
  it('cycles a column ascending, descending, then unsorted, and starts another column ascending', () => {
    const asc = nextSort(null, 'name');
    expect(asc).toEqual({ columnId: 'name', direction: 'asc' });
    const desc = nextSort(asc, 'name');
    expect(desc).toEqual({ columnId: 'name', direction: 'desc' });
    expect(nextSort(desc, 'name')).toBeNull();
    expect(nextSort(desc, 'city')).toEqual({ columnId: 'city', direction: 'asc' });
  });
});

describe('sortOrder', () => {
  it('sorts numbers numerically, not by their digits', () => {
    expect(sortedValues([10, 9, 100, -1, 2.5])).toEqual([-1, 2.5, 9, 10, 100]);
    expect(sortedValues([10, 9, 100, -1, 2.5], 'desc')).toEqual([100, 10, 9, 2.5, -1]);
  });

  it('sorts text with the numeric collator: numbers inside text by value, case ignored', () => {
    expect(sortedValues(['Site 10', 'site 9', 'Site 100', 'Apple', 'banana'])).toEqual([
      'Apple',
      'banana',
      'site 9',
      'Site 10',
      'Site 100',
    ]);
  });

  it('puts empties (null, undefined, blank, NaN) last in both directions', () => {
    const values: SortValue[] = ['b', null, 'a', '  ', undefined, 'c'];
    expect(sortedValues(values)).toEqual(['a', 'b', 'c', null, '  ', undefined]);
    expect(sortedValues(values, 'desc')).toEqual(['c', 'b', 'a', null, '  ', undefined]);
    expect(sortedValues([3, Number.NaN, 1, null], 'desc')).toEqual([3, 1, Number.NaN, null]);
  });

  it('is stable: equal values keep their row order, in both directions', () => {
    const rows = [
      { id: 1, state: 'TX' },
      { id: 2, state: 'CA' },
      { id: 3, state: 'tx' },
      { id: 4, state: 'CA' },
      { id: 5, state: 'TX' },
    ];
    const ids = (direction: 'asc' | 'desc') =>
      [...sortOrder(rows, (row) => row.state, direction)].map((row) => rows[row]?.id);
    expect(ids('asc')).toEqual([2, 4, 1, 3, 5]);
    expect(ids('desc')).toEqual([1, 3, 5, 2, 4]);
  });

  it('sorts ISO dates chronologically as text', () => {
    expect(sortedValues(['2025-10-01', '2024-12-31', '2025-02-01T10:00:00Z', '2025-02-01'])).toEqual([
      '2024-12-31',
      '2025-02-01',
      '2025-02-01T10:00:00Z',
      '2025-10-01',
    ]);
  });

  it('treats a column holding any text as text (numbers compare as their digits, numerically)', () => {
    expect(sortedValues([12, 'Unit 3', 3, 'Unit 20'])).toEqual([3, 12, 'Unit 3', 'Unit 20']);
  });

  it('places accented and other-script text as the collator does', () => {
    const values = [
      'Zürich',
      'zebra',
      'Ångström',
      'apple',
      '東京',
      'Ωmega',
      'éclair',
      'Eclair 2',
      '€uro',
      'Zurich',
    ];
    expect(sortedValues(values)).toEqual([...values].sort(textCollator.compare));
  });

  it('flips direction from the same ranks without re-ranking', () => {
    const ranks = rankValues(['b', 'a', null, 'c', 'a']);
    expect(ranks.rankCount).toBe(3);
    expect([...orderByRanks(ranks, 'asc')]).toEqual([1, 4, 0, 3, 2]);
    expect([...orderByRanks(ranks, 'desc')]).toEqual([3, 0, 1, 4, 2]);
  });

  it('ranks in slices exactly as at once, and stops when cancelled', async () => {
    const values = Array.from({ length: 30_000 }, (_, i) =>
      i % 11 === 0 ? null : `Site ${(i * 7919) % 5000} — ${i % 3 ? 'East' : 'Öst'}`,
    );
    const sliced = await rankValuesInSlices(values, () => false);
    expect(sliced).toEqual(rankValues(values));
    expect(await rankValuesInSlices(values, () => true)).toBeNull();
    const numbers = values.map((_, i) => (i % 5 === 0 ? null : (i * 37) % 1000));
    expect(await rankValuesInSlices(numbers, () => false)).toEqual(rankValues(numbers));
  });

  it('sorts 100,000 rows quickly (timing printed, not asserted)', () => {
    let seed = 1;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    // Through JSON, as rows come out of IndexedDB: flat strings rather than the template literals' ropes.
    const rows: { name: string; spend: number | null; state: string }[] = JSON.parse(
      JSON.stringify(
        Array.from({ length: 100_000 }, (_, i) => ({
          name: `Location ${Math.floor(random() * 1e6)} Main St #${i % 97}`,
          spend: i % 23 === 0 ? null : Math.round(random() * 1e7) / 100,
          state: ['TX', 'CA', 'NY', 'FL'][i % 4] ?? '',
        })),
      ),
    );
    const timings: Record<string, number> = {};
    for (const [label, value] of [
      ['unique names', (row: (typeof rows)[number]) => row.name],
      ['currency', (row: (typeof rows)[number]) => row.spend],
      ['states', (row: (typeof rows)[number]) => row.state],
    ] as const) {
      const start = performance.now();
      const order = sortOrder(rows, value, 'asc');
      timings[label] = Math.round(performance.now() - start);
      expect(order).toHaveLength(rows.length);
    }
    console.log('sortOrder over 100,000 rows (ms):', timings);
  });
});

describe('textSortKey', () => {
  // Letters of both cases and with accents, digits (with leading zeros), whitespace, every ASCII punctuation
  // mark and the office punctuation and symbols the keys know.
  const keyableText = fc.string({
    unit: fc.constantFrom(
      ...'aAbBzZéÉüñ0123456789 \t-_.,;:!?\'"()[]{}@*/\\&#%`^+<=>|~$\u00a0–—‘’“”•°©®€£¥¢§¶×«»',
    ),
    maxLength: 8,
  });

  it("orders keyable text exactly as the collator does (the keys' whole premise)", () => {
    fc.assert(
      fc.property(keyableText, keyableText, (a, b) => {
        const [keyA, keyB] = [textSortKey(a), textSortKey(b)];
        expect(keyA).not.toBeNull();
        expect(keyB).not.toBeNull();
        const byKey = keyA! < keyB! ? -1 : keyA! > keyB! ? 1 : 0;
        expect(byKey).toBe(Math.sign(textCollator.compare(a, b)));
      }),
      { numRuns: 5000 },
    );
  });

  it('keys accented Latin text by its base letters and leaves other scripts to the collator', () => {
    expect(textSortKey('Café')).toBe(textSortKey('cafe'));
    expect(textSortKey('東京')).toBeNull();
  });

  it('appends the row number so a plain sort is stable and leads back to the row', () => {
    const key = rowSortKey('Same', 70_000);
    expect(key).not.toBeNull();
    expect(rowOfKey(key!)).toBe(70_000);
    expect([rowSortKey('Same', 5), rowSortKey('same', 2)].sort().map((k) => rowOfKey(k!))).toEqual([2, 5]);
  });
});

describe('sortByCodeUnits', () => {
  it('sorts exactly as the native sort does, prefixes and all', () => {
    const unit = fc.constantFrom('a', 'b', 'c', '\u0000', '\u0001', '\uffff', 'é');
    fc.assert(
      fc.property(fc.array(fc.string({ unit, maxLength: 6 }), { maxLength: 300 }), (keys) => {
        const radix = [...keys];
        sortByCodeUnits(radix);
        expect(radix).toEqual([...keys].sort());
      }),
      { numRuns: 500 },
    );
  });

  it('handles 100,000 keys sharing long prefixes', () => {
    const keys = Array.from({ length: 100_000 }, (_, i) => `location ${(i * 7919) % 100_000} main`);
    const radix = [...keys];
    sortByCodeUnits(radix);
    expect(radix).toEqual([...keys].sort());
  });
});
