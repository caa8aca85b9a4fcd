import { describe, it, expect } from 'vitest';
import {
  ACCOUNT_EXTRA_AFTER,
  ACCOUNT_EXTRA_OPTIONS,
  EXTRA_COLUMN_WIDTH,
  extraColumns,
  LOCATION_EXTRA_AFTER,
} from '../../src/domain/grid';

const fields = (count: number): string[] => Array.from({ length: count }, (_, i) => `f${i}`);

describe('grid thresholds', () => {
  it('matches the spec: 23 location fields, 33 account fields, width 120', () => {
    expect([LOCATION_EXTRA_AFTER, ACCOUNT_EXTRA_AFTER, EXTRA_COLUMN_WIDTH]).toEqual([23, 33, 120]);
    expect(ACCOUNT_EXTRA_OPTIONS).toEqual({ hidden: true, sortable: true });
  });
});

describe('extraColumns', () => {
  it.each<[string, string[], number, string[]]>([
    ['no fields', [], 23, []],
    ['exactly the fixed fields', fields(23), 23, []],
    ['one extra location field', fields(24), 23, ['f23']],
    ['several extra location fields', fields(26), 23, ['f23', 'f24', 'f25']],
    ['exactly the fixed account fields', fields(33), 33, []],
    ['one extra account field', fields(34), 33, ['f33']],
    ['every field when after is 0', ['a', 'b'], 0, ['a', 'b']],
    ['every field when after is negative', ['a', 'b'], -2, ['a', 'b']],
  ])('turns %s into columns', (_name, names, after, expected) => {
    expect(extraColumns(names, after).map((column) => column.field)).toEqual(expected);
  });

  it('titles a location column with its field name at width 120', () => {
    expect(extraColumns([...fields(23), 'Region'], LOCATION_EXTRA_AFTER)).toEqual([
      { field: 'Region', title: 'Region', width: 120 },
    ]);
  });

  it('makes account columns hidden and sortable', () => {
    expect(extraColumns([...fields(33), 'GL Code'], ACCOUNT_EXTRA_AFTER, ACCOUNT_EXTRA_OPTIONS)).toEqual([
      { field: 'GL Code', title: 'GL Code', width: 120, hidden: true, sortable: true },
    ]);
  });
});
