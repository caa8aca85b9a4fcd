import { describe, expect, it } from 'vitest';
import type { GridColumnDef } from '../../../src/ui/grid/columns';
import {
  buildSearchTexts,
  buildSearchTextsInSlices,
  filterOrder,
  matchRows,
  matchRowsInSlices,
  queryTerms,
  rowCountText,
} from '../../../src/ui/grid/filter';

type Row = { name: string; city: string | null; spend: number | null; hidden: string };
const columns: GridColumnDef<Row>[] = [
  { id: 'name', title: 'Name', kind: 'text', value: (row) => row.name },
  { id: 'city', title: 'City', kind: 'text', value: (row) => row.city },
  { id: 'spend', title: 'Spend', kind: 'currency', value: (row) => row.spend },
];
const rows: Row[] = [
  { name: 'Store #1', city: 'Austin', spend: 1234.5, hidden: 'secret' },
  { name: 'Warehouse', city: 'Dallas', spend: null, hidden: 'austin' },
  { name: 'AUSTIN Depot', city: null, spend: 99, hidden: '' },
];
const texts = buildSearchTexts(rows, columns);
const names = (order: Uint32Array | null) => (order ? [...order].map((row) => rows[row]?.name) : null);

describe('quick filter', () => {
  it('matches case-insensitively anywhere in the visible columns', () => {
    expect(names(filterOrder(null, rows.length, texts, 'austin'))).toEqual(['Store #1', 'AUSTIN Depot']);
  });

  it('matches what cells show: formatted money and N/A', () => {
    expect(names(filterOrder(null, rows.length, texts, '$1,234.50'))).toEqual(['Store #1']);
    expect(names(filterOrder(null, rows.length, texts, 'n/a'))).toEqual(['Warehouse', 'AUSTIN Depot']);
  });

  it('ignores columns that are not shown', () => {
    expect(names(filterOrder(null, rows.length, texts, 'secret'))).toEqual([]);
  });

  it('needs every word, each within one cell', () => {
    expect(names(filterOrder(null, rows.length, texts, '  store   AUSTIN '))).toEqual(['Store #1']);
    expect(queryTerms('  store   AUSTIN ')).toEqual(['store', 'austin']);
    // Cells are separated, so 'depot' + 'n/a' only meet as two words, never as one string.
    expect(names(filterOrder(null, rows.length, texts, 'depotn/a'))).toEqual([]);
  });

  it('keeps the sorted order and returns it untouched for an empty query', () => {
    const sorted = Uint32Array.from([2, 1, 0]);
    expect(names(filterOrder(sorted, rows.length, texts, 'austin'))).toEqual(['AUSTIN Depot', 'Store #1']);
    expect(filterOrder(sorted, rows.length, texts, '   ')).toBe(sorted);
    expect(filterOrder(null, rows.length, texts, '')).toBeNull();
  });

  it('builds texts and matches in slices with the same result, and stops when cancelled', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => rows[i % 3] as Row);
    const sliced = await buildSearchTextsInSlices(many, columns, () => false);
    expect(sliced).toEqual(buildSearchTexts(many, columns));
    expect(await matchRowsInSlices(sliced ?? [], 'austin', () => false)).toEqual(
      matchRows(sliced ?? [], 'austin'),
    );
    expect(
      await buildSearchTextsInSlices(
        Array.from({ length: 200_000 }, () => rows[0] as Row),
        columns,
        () => true,
      ),
    ).toBeNull();
  });
});

describe('rowCountText', () => {
  it('counts rows, and shown of all while filtered', () => {
    expect(rowCountText(1234, 1234)).toBe('1,234 rows');
    expect(rowCountText(12, 1234)).toBe('12 of 1,234 rows');
    expect(rowCountText(1, 1)).toBe('1 row');
    expect(rowCountText(0, 0)).toBe('0 rows');
  });
});
