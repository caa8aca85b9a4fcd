import { describe, expect, it } from 'vitest';
import {
  EXTRA_COLUMN_WIDTH,
  extraColumns,
  ACCOUNT_EXTRA_AFTER,
  ACCOUNT_EXTRA_OPTIONS,
} from '../../../src/domain/grid';
import {
  columnWidth,
  defaultVisibleIds,
  extraGridColumns,
  fitColumnWidths,
  formatCell,
  formatDate,
  isNumericKind,
  keyColumnsFirst,
} from '../../../src/ui/grid/columns';
import type { ColumnKind, GridColumnDef } from '../../../src/ui/grid/columns';

describe('formatCell', () => {
  it.each<[ColumnKind, string | number, string]>([
    ['text', 'Houston', 'Houston'],
    ['link', 'Store #12', 'Store #12'],
    ['number', 1234567.891, '1,234,567.89'],
    ['number', 42, '42'],
    ['currency', 1234.5, '$1,234.50'],
    ['currency', -0.001, '$0.00'],
    ['currency', -12, '-$12.00'],
    ['percent', 12.5, '12.50%'],
    ['percent', 0, '0.00%'],
    ['date', '2025-03-07', '03/07/2025'],
    ['date', '2025-03-07T23:30:00-05:00', '03/07/2025'],
    ['date', Date.UTC(2024, 1, 29), '02/29/2024'],
    ['number', '17', '17'],
    // A bill month as every page names it (src/domain/dates.ts monthLabel), sorted by its value.
    ['month', '2025-11', 'Nov 2025'],
    ['month', '2025-11-01', 'Nov 2025'],
    ['month', 'pending', 'pending'],
    ['check', 1, 'Yes'],
    ['check', 0, 'No'],
  ])('shows %s %j as %j', (kind, value, text) => {
    expect(formatCell(kind, value)).toBe(text);
  });

  it("shows 'N/A' for null, undefined, empty and blank text in every kind", () => {
    for (const kind of ['text', 'number', 'currency', 'percent', 'date', 'month', 'link'] as const) {
      for (const value of [null, undefined, '', '   ']) expect(formatCell(kind, value)).toBe('N/A');
    }
    expect(formatCell('currency', Number.NaN)).toBe('N/A');
  });

  it('shows text that is not a number or date as it is, rather than hiding it', () => {
    expect(formatCell('currency', 'pending')).toBe('pending');
    expect(formatCell('date', 'Q3 2025')).toBe('Q3 2025');
    expect(formatDate(Number.NaN)).toBe('N/A');
  });
});

describe('column helpers', () => {
  type Row = { name: string; extras: Record<string, string> };
  const columns: GridColumnDef<Row>[] = [
    { id: 'name', title: 'Name', kind: 'link', value: (row) => row.name },
    { id: 'spend', title: 'Spend', kind: 'currency', width: 150, value: () => 1 },
    { id: 'legacy', title: 'Legacy', kind: 'text', value: () => 'x', isHiddenByDefault: true },
  ];

  it('defaults widths by kind and keeps given ones', () => {
    expect(columns.map(columnWidth)).toEqual([180, 150, 180]);
  });

  it('right-aligns numeric kinds only', () => {
    expect(
      (['text', 'number', 'currency', 'percent', 'date', 'link'] as const).filter(isNumericKind),
    ).toEqual(['number', 'currency', 'percent']);
  });

  it('shows every column not hidden by default', () => {
    expect(defaultVisibleIds(columns)).toEqual(['name', 'spend']);
  });

  it('turns extra fields into 120 px text columns (accounts: hidden and sortable)', () => {
    const fields = Array.from({ length: ACCOUNT_EXTRA_AFTER + 2 }, (_, i) => `field${i}`);
    const extras = extraGridColumns<Row>(
      extraColumns(fields, ACCOUNT_EXTRA_AFTER, ACCOUNT_EXTRA_OPTIONS),
      (row, field) => row.extras[field],
    );
    expect(extras.map((c) => [c.id, c.width, c.isHiddenByDefault, c.isSortable])).toEqual([
      ['field33', EXTRA_COLUMN_WIDTH, true, true],
      ['field34', EXTRA_COLUMN_WIDTH, true, true],
    ]);
    expect(extras[0]?.value({ name: 'n', extras: { field33: 'Blue' } })).toBe('Blue');
    const locationExtras = extraGridColumns<Row>(extraColumns(['a', 'Region'], 1), () => null);
    expect(locationExtras.map((c) => [c.title, c.isHiddenByDefault])).toEqual([['Region', false]]);
  });
});

describe('fitColumnWidths', () => {
  it('keeps widths that fit', () => {
    expect(fitColumnWidths([200, 100], [100, 80], 400)).toEqual([200, 100]);
  });

  it('shrinks each column in proportion to what it can give, so the last one ends inside the frame', () => {
    const fitted = fitColumnWidths([300, 200, 100], [100, 100, 100], 450);
    // 150 px too wide; 200 and 100 px to give: the first gives 100, the second 50, the third nothing.
    expect(fitted).toEqual([200, 150, 100]);
    expect(fitted.reduce((sum, width) => sum + width, 0)).toBeLessThanOrEqual(450);
  });

  it('keeps the widths when even the minimums do not fit (the grid then scrolls sideways)', () => {
    expect(fitColumnWidths([300, 200], [120, 100], 150)).toEqual([300, 200]);
  });

  it('never widens a column narrower than its minimum', () => {
    expect(fitColumnWidths([60, 300], [100, 100], 200)).toEqual([60, 140]);
  });
});

describe('keyColumnsFirst', () => {
  it('puts the key columns first, each group in its own order', () => {
    const columns = [{ id: 'a' }, { id: 'b', isKey: true }, { id: 'c' }, { id: 'd', isKey: true }];
    expect(keyColumnsFirst(columns).map((column) => column.id)).toEqual(['b', 'd', 'a', 'c']);
  });
});
