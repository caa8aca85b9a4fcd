// Grid sorting: a column's values are ranked once (rankValues), then rows are placed by a stable counting sort
// in either direction (orderByRanks). Text ranks come from a radix sort of precomputed keys (sortKeys.ts).
// Ranking is written as steps, so 100 k rows can be ranked in slices that never hold up the page.
import { runSteps, runStepsInSlices } from './slices';
import type { Steps } from './slices';
import { rowOfKey, rowSortKey, sortByCodeUnitsSteps, textCollator } from './sortKeys';

/** Which way a column is sorted. */
export type SortDirection = 'asc' | 'desc';

/** The grid's sort: one column and a direction. */
export type SortState = { readonly columnId: string; readonly direction: SortDirection };

/** What a column yields for sorting: numbers sort numerically, text by the collator; empties go last. */
export type SortValue = string | number | null | undefined;

/** A column's values ranked once: rank 0 is empty, equal values share a rank from 1 to rankCount. */
export type SortRanks = { readonly ranks: Uint32Array; readonly rankCount: number };

// Items between two points where ranking may pause; a few hundred µs of work each.
const PAUSE_EVERY = 4096;
// Collator calls between pauses (about 1 µs each).
const COLLATOR_PAUSE_EVERY = 64;

/** Next sort after a header click: ascending, then descending, then unsorted; another column starts ascending. */
export function nextSort(current: SortState | null, columnId: string): SortState | null {
  if (current?.columnId !== columnId) return { columnId, direction: 'asc' };
  return current.direction === 'asc' ? { columnId, direction: 'desc' } : null;
}

function isEmpty(value: SortValue): value is null | undefined | '' {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return Number.isNaN(value);
  return value.trim() === '';
}

function* rankNumbers(values: readonly SortValue[], ranks: Uint32Array): Steps<number> {
  const present: number[] = [];
  for (const value of values) if (typeof value === 'number' && !Number.isNaN(value)) present.push(value);
  const sorted = Float64Array.from(present).sort();
  yield;
  const rankOf = new Map<number, number>();
  let rank = 0;
  sorted.forEach((value, i) => {
    if (i === 0 || value !== sorted[i - 1]) rankOf.set(value, ++rank);
  });
  yield;
  for (let row = 0; row < values.length; row++) {
    const value = values[row];
    if (typeof value === 'number') ranks[row] = rankOf.get(value) ?? 0;
    if (row % PAUSE_EVERY === 0) yield;
  }
  return rank;
}

/** Whether two row keys are equal but for their row numbers (the last two units). */
function sameKey(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  // Neighbours in sorted order share long prefixes: from the end, a difference shows at once.
  for (let i = a.length - 3; i >= 0; i--) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  return true;
}

/** A column's distinct texts (first-seen order) and, per row, the index of its text or -1 when empty. */
function* distinctTexts(values: readonly SortValue[]): Steps<{ texts: string[]; textOfRow: Int32Array }> {
  const texts: string[] = [];
  const indexOf = new Map<string, number>();
  const textOfRow = new Int32Array(values.length).fill(-1);
  for (let row = 0; row < values.length; row++) {
    if (row % PAUSE_EVERY === 0) yield;
    const value = values[row];
    if (isEmpty(value)) continue;
    const text = String(value);
    let index = indexOf.get(text);
    if (index === undefined) {
      index = texts.length;
      indexOf.set(text, index);
      texts.push(text);
    }
    textOfRow[row] = index;
  }
  return { texts, textOfRow };
}

type Place = { readonly before: number; readonly joins: boolean };

/** Where the collator puts each unkeyed text among the sorted keyed ones: before which, or joining it. */
function* placeUnkeyed(
  texts: readonly string[],
  unkeyed: readonly number[],
  keyed: readonly string[],
): Steps<Place[]> {
  const textAt = (position: number) => texts[rowOfKey(keyed[position] ?? '')] ?? '';
  const places: Place[] = [];
  for (const index of unkeyed) {
    const text = texts[index] ?? '';
    let low = 0;
    let high = keyed.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (textCollator.compare(textAt(middle), text) < 0) low = middle + 1;
      else high = middle;
    }
    places.push({ before: low, joins: low < keyed.length && textCollator.compare(textAt(low), text) === 0 });
    if (places.length % COLLATOR_PAUSE_EVERY === 0) yield;
  }
  return places;
}

/**
 * Ranks distinct texts: keyed ones by a radix sort of their keys; the few the keys cannot express (other
 * scripts, ligatures) are placed among them with the collator, a binary search each.
 */
function* rankDistinct(texts: readonly string[]): Steps<{ rankOfText: Uint32Array; rankCount: number }> {
  const keyed: string[] = [];
  const unkeyed: number[] = [];
  for (let index = 0; index < texts.length; index++) {
    if (index % PAUSE_EVERY === 0) yield;
    const key = rowSortKey(texts[index] ?? '', index);
    if (key === null) unkeyed.push(index);
    else keyed.push(key);
  }
  // Keys end with their text's index, so this sort is stable and each key leads back to its text.
  yield* sortByCodeUnitsSteps(keyed);
  unkeyed.sort((a, b) => textCollator.compare(texts[a] ?? '', texts[b] ?? ''));
  const places = yield* placeUnkeyed(texts, unkeyed, keyed);
  const rankOfText = new Uint32Array(texts.length);
  let rank = 0;
  let next = 0;
  let lastPlaced: string | undefined;
  // Unkeyed texts that go before keyed position `position` (not equal to it), in collator order.
  const placeBefore = (position: number) => {
    for (
      let place = places[next];
      place && place.before === position && !place.joins;
      place = places[++next]
    ) {
      const text = texts[unkeyed[next] ?? 0] ?? '';
      if (lastPlaced === undefined || textCollator.compare(lastPlaced, text) !== 0) rank += 1;
      lastPlaced = text;
      rankOfText[unkeyed[next] ?? 0] = rank;
    }
  };
  let previous: string | undefined;
  for (let position = 0; position < keyed.length; position++) {
    if (position % PAUSE_EVERY === 0) yield;
    const key = keyed[position] ?? '';
    if (next < places.length) placeBefore(position);
    if (previous === undefined || lastPlaced !== undefined || !sameKey(previous, key)) rank += 1;
    previous = key;
    lastPlaced = undefined;
    rankOfText[rowOfKey(key)] = rank;
    // Unkeyed texts the collator finds equal to this group share its rank.
    for (
      let place = places[next];
      place && place.before === position && place.joins;
      place = places[++next]
    ) {
      rankOfText[unkeyed[next] ?? 0] = rank;
    }
  }
  placeBefore(keyed.length);
  return { rankOfText, rankCount: rank };
}

function* rankTexts(values: readonly SortValue[], ranks: Uint32Array): Steps<number> {
  const { texts, textOfRow } = yield* distinctTexts(values);
  const { rankOfText, rankCount } = yield* rankDistinct(texts);
  for (let row = 0; row < textOfRow.length; row++) {
    const text = textOfRow[row] ?? -1;
    if (text >= 0) ranks[row] = rankOfText[text] ?? 0;
  }
  return rankCount;
}

function* rankSteps(values: readonly SortValue[]): Steps<SortRanks> {
  const ranks = new Uint32Array(values.length);
  // A column of numbers sorts by value; any text makes it a text column (numbers then compare as their digits).
  const hasText = values.some((value) => typeof value === 'string' && value.trim() !== '');
  const rankCount = hasText ? yield* rankTexts(values, ranks) : yield* rankNumbers(values, ranks);
  return { ranks, rankCount };
}

/** Ranks a column's values once, at once; reuse the result for both directions. */
export function rankValues(values: readonly SortValue[]): SortRanks {
  return runSteps(rankSteps(values));
}

/** rankValues in slices that leave the page responsive; null when `isCancelled` turned true on the way. */
export function rankValuesInSlices(
  values: readonly SortValue[],
  isCancelled: () => boolean,
): Promise<SortRanks | null> {
  return runStepsInSlices(rankSteps(values), isCancelled);
}

/** Row order for ranked values: stable (ties keep their row order) and empties last in both directions. */
export function orderByRanks({ ranks, rankCount }: SortRanks, direction: SortDirection): Uint32Array {
  // Counting sort: a slot per rank in the wanted direction, empties in the last; next[s] is where s writes next.
  const emptySlot = rankCount + 1;
  const slots = new Uint32Array(ranks.length);
  const next = new Uint32Array(rankCount + 2);
  for (let i = 0; i < ranks.length; i++) {
    const rank = ranks[i] ?? 0;
    const slot = rank === 0 ? emptySlot : direction === 'asc' ? rank : emptySlot - rank;
    slots[i] = slot;
    next[slot] = (next[slot] ?? 0) + 1;
  }
  let start = 0;
  for (let slot = 0; slot < next.length; slot++) {
    const count = next[slot] ?? 0;
    next[slot] = start;
    start += count;
  }
  const order = new Uint32Array(ranks.length);
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] ?? 0;
    const at = next[slot] ?? 0;
    order[at] = i;
    next[slot] = at + 1;
  }
  return order;
}

/** Row indexes of `rows` sorted by `value` in `direction` (stable, empties last). */
export function sortOrder<Row>(
  rows: readonly Row[],
  value: (row: Row) => SortValue,
  direction: SortDirection,
): Uint32Array {
  return orderByRanks(rankValues(rows.map(value)), direction);
}
