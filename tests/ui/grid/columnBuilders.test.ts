import { describe, expect, it } from 'vitest';
import {
  columnWidth,
  dateColumn,
  linkColumn,
  moneyColumn,
  numberColumn,
  percentColumn,
  textColumn,
} from '../../../src/ui/grid/columns';
import type { GridColumnDef } from '../../../src/ui/grid/columns';

type Row = { id: string; name: string; amount: number | null; when: string; nested: { rate: number } };

const ROW: Row = { id: 'r1', name: 'Main St', amount: 12.5, when: '2025-03-01', nested: { rate: 7 } };

describe('column builders', () => {
  it('read the field the id names when given no value', () => {
    const column: GridColumnDef<Row> = textColumn('name', 'Name', 170);
    expect(column).toMatchObject({ id: 'name', title: 'Name', kind: 'text', width: 170 });
    expect(column.value(ROW)).toBe('Main St');
  });

  it('read what value returns when given one', () => {
    const column: GridColumnDef<Row> = numberColumn('rate', 'Rate', 100, (row) => row.nested.rate);
    expect(column.value(ROW)).toBe(7);
  });

  it('make each kind, with the default width by kind when none is named', () => {
    const columns: GridColumnDef<Row>[] = [
      textColumn('name', 'Name'),
      numberColumn('amount', 'Amount'),
      moneyColumn('amount', 'Amount'),
      percentColumn('amount', 'Share'),
      dateColumn('when', 'When'),
      linkColumn('name', 'Open'),
    ];
    expect(columns.map((column) => column.kind)).toEqual([
      'text',
      'number',
      'currency',
      'percent',
      'date',
      'link',
    ]);
    expect(columns.map((column) => 'width' in column)).toEqual([false, false, false, false, false, false]);
    expect(columns.map((column) => columnWidth(column as GridColumnDef<never>))).toEqual([
      180, 120, 130, 100, 120, 180,
    ]);
  });

  it('add the options given', () => {
    const opened: Row[] = [];
    const column: GridColumnDef<Row> = linkColumn('edit', 'Edit', 90, () => 'Rename', {
      isSortable: false,
      onLinkClick: (row) => opened.push(row),
    });
    expect(column.isSortable).toBe(false);
    column.onLinkClick?.(ROW);
    expect(opened).toEqual([ROW]);
    expect(
      textColumn<Row>('name', 'Name', 100, undefined, { isHiddenByDefault: true }).isHiddenByDefault,
    ).toBe(true);
  });
});
