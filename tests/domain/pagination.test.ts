import { describe, it, expect } from 'vitest';
import { DEFAULT_PAGE_LINKS, DEFAULT_PAGE_SIZE, pageCount, pageLinks } from '../../src/domain/pagination';

describe('pagination defaults', () => {
  it('uses 10 rows per page and 5 page links', () => {
    expect([DEFAULT_PAGE_SIZE, DEFAULT_PAGE_LINKS]).toEqual([10, 5]);
  });
});

describe('pageCount', () => {
  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [100, 10, 10],
    [101, 25, 5],
    [-5, 10, 0],
    [10, 0, 0],
    [10, -1, 0],
    [Number.NaN, 10, 0],
    [10, Number.NaN, 0],
  ])('gives %i rows at %i per page %i pages', (total, size, expected) => {
    expect(pageCount(total, size)).toBe(expected);
  });

  it('defaults to 10 rows per page', () => {
    expect(pageCount(21)).toBe(3);
  });
});

describe('pageLinks', () => {
  it.each<[number, number, number | undefined, number[]]>([
    [1, 0, undefined, []],
    [1, -3, undefined, []],
    [1, Number.NaN, undefined, []],
    [1, 1, undefined, [1]],
    [1, 3, undefined, [1, 2, 3]],
    [3, 3, undefined, [1, 2, 3]],
    [1, 5, undefined, [1, 2, 3, 4, 5]],
    [1, 10, undefined, [1, 2, 3, 4, 5]],
    [2, 10, undefined, [1, 2, 3, 4, 5]],
    [3, 10, undefined, [1, 2, 3, 4, 5]],
    [4, 10, undefined, [2, 3, 4, 5, 6]],
    [5, 10, undefined, [3, 4, 5, 6, 7]],
    [8, 10, undefined, [6, 7, 8, 9, 10]],
    [9, 10, undefined, [6, 7, 8, 9, 10]],
    [10, 10, undefined, [6, 7, 8, 9, 10]],
    [0, 10, undefined, [1, 2, 3, 4, 5]],
    [-4, 10, undefined, [1, 2, 3, 4, 5]],
    [99, 10, undefined, [6, 7, 8, 9, 10]],
    [Number.NaN, 10, undefined, [1, 2, 3, 4, 5]],
    [4.7, 10, undefined, [2, 3, 4, 5, 6]],
    [5, 10.9, undefined, [3, 4, 5, 6, 7]],
    [5, 10, 3, [4, 5, 6]],
    [5, 10, 4, [4, 5, 6, 7]],
    [5, 10, 1, [5]],
    [5, 10, 0, [5]],
    [5, 10, -2, [5]],
    [5, 10, Number.NaN, [3, 4, 5, 6, 7]],
    [5, 10, 20, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
  ])('shows page %s of %s (%s links) as %j', (current, pages, shown, expected) => {
    expect(pageLinks(current, pages, shown)).toEqual(expected);
  });
});
