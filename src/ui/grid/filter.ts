// The grid's quick filter: a case-insensitive substring match over the text the visible columns show. Each
// row's text is built once per rows-and-columns, and large grids build and scan in slices, so 100 k rows
// never hold up the page (docs/architecture.md §9: no task over 50 ms).
import { formatCell } from './columns';
import type { GridColumnDef } from './columns';
import { runInSlices } from './slices';

// Between two columns' texts, so a query never matches across the boundary of two cells.
const CELL_SEPARATOR = '\n';

/**
 * The query as matched: lowercased words. A row matches when its text contains every word, so
 * 'austin water' finds the Austin rows with water service; no words match every row.
 */
export function queryTerms(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((term) => term !== '');
}

/** A row's searchable text: what each column shows, lowercased. */
export function rowSearchText<Row>(row: Row, columns: readonly GridColumnDef<Row>[]): string {
  let text = '';
  for (const column of columns)
    text += formatCell(column.kind, column.value(row)).toLowerCase() + CELL_SEPARATOR;
  return text;
}

/** Searchable texts of all rows at once (small grids, tests). */
export function buildSearchTexts<Row>(
  rows: readonly Row[],
  columns: readonly GridColumnDef<Row>[],
): string[] {
  return rows.map((row) => rowSearchText(row, columns));
}

/** Searchable texts built in slices; null when `isCancelled` turned true meanwhile. */
export async function buildSearchTextsInSlices<Row>(
  rows: readonly Row[],
  columns: readonly GridColumnDef<Row>[],
  isCancelled: () => boolean,
): Promise<string[] | null> {
  const texts = new Array<string>(rows.length);
  const step = (index: number) => {
    const row = rows[index];
    texts[index] = row === undefined ? '' : rowSearchText(row, columns);
  };
  return (await runInSlices(rows.length, step, isCancelled)) ? texts : null;
}

const matchesAll = (text: string | undefined, terms: readonly string[]): boolean =>
  text !== undefined && terms.every((term) => text.includes(term));

/** Per row, 1 when its text contains every word of the query. */
export function matchRows(texts: readonly string[], query: string): Uint8Array {
  const terms = queryTerms(query);
  const matched = new Uint8Array(texts.length);
  texts.forEach((text, row) => {
    if (matchesAll(text, terms)) matched[row] = 1;
  });
  return matched;
}

/** matchRows in slices; null when cancelled. */
export async function matchRowsInSlices(
  texts: readonly string[],
  query: string,
  isCancelled: () => boolean,
): Promise<Uint8Array | null> {
  const terms = queryTerms(query);
  const matched = new Uint8Array(texts.length);
  const step = (row: number) => {
    if (matchesAll(texts[row], terms)) matched[row] = 1;
  };
  return (await runInSlices(texts.length, step, isCancelled)) ? matched : null;
}

/** `order` (a sorted order, or null for the rows' own order) kept to the matched rows. */
export function keepMatches(order: Uint32Array | null, rowCount: number, matched: Uint8Array): Uint32Array {
  const kept = new Uint32Array(rowCount);
  let count = 0;
  for (let position = 0; position < rowCount; position++) {
    const row = order ? (order[position] ?? 0) : position;
    if (matched[row] === 1) kept[count++] = row;
  }
  return kept.slice(0, count);
}

/** The rows to show for a query, in display order; `order` itself when the query has no words. */
export function filterOrder(
  order: Uint32Array | null,
  rowCount: number,
  texts: readonly string[],
  query: string,
): Uint32Array | null {
  return queryTerms(query).length === 0 ? order : keepMatches(order, rowCount, matchRows(texts, query));
}

const countFormat = new Intl.NumberFormat('en-US');

/** The toolbar's row count: '1,234 rows', or '12 of 1,234 rows' while a filter hides some. */
export function rowCountText(shown: number, total: number): string {
  const noun = total === 1 ? 'row' : 'rows';
  return shown === total
    ? `${countFormat.format(total)} ${noun}`
    : `${countFormat.format(shown)} of ${countFormat.format(total)} ${noun}`;
}
