// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { GridColumnDef } from '../../../src/ui/grid/columns';
import { useSortedOrder } from '../../../src/ui/grid/useSortedOrder';

afterEach(cleanup);

type Row = { id: number; name: string; spend: number | null };
const columns: GridColumnDef<Row>[] = [
  { id: 'name', title: 'Name', kind: 'text', value: (row) => row.name },
  { id: 'spend', title: 'Spend', kind: 'currency', value: (row) => row.spend },
];
const rowsOf = (count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i,
    name: `Site ${(i * 7919) % count}`,
    spend: i % 10 === 0 ? null : (i * 31) % 977,
  }));
const first = (order: Uint32Array | null, rows: readonly Row[], count = 3) =>
  order ? [...order.slice(0, count)].map((i) => rows[i]?.name) : null;

describe('useSortedOrder', () => {
  it('sorts a small grid at once: ascending, descending, off', () => {
    const rows = rowsOf(100);
    const { result } = renderHook(() => useSortedOrder(rows, columns));
    act(() => result.current.requestSort('name'));
    expect(result.current.sort).toEqual({ columnId: 'name', direction: 'asc' });
    expect(first(result.current.order, rows)).toEqual(['Site 0', 'Site 1', 'Site 2']);
    act(() => result.current.requestSort('name'));
    expect(first(result.current.order, rows)).toEqual(['Site 99', 'Site 98', 'Site 97']);
    act(() => result.current.requestSort('name'));
    expect(result.current.order).toBeNull();
    expect(result.current.isSorting).toBe(false);
  });

  it('ranks a large grid in slices, keeping the current order on screen meanwhile', async () => {
    const rows = rowsOf(20_000);
    const { result } = renderHook(() => useSortedOrder(rows, columns));
    act(() => result.current.requestSort('spend'));
    // Asked for at once (header arrow), applied when ranked.
    expect(result.current.sort).toEqual({ columnId: 'spend', direction: 'asc' });
    expect(result.current.isSorting).toBe(true);
    expect(result.current.order).toBeNull();
    await waitFor(() => expect(result.current.isSorting).toBe(false));
    const spendOf = (position: number) => rows[result.current.order?.[position] ?? -1]?.spend;
    expect(spendOf(0)).toBe(0);
    expect(spendOf(rows.length - 1)).toBeNull();

    act(() => result.current.requestSort('name'));
    // While the names are ranked, the spend order stays.
    expect(result.current.isSorting).toBe(true);
    expect(spendOf(0)).toBe(0);
    await waitFor(() => expect(result.current.isSorting).toBe(false));
    expect(first(result.current.order, rows, 2)).toEqual(['Site 0', 'Site 1']);

    // Flipping a ranked column needs no ranking.
    act(() => result.current.requestSort('name'));
    expect(result.current.isSorting).toBe(false);
    expect(first(result.current.order, rows, 1)).toEqual(['Site 19999']);
  });

  it('drops the sort while its column is hidden', () => {
    const rows = rowsOf(10);
    const { result, rerender } = renderHook(({ shown }) => useSortedOrder(rows, shown), {
      initialProps: { shown: columns },
    });
    act(() => result.current.requestSort('spend'));
    expect(result.current.order).not.toBeNull();
    rerender({ shown: columns.slice(0, 1) });
    expect(result.current.sort).toBeNull();
    expect(result.current.order).toBeNull();
  });
});
