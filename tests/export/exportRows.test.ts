import { describe, expect, it } from 'vitest';
import { percentToFraction, toExportColumn, toExportRow, toExportValue } from '../../src/export/exportRows';
import type { ExportSourceColumn } from '../../src/export/exportRows';

describe('toExportColumn', () => {
  it('keeps title and kind, turns grid pixels into Excel characters and passes link text', () => {
    expect(toExportColumn({ title: 'Name', kind: 'text', value: () => 'x' })).toEqual({
      title: 'Name',
      kind: 'text',
    });
    expect(toExportColumn({ title: 'Name', kind: 'text', width: 120, value: () => 'x' })).toEqual({
      title: 'Name',
      kind: 'text',
      width: 17.1,
    });
    expect(
      toExportColumn({ title: 'Bill', kind: 'link', linkText: 'DOWNLOAD BILL', value: () => 'x' }),
    ).toEqual({
      title: 'Bill',
      kind: 'link',
      linkText: 'DOWNLOAD BILL',
    });
  });
});

describe('toExportValue', () => {
  it.each([
    ['text', 'text'],
    [12.5, 12.5],
    [true, true],
    [null, null],
    [undefined, undefined],
    [10n, 10],
    [
      ['Water', null, 3],
      ['Water', null, '3'],
    ],
    [{ a: 1 }, '{"a":1}'],
    [() => 1, undefined],
  ])('%s → %s', (value, expected) => {
    expect(toExportValue(value)).toEqual(expected);
  });

  it('keeps dates as dates (structured clone carries them)', () => {
    const date = new Date(Date.UTC(2025, 0, 1));
    expect(toExportValue(date)).toBe(date);
  });
});

describe('percentToFraction', () => {
  it.each([
    [12.5, 0.125],
    ['12.5%', 0.125],
    ['1,250', 12.5],
    [null, null],
    ['', ''],
    ['n/a', 'n/a'],
  ])('%s → %s', (value, expected) => {
    expect(percentToFraction(value)).toBe(expected);
  });
});

describe('toExportRow', () => {
  type Bill = { id: string; share: number; services: string[] };
  const columns: ExportSourceColumn<Bill>[] = [
    { title: 'Services', kind: 'text', value: (b) => b.services },
    { title: 'Share', kind: 'percent', value: (b) => b.share },
    { title: 'VIEW BILL', kind: 'link', value: () => 'View', href: (b) => `/api/bills/${b.id}` },
    { title: 'Raw link', kind: 'link', value: (b) => `/api/bills/${b.id}/pdf` },
  ];

  it('reads each column in order, percents as fractions and links from href', () => {
    expect(toExportRow({ id: 'b1', share: 50, services: ['Water'] }, columns)).toEqual([
      ['Water'],
      0.5,
      '/api/bills/b1',
      '/api/bills/b1/pdf',
    ]);
  });
});
