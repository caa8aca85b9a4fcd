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
  /** The page's path when it was computed: a start or a navigation to that path looks its answers up early. */
  path: string;
  /** The build that computed it: another build may shape its answers differently. */
  build: string;
  /** The tables its query read, and their tokens when it was computed, in the same order. */
  tables: string[];
  generations: string[];
  value: unknown;
}

declare const __BUILD_ID__: string | undefined;
/** Replaced at build time (vite.config.ts); a run without it (tests) has one fixed build. */
const BUILD = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'unbuilt';

/** A stored answer found trustworthy: its key, its value and the tokens it was computed under. */
export interface TrustedAnswer<T> {
  key: string;
  value: T;
  generations: string[];
}

const answers = (db: Dexie) => db.table<PageAnswerRow, string>(PAGE_ANSWERS_TABLE);

/** The rows of this build whose tables still have the tokens they were computed under. */
async function trusted(db: Dexie, rows: readonly (PageAnswerRow | undefined)[]): Promise<PageAnswerRow[]> {
  const ofBuild = rows.filter((row): row is PageAnswerRow => row !== undefined && row.build === BUILD);
  const tables = [...new Set(ofBuild.flatMap((row) => row.tables))];
  const tokens = new Map((await readGenerations(db, tables)).map((token, i) => [tables[i], token]));
  return ofBuild.filter((row) =>
    sameGenerations(
      row.generations,
      row.tables.map((table) => tokens.get(table) ?? ''),
    ),
  );
}

const asTrusted = <T>(row: PageAnswerRow): TrustedAnswer<T> => ({
  key: row.key,
  value: row.value as T,
  generations: row.generations,
});

/** The stored answer of `key` if its tables are unchanged since it was computed by this build; else undefined. */
export async function loadPageAnswer<T>(
  db: Dexie,
  source: PageAnswerSource,
  key: string,
): Promise<TrustedAnswer<T> | undefined> {
  return db.transaction('r', [PAGE_ANSWERS_TABLE, GENERATIONS_TABLE], async () => {
    const row = await answers(db).get(source.name);
    if (!row || row.key !== key || !sameTables(row.tables, source.tables)) return undefined;
    const [found] = await trusted(db, [row]);
    return found ? asTrusted<T>(found) : undefined;
  });
}

const sameTables = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((table, i) => table === b[i]);

/** The trustworthy stored answers computed on `path`, by query name. */
export async function loadPageAnswersOfPath(
  db: Dexie,
  path: string,
): Promise<Map<string, TrustedAnswer<unknown>>> {
  return db.transaction('r', [PAGE_ANSWERS_TABLE, GENERATIONS_TABLE], async () => {
    const rows = await trusted(db, await answers(db).where('path').equals(path).toArray());
    return new Map(rows.map((row) => [row.name, asTrusted(row)]));
  });
}

/** Stores an answer computed on `path` while the source's tables had `generations`. */
export async function savePageAnswer(
  db: Dexie,
  source: PageAnswerSource,
  answer: { key: string; path: string; generations: readonly string[]; value: unknown },
): Promise<void> {
  const { key, path, generations, value } = answer;
  const row: PageAnswerRow = {
    name: source.name,
    key,
    path,
    build: BUILD,
    tables: [...source.tables],
    generations: [...generations],
    value,
  };
  await answers(db).put(row);
}

/**
 * Answers looked up ahead of a page (a start, a navigation's first step), so the page's first render can show them:
 * the lookup runs while the route's code loads. One path at a time; an answer is taken once.
 */
let ahead: {
  db: Dexie;
  path: string;
  answers: Map<string, TrustedAnswer<unknown>> | null;
  done: Promise<void>;
} | null = null;

/** The paths looked up ahead in this tab: a page seen once keeps its answers in memory (the slots). */
const lookedUp = new WeakMap<Dexie, Set<string>>();

/** Starts looking up the stored answers of `path`, once per path and tab. */
export function lookUpPageAnswersAhead(db: Dexie, path: string): void {
  const paths = lookedUp.get(db) ?? new Set<string>();
  if (paths.has(path)) return;
  lookedUp.set(db, paths.add(path));
  const lookup = {
    db,
    path,
    answers: null as Map<string, TrustedAnswer<unknown>> | null,
    done: Promise.resolve(),
  };
  lookup.done = loadPageAnswersOfPath(db, path).then(
    (found) => {
      lookup.answers = found;
    },
    () => {
      // Nothing found early: the page looks its answers up itself.
      lookup.answers = new Map();
    },
  );
  ahead = lookup;
}

/** The running lookup ahead in this database, to wait for; null when none runs. */
export function lookupAhead(db: Dexie): Promise<void> | null {
  return ahead?.db === db && !ahead.answers ? ahead.done : null;
}

/** The answer looked up ahead for a query and `key`, if the lookup has found it; handed out once. */
export function takeAnswerAhead<T>(db: Dexie, name: string, key: string): TrustedAnswer<T> | undefined {
  const answer = ahead?.db === db ? ahead.answers?.get(name) : undefined;
  if (!answer || answer.key !== key) return undefined;
  ahead?.answers?.delete(name);
  return answer as TrustedAnswer<T>;
}
