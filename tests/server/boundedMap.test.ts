// The server's bounded in-memory maps (server/src/boundedMap.ts): the feed's page cache, the machine's shared answers,
// the verified tokens and the noted tags keep their memory within a limit by it.
import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../../server/src/boundedMap';

describe('BoundedMap', () => {
  it('drops the least recently used entries first once the count passes the limit', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.use('a')).toBe(1);
    map.set('c', 3);
    expect([map.peek('a'), map.peek('b'), map.peek('c')]).toEqual([1, undefined, 3]);
    expect(map.size).toBe(2);
  });

  it('keeps the total weight within the limit, and peek leaves the order as it is', () => {
    const map = new BoundedMap<string, string>(10, (value) => value.length);
    map.set('a', 'xxxx');
    map.set('b', 'yyyy');
    expect(map.peek('a')).toBe('xxxx');
    map.set('c', 'zzz');
    expect(map.peek('a')).toBeUndefined();
    expect(map.weight).toBe(7);
    // Replacing an entry counts only its new weight.
    map.set('b', 'y');
    expect(map.weight).toBe(4);
  });

  it('weighs an entry again after it grew, dropping the oldest, and ignores one no longer kept', () => {
    const page = { bytes: 4 };
    const map = new BoundedMap<string, { bytes: number }>(10, (value) => value.bytes);
    map.set('old', { bytes: 3 });
    map.set('page', page);
    page.bytes = 8;
    map.reweigh('page', page);
    expect(map.peek('old')).toBeUndefined();
    expect(map.weight).toBe(8);
    // Replaced meanwhile: the earlier value's growth does not count.
    map.set('page', { bytes: 2 });
    page.bytes = 9;
    map.reweigh('page', page);
    expect(map.weight).toBe(2);
    // Grown past the limit alone: it goes too.
    const big = { bytes: 1 };
    map.set('big', big);
    big.bytes = 11;
    map.reweigh('big', big);
    expect([map.size, map.weight]).toEqual([0, 0]);
  });

  it('deletes an entry and its weight', () => {
    const map = new BoundedMap<number, string>(100, (value) => value.length);
    map.set(1, 'abc');
    map.delete(1);
    map.delete(2);
    expect([map.size, map.weight, map.use(1)]).toEqual([0, 0, undefined]);
  });
});
