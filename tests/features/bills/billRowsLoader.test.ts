import { describe, expect, it } from 'vitest';
import type { BillListRow } from '../../../src/db/queries/billsPage';
import {
  BILL_HEAD_ROWS,
  BILL_ROWS_CHUNK,
  BillRowsLoader,
  keptBillRows,
} from '../../../src/features/bills/billRowsLoader';
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

  it('leaves out bills gone meanwhile and stops when told', async () => {
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
  });
});

describe('BillRowsLoader with a head', () => {
  it('shows the first rows before the ids are read, then reads only the rest of the first chunk', async () => {
    const ids = idsOf(BILL_ROWS_CHUNK + 10);
    let answerIds: (value: readonly string[]) => void = () => undefined;
    const reader = stepReader();
    const loader = new BillRowsLoader(() => new Promise((resolve) => (answerIds = resolve)), reader.read, {
      count: async () => ids.length,
      rows: async (limit) => ids.slice(0, limit).map(row),
    });
    loader.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The head is on screen, with as many blank rows after it as the range has, and no id read yet.
    const head = loader.getSnapshot();
    expect(head.isComplete).toBe(false);
    expect(head.rows).toHaveLength(ids.length);
    expect(head.rows[BILL_HEAD_ROWS - 1]?.id).toBe(`b${BILL_HEAD_ROWS - 1}`);
    expect(head.rows[BILL_HEAD_ROWS]).toBeUndefined();
    expect(reader.asked).toEqual([]);
    answerIds(ids);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reader.asked[0]).toEqual(ids.slice(BILL_HEAD_ROWS, BILL_ROWS_CHUNK));
    await reader.answer();
    await reader.answer();
    expect(loader.getSnapshot().isComplete).toBe(true);
    expect(loader.getSnapshot().rows.map((r) => r?.id)).toEqual(ids);
  });

  it('reads a head row again when the ids show another bill at its place', async () => {
    const ids = ['b0', 'new', 'b1'];
    const reader = stepReader();
    const loader = new BillRowsLoader(async () => ids, reader.read, {
      count: async () => 2,
      rows: async () => [row('b0'), row('b1')],
    });
    loader.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reader.asked).toEqual([['new', 'b1']]);
    await reader.answer();
    expect(loader.getSnapshot().rows.map((r) => r?.id)).toEqual(ids);
  });
});

describe('keptBillRows', () => {
  it('gives the same loader back for the same range until a write, and stops the one it replaces', async () => {
    const kept = keptBillRows();
    const reader = stepReader();
    const make = () => new BillRowsLoader(async () => idsOf(BILL_ROWS_CHUNK * 2), reader.read);
    const first = kept.loaderFor('db|8|2026-01|2026-12', make);
    first.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await reader.answer();
    // The page left and came back: the same loader, its rows so far, reading on.
    expect(kept.loaderFor('db|8|2026-01|2026-12', make)).toBe(first);
    first.start();
    await reader.answer();
    expect(first.getSnapshot().isComplete).toBe(true);
    expect(kept.loaderFor('db|8|2026-01|2026-12', make)).toBe(first);

    const other = kept.loaderFor('db|8|*|*', make);
    expect(other).not.toBe(first);
    expect(kept.loaderFor('db|8|*|*', make)).toBe(other);
    kept.noteWrite();
    const afterWrite = kept.loaderFor('db|8|*|*', make);
    expect(afterWrite).not.toBe(other);
    // The replaced loader reads no more.
    other.start();
    afterWrite.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reader.asked).toHaveLength(3);
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
