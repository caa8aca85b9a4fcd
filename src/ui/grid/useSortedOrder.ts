// The grid's sort. A header click asks for a sort; small grids apply it at once, large ones rank the column
// in slices and keep showing the order on screen until the new one is ready (no frozen page, no flash of
// unsorted rows). Ranks are kept per column, so flipping direction or going back to a column is instant.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { GridColumnDef } from './columns';
import { nextSort, orderByRanks, rankValues, rankValuesInSlices } from './sorting';
import type { SortRanks, SortState } from './sorting';

// Up to this many rows a column is ranked at once (well under 50 ms); beyond, in slices.
const SYNC_SORT_LIMIT = 10_000;

/** The sorted display order and the sort as the user asked for it. */
export type SortedOrder = {
  /** Row indexes in display order; null for the rows' own order. */
  readonly order: Uint32Array | null;
  /** The sort the user asked for (header arrows show it at once). */
  readonly sort: SortState | null;
  /** True while a large grid ranks the asked-for column. */
  readonly isSorting: boolean;
  /** A header click on `columnId`: ascending, descending, unsorted. */
  readonly requestSort: (columnId: string) => void;
};

type RankCache<Row> = { readonly rows: readonly Row[]; readonly byColumn: ReadonlyMap<string, SortRanks> };

/** Sorting of `rows` by one of `columns` (keep both stable between renders). */
export function useSortedOrder<Row>(
  rows: readonly Row[],
  columns: readonly GridColumnDef<Row>[],
): SortedOrder {
  const [requested, setRequested] = useState<SortState | null>(null);
  const [shown, setShown] = useState<SortState | null>(null);
  const [cache, setCache] = useState<RankCache<Row>>({ rows, byColumn: new Map() });
  const isSmall = rows.length <= SYNC_SORT_LIMIT;
  const requestedColumn = requested ? columns.find((column) => column.id === requested.columnId) : undefined;

  const smallRanks = useMemo(
    () => (isSmall && requestedColumn ? rankValues(rows.map(requestedColumn.value)) : null),
    [isSmall, requestedColumn, rows],
  );
  const isCacheCurrent = cache.rows === rows;
  const isRequestedReady =
    requested === null || isSmall || (isCacheCurrent && cache.byColumn.has(requested.columnId));

  useEffect(() => {
    if (!requested || !requestedColumn || isRequestedReady) return undefined;
    let isCancelled = false;
    const wanted = requested;
    void rankValuesInSlices(rows.map(requestedColumn.value), () => isCancelled).then((ranks) => {
      if (!ranks) return;
      setCache((current) => {
        const byColumn = new Map(current.rows === rows ? current.byColumn : []);
        return { rows, byColumn: byColumn.set(wanted.columnId, ranks) };
      });
      setShown(wanted);
    });
    return () => {
      isCancelled = true;
    };
  }, [requested, requestedColumn, isRequestedReady, rows]);

  const requestSort = useCallback(
    (columnId: string) => {
      const next = nextSort(requested, columnId);
      setRequested(next);
      // Ready ranks (or no sort) apply at once; others when ranked (the effect above).
      if (next === null || isSmall || (isCacheCurrent && cache.byColumn.has(next.columnId))) setShown(next);
    },
    [requested, isSmall, isCacheCurrent, cache],
  );

  const display = isSmall ? requested : shown;
  const isDisplayVisible = display !== null && columns.some((column) => column.id === display.columnId);
  // After the rows change, the old ranks keep the order steady until the new ones are ready.
  const largeRanks =
    display && (isCacheCurrent || cache.rows.length === rows.length)
      ? cache.byColumn.get(display.columnId)
      : undefined;
  const ranks = isDisplayVisible ? (isSmall ? smallRanks : (largeRanks ?? null)) : null;
  const direction = display?.direction ?? 'asc';
  const order = useMemo(() => (ranks ? orderByRanks(ranks, direction) : null), [ranks, direction]);

  const isRequestedVisible = requestedColumn !== undefined;
  return {
    order,
    sort: isRequestedVisible ? requested : null,
    isSorting: isRequestedVisible && !isRequestedReady,
    requestSort,
  };
}
