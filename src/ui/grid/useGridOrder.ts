// The display order of a grid's rows: sorted by one column, then kept to the rows matching the quick filter.
// Everything is memoized on rows, columns, sort and query, so a redraw only reads `order[position]`.
import { useEffect, useMemo, useState } from 'react';
import type { GridColumnDef } from './columns';
import {
  buildSearchTexts,
  buildSearchTextsInSlices,
  keepMatches,
  matchRows,
  matchRowsInSlices,
  queryTerms,
} from './filter';
import type { SortState } from './sorting';
import { useSortedOrder } from './useSortedOrder';

// Up to this many rows the filter works at once (a few ms); beyond, in slices off the input path.
const SYNC_FILTER_LIMIT = 2000;

/** What the grid shows: positions to row indexes (null: the rows' own order), the sort, pending work. */
export type GridOrder = {
  readonly order: Uint32Array | null;
  readonly sort: SortState | null;
  readonly requestSort: (columnId: string) => void;
  readonly isSorting: boolean;
  readonly isFiltering: boolean;
};

type SearchIndex<Row> = {
  rows: readonly Row[];
  columns: readonly GridColumnDef<Row>[];
  texts: readonly string[];
};
type Match<Row> = { rows: readonly Row[]; texts: readonly string[]; needle: string; matched: Uint8Array };

/**
 * Sorts (useSortedOrder) and filters over the visible columns' display text. Keep `rows` and `columns`
 * stable between renders.
 */
export function useGridOrder<Row>(
  rows: readonly Row[],
  columns: readonly GridColumnDef<Row>[],
  query: string,
): GridOrder {
  const { order: sorted, sort, requestSort, isSorting } = useSortedOrder(rows, columns);

  const needle = queryTerms(query).join(' ');
  const needsFilter = needle !== '';
  const isSmall = rows.length <= SYNC_FILTER_LIMIT;

  // Searchable texts: at once for small grids, else built in slices (and kept while only the query changes).
  const smallTexts = useMemo(
    () => (needsFilter && isSmall ? buildSearchTexts(rows, columns) : null),
    [needsFilter, isSmall, rows, columns],
  );
  const [index, setIndex] = useState<SearchIndex<Row> | null>(null);
  const builtTexts = index?.rows === rows && index.columns === columns ? index.texts : null;
  const texts = smallTexts ?? builtTexts;
  useEffect(() => {
    if (!needsFilter || isSmall || builtTexts) return undefined;
    let isCancelled = false;
    void buildSearchTextsInSlices(rows, columns, () => isCancelled).then((built) => {
      if (built) setIndex({ rows, columns, texts: built });
    });
    return () => {
      isCancelled = true;
    };
  }, [needsFilter, isSmall, builtTexts, rows, columns]);

  // Matches: at once for small grids, else scanned in slices; the previous query's matches show meanwhile.
  const smallMatched = useMemo(
    () => (isSmall && needsFilter && texts ? matchRows(texts, needle) : null),
    [isSmall, needsFilter, texts, needle],
  );
  const [match, setMatch] = useState<Match<Row> | null>(null);
  const isMatchCurrent = match !== null && match.texts === texts && match.needle === needle;
  useEffect(() => {
    if (!needsFilter || isSmall || !texts || isMatchCurrent) return undefined;
    let isCancelled = false;
    void matchRowsInSlices(texts, needle, () => isCancelled).then((matched) => {
      if (matched) setMatch({ rows, texts, needle, matched });
    });
    return () => {
      isCancelled = true;
    };
  }, [needsFilter, isSmall, texts, needle, isMatchCurrent, rows]);

  const matched = smallMatched ?? (match?.rows === rows ? match.matched : null);
  const order = useMemo(
    () => (needsFilter && matched ? keepMatches(sorted, rows.length, matched) : sorted),
    [needsFilter, matched, sorted, rows.length],
  );
  return {
    order,
    sort,
    requestSort,
    isSorting,
    isFiltering: needsFilter && smallMatched === null && !isMatchCurrent,
  };
}
