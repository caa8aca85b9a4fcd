import { describe, expect, it } from 'vitest';
import type { BillListRow } from '../../../src/db/queries/billsPage';
import { BILL_ROWS_CHUNK, BillRowsLoader, billRowsCache } from '../../../src/features/bills/billRowsLoader';
import type { BillRowsSnapshot } from '../../../src/features/bills/billRowsLoader';

const row = (id: string) => ({ id }) as BillListRow;
const idsOf = (count: number) => Array.from({ length: count }, (_, i) => `b${i}`);

/** A reader that answers when told to, recording what it was asked. */
function stepReader(missing: ReadonlySet<string> = new Set()) {
  const asked: string[][] = [];
  const pending: (() => void)[] = [];
  const read = (ids: readonly string[]) =>
    new Promise<(BillListRow | undefined)[]>((resolve) => {
      asked.push([...ids]);
      pending.push(() => resolve(ids.map((id) => (missing.has(id) ? undefined : row(id)))));
    });
  const answer = async () => {
    const next = pending.shift();
    if (!next) throw new Error('nothing asked');
    next();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { asked, read, answer };
}

describe('BillRowsLoader', () => {
  it('reads chunk by chunk, the first one first, and completes with every row in order', async () => {
    const ids = idsOf(BILL_ROWS_CHUNK * 2 + 5);
    const asked: string[] = [];
    const loader = new BillRowsLoader(
      async () => ids,
      (chunk) => {
        asked.push(chunk[0] ?? '');
        return Promise.resolve(chunk.map(row));
      },
    );
    const seen: BillRowsSnapshot[] = [];
    loader.subscribe(() => seen.push(loader.getSnapshot()));
    expect(loader.getSnapshot()).toEqual({ rows: [], isComplete: false, revision: 0 });
    loader.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const last = seen.at(-1);
    expect(last?.isComplete).toBe(true);
    expect(last?.rows.map((r) => r?.id)).toEqual(ids);
    // The first chunk (on screen) and the completion are published; chunks off screen are not.
    expect(seen.map((s) => s.isComplete)).toEqual([false, true]);
    expect(asked).toEqual(['b0', `b${BILL_ROWS_CHUNK}`, `b${BILL_ROWS_CHUNK * 2}`]);
  });

  it('reads the chunks the grid shows before the rest, and publishes only those', async () => {
    const ids = idsOf(BILL_ROWS_CHUNK * 5);
    const reader = stepReader();
    const loader = new BillRowsLoader(async () => ids, reader.read);
    let published = 0;
    loader.subscribe(() => (published += 1));
    loader.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loader.getSnapshot().rows).toEqual([]);
    await reader.answer(); // chunk 0
    expect(published).toBe(1);
    expect(loader.getSnapshot().rows).toHaveLength(ids.length);
    expect(loader.getSnapshot().rows[0]?.id).toBe('b0');
    loader.wantRows(BILL_ROWS_CHUNK * 3 + 10, BILL_ROWS_CHUNK * 3 + 30);
    await reader.answer(); // chunk 1 was already asked for
    expect(published).toBe(1);
    await reader.answer(); // chunk 3, on screen
    expect(published).toBe(2);
    expect(loader.getSnapshot().rows[BILL_ROWS_CHUNK * 3]?.id).toBe(`b${BILL_ROWS_CHUNK * 3}`);
    await reader.answer(); // chunk 2
    await reader.answer(); // chunk 4
    const firsts = reader.asked.map((chunk) => chunk[0]);
    expect(firsts).toEqual([0, 1, 3, 2, 4].map((c) => `b${c * BILL_ROWS_CHUNK}`));
    expect(loader.getSnapshot().isComplete).toBe(true);
    expect(published).toBe(3);
  });

  it('leaves out bills gone meanwhile, stops when told, and starts complete from rows known current', async () => {
    const ids = idsOf(3);
    const reader = stepReader(new Set(['b1']));
    const loader = new BillRowsLoader(async () => ids, reader.read);
    loader.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await reader.answer();
    expect(loader.getSnapshot().rows.map((r) => r?.id)).toEqual(['b0', 'b2']);

    const stopped = new BillRowsLoader(async () => idsOf(BILL_ROWS_CHUNK * 2), reader.read);
    stopped.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    stopped.stop();
    await reader.answer();
    expect(reader.asked).toHaveLength(2);
    expect(stopped.getSnapshot().isComplete).toBe(false);

    const known = ids.map(row);
    const reused = new BillRowsLoader(async () => ids, reader.read, known);
    expect(reused.getSnapshot()).toEqual({ rows: known, isComplete: true, revision: 0 });
    reused.start();
    expect(reader.asked).toHaveLength(2);
  });
});

describe('billRowsCache', () => {
  it('gives the kept rows back for the same key until a write is noted', () => {
    const cache = billRowsCache();
    const rows = idsOf(2).map(row);
    const stamp = cache.stamp();
    cache.keep('db|8|2026-01|2026-12', stamp, rows);
    expect(cache.find('db|8|2026-01|2026-12')).toBe(rows);
    expect(cache.find('db|8|*|*')).toBeUndefined();
    cache.noteWrite();
    expect(cache.find('db|8|2026-01|2026-12')).toBeUndefined();
    // Rows whose read began before a write are not current after it.
    cache.keep('db|8|2026-01|2026-12', stamp, rows);
    expect(cache.find('db|8|2026-01|2026-12')).toBeUndefined();
    cache.keep('db|8|2026-01|2026-12', cache.stamp(), rows);
    expect(cache.find('db|8|2026-01|2026-12')).toBe(rows);
  });

  it('completes at once for a range without bills', async () => {
    const loader = new BillRowsLoader(
      async () => [],
      () => Promise.reject(new Error('no rows to read')),
    );
    loader.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loader.getSnapshot()).toEqual({ rows: [], isComplete: true, revision: 1 });
  });
});
