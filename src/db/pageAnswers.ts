// Stored page answers (docs/architecture.md §9 Cold start): a page's last computed answer — the Locations list, an
// overview's figures — kept on the device with the tokens of the tables it was computed from
// (src/db/tableGenerations.ts). After a reload the page reads one stored record instead of thousands of rows, and
// shows it only while every one of those tables is unchanged since: never an answer the device's data no longer
// gives. The live query runs all the same and replaces it.
import type { Dexie } from 'dexie';
import { GENERATIONS_TABLE, PAGE_ANSWERS_TABLE, readGenerations, sameGenerations } from './tableGenerations';

/** What a stored answer is of and where it may be trusted: its name, and the tables its query reads. */
export interface PageAnswerSource {
  name: string;
  tables: readonly string[];
}

/** A stored answer: one per query, the last one computed, like the page's own slot in memory. */
export interface PageAnswerRow {
  /** The query's name. */
  name: string;
  /** What the answer is of (user, company, options). */
  key: string;
  /** The build that computed it: another build may shape its answers differently. */
  build: string;
  /** The tokens of the source's tables, in the source's order, when it was computed. */
  generations: string[];
  value: unknown;
}

declare const __BUILD_ID__: string | undefined;
/** Replaced at build time (vite.config.ts); a run without it (tests) has one fixed build. */
const BUILD = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'unbuilt';

/** A stored answer found trustworthy, with the tokens it was computed under. */
export interface TrustedAnswer<T> {
  value: T;
  generations: string[];
}

/** The stored answer of `key` if its tables are unchanged since it was computed by this build; else undefined. */
export async function loadPageAnswer<T>(
  db: Dexie,
  source: PageAnswerSource,
  key: string,
): Promise<TrustedAnswer<T> | undefined> {
  return db.transaction('r', [PAGE_ANSWERS_TABLE, GENERATIONS_TABLE], async () => {
    const [row, generations] = await Promise.all([
      db.table<PageAnswerRow, string>(PAGE_ANSWERS_TABLE).get(source.name),
      readGenerations(db, source.tables),
    ]);
    if (!row || row.key !== key || row.build !== BUILD || !sameGenerations(row.generations, generations))
      return undefined;
    return { value: row.value as T, generations };
  });
}

/** Stores an answer computed while the source's tables had `generations`. */
export async function savePageAnswer(
  db: Dexie,
  source: PageAnswerSource,
  key: string,
  generations: readonly string[],
  value: unknown,
): Promise<void> {
  const row: PageAnswerRow = { name: source.name, key, build: BUILD, generations: [...generations], value };
  await db.table<PageAnswerRow, string>(PAGE_ANSWERS_TABLE).put(row);
}
