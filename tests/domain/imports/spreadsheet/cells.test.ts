import { describe, expect, it } from 'vitest';
import {
  excelSerialDate,
  isEmptyCell,
  readDate,
  readMonth,
  readNumber,
  readText,
} from '../../../../src/domain/imports/spreadsheet/cells';
import type { Cell } from '../../../../src/domain/imports/spreadsheet/cells';

describe('readDate', () => {
  it.each<[Cell, string | null | undefined]>([
    ['2025-03-14', '2025-03-14'],
    ['2025-03-14 00:00:00', '2025-03-14'],
    ['2025-03-14T00:00:00Z', '2025-03-14'],
    ['2025/3/4', '2025-03-04'],
    ['03/14/2025', '2025-03-14'],
    ['3/4/2025', '2025-03-04'],
    ['3/4/25', '2025-03-04'],
    ['12/31/99', '1999-12-31'],
    ['3-4-2025', '2025-03-04'],
    ['14/03/2025', '2025-03-14'],
    ['20071201', '2007-12-01'],
    [20071201, '2007-12-01'],
    ['Mar 14, 2025', '2025-03-14'],
    ['March 4 2025', '2025-03-04'],
    ['Sept 4, 2025', '2025-09-04'],
    ['14-Mar-2025', '2025-03-14'],
    ['4-Mar-25', '2025-03-04'],
    [45730, '2025-03-14'],
    [45730.75, '2025-03-14'],
    [1, '1900-01-01'],
    [59, '1900-02-28'],
    [61, '1900-03-01'],
    [new Date(Date.UTC(2025, 2, 14)), '2025-03-14'],
    // A library's local midnight east and west of Greenwich.
    [new Date(Date.UTC(2025, 2, 13, 22)), '2025-03-14'],
    [new Date(Date.UTC(2025, 2, 14, 5)), '2025-03-14'],
    ['', null],
    ['  ', null],
    [null, null],
    [undefined, null],
    ['2025-02-30', undefined],
    ['13/14/2025', undefined],
    ['Foo 4, 2025', undefined],
    ['4-Foo-2025', undefined],
    ['next Tuesday', undefined],
    [60, undefined],
    [0, undefined],
    [-5, undefined],
    [3_000_000, undefined],
    [Number.NaN, undefined],
    [new Date(Number.NaN), undefined],
    [true, undefined],
  ])('reads %j as %j', (cell, date) => {
    expect(readDate(cell)).toBe(date);
  });

  it('agrees with Excel on serials across the years', () => {
    expect(excelSerialDate(36526)).toBe('2000-01-01');
    expect(excelSerialDate(43831)).toBe('2020-01-01');
    expect(excelSerialDate(2_958_465)).toBe('9999-12-31');
  });
});

describe('readMonth', () => {
  it.each<[Cell, string | null | undefined]>([
    ['2025-03', '2025-03'],
    ['2025/3', '2025-03'],
    ['03/2025', '2025-03'],
    ['202503', '2025-03'],
    [202503, '2025-03'],
    ['March 2025', '2025-03'],
    ['Mar-25', '2025-03'],
    ['Sept, 2024', '2024-09'],
    ['2025-03-14', '2025-03'],
    ['3/14/2025', '2025-03'],
    [45730, '2025-03'],
    [new Date(Date.UTC(2025, 2, 1)), '2025-03'],
    ['', null],
    ['2025-13', undefined],
    ['Foo 2025', undefined],
    ['soon', undefined],
  ])('reads %j as %j', (cell, month) => {
    expect(readMonth(cell)).toBe(month);
  });
});

describe('readNumber', () => {
  it.each<[Cell, number | null | undefined]>([
    [1234.5, 1234.5],
    ['1,234.5', 1234.5],
    ['$1,234.50', 1234.5],
    ['($12.00)', -12],
    ['-$12.30', -12.3],
    [' 42 ', 42],
    ['', null],
    [null, null],
    ['12abc', undefined],
    ['N/A', undefined],
    [Number.POSITIVE_INFINITY, undefined],
    [Number.NaN, undefined],
    [true, undefined],
    [new Date(0), undefined],
  ])('reads %j as %j', (cell, value) => {
    expect(readNumber(cell)).toBe(value);
  });
});

describe('readText', () => {
  it.each<[Cell, string | null]>([
    ['  1234-5 ', '1234-5'],
    [12345, '12345'],
    [new Date(Date.UTC(2025, 2, 14)), '2025-03-14'],
    ['', null],
    [undefined, null],
  ])('reads %j as %j', (cell, text) => {
    expect(readText(cell)).toBe(text);
  });

  it('counts blank text as an empty cell', () => {
    expect(isEmptyCell(' ')).toBe(true);
    expect(isEmptyCell(0)).toBe(false);
  });
});
