import type { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { loadPageAnswer, lookupAhead, savePageAnswer, takeAnswerAhead } from '../db/pageAnswers';
import type { PageAnswerSource, TrustedAnswer } from '../db/pageAnswers';
import { readGenerations, sameGenerations } from '../db/tableGenerations';
import { whenIdle } from './whenIdle';

/** Where one page query keeps its last answer: a single slot, so only the latest key's answer is held. */
export interface AnswerSlot<T> {
  /** The answer kept for `key`, if the last one was of that key. */
  get: (key: string) => T | undefined;
  set: (key: string, value: T) => void;
  /** Set when the answer is also stored on the device for the next start (src/db/pageAnswers.ts). */
  stored?: StoredSlot;
}

/** A slot's stored side: its source, and the tokens its stored answer was computed under (to skip equal saves). */
interface StoredSlot {
  source: PageAnswerSource;
  saved: { key: string; generations: readonly string[] } | null;
  pendingSave: ReturnType<typeof setTimeout> | null;
}

/**
 * An empty slot, made once per query at module level so it outlives the page's components. With `stored`, the
 * last answer is kept on the device too, so the page's first visit after a reload shows it from one record while
 * the tables it lists are unchanged; `stored.tables` must name every table the query reads (each query's list sits
 * beside it, and tests/db/storedAnswerSources.test.ts checks them).
 */
export function answerSlot<T>(stored?: PageAnswerSource): AnswerSlot<T> {
  let last: { key: string; value: T } | null = null;
  return {
    get: (key) => (last?.key === key ? last.value : undefined),
    set: (key, value) => {
      last = { key, value };
    },
    stored: stored ? { source: stored, saved: null, pendingSave: null } : undefined,
  };
}

/** Quiet time before an answer is stored: the sync's pages make many answers in a row, only the last one is kept. */
const SAVE_DELAY_MS = 2_000;

/** Stores the answer once the page is idle, replacing a save still waiting; equal tokens need no save. */
function storeLater(
  db: Dexie,
  stored: StoredSlot,
  answer: { key: string; path: string; generations: string[]; value: unknown },
): void {
  const { key, generations } = answer;
  const { saved } = stored;
  if (saved && saved.key === key && sameGenerations(saved.generations, generations)) return;
  if (stored.pendingSave) clearTimeout(stored.pendingSave);
  stored.pendingSave = setTimeout(() => {
    stored.pendingSave = null;
    const save = () => {
      savePageAnswer(db, stored.source, answer).then(
        () => {
          stored.saved = { key, generations };
        },
        // A failed save costs only the next start's speed. A full disk is worth a word in the console; a database
        // closed at logout is not.
        (error: unknown) => {
          if (!(error instanceof Error && error.name === 'DatabaseClosedError'))
            console.warn('A page answer was not stored for the next start', error);
        },
      );
    };
    whenIdle(save, SAVE_DELAY_MS);
  }, SAVE_DELAY_MS);
}

/** Stores an answer when no write to its tables committed while it was computed: then it is their answer. */
async function storeIfUnchanged(
  db: Dexie,
  stored: StoredSlot,
  answer: { key: string; path: string; value: unknown },
  before: Promise<string[]>,
): Promise<void> {
  try {
    const [earlier, after] = await Promise.all([before, readGenerations(db, stored.source.tables)]);
    if (sameGenerations(earlier, after)) storeLater(db, stored, { ...answer, generations: after });
  } catch {
    // A closed database (logout) stores nothing; the next start reads the tables.
  }
}

/** Puts a trusted stored answer in the slot, and remembers its tokens so an equal answer is not stored again. */
function keepTrusted<T>(slot: AnswerSlot<T>, stored: StoredSlot, answer: TrustedAnswer<T>): void {
  slot.set(answer.key, answer.value);
  stored.saved = { key: answer.key, generations: answer.generations };
}

/**
 * The stored answer of a slot with a stored side, looked up once per key while the slot holds nothing for it: taken
 * from the lookup ahead of the page when it found it (then the page's first render shows it), else read here.
 * Answers whether the lookup is done (true at once for a slot without one); a trusted answer goes in the slot.
 */
function useStoredAnswer<T>(slot: AnswerSlot<T>, key: string, db: Dexie | null | undefined): boolean {
  const { stored } = slot;
  if (stored && db && slot.get(key) === undefined) {
    const early = takeAnswerAhead<T>(db, stored.source.name, key);
    if (early) keepTrusted(slot, stored, early);
  }
  const needsLookup = stored !== undefined && !!db && slot.get(key) === undefined;
  const [lookedUp, setLookedUp] = useState<string | null>(null);
  useEffect(() => {
    if (!needsLookup || !stored || !db) return;
    let isCurrent = true;
    const lookUp = async (): Promise<TrustedAnswer<T> | undefined> => {
      await lookupAhead(db);
      return takeAnswerAhead<T>(db, stored.source.name, key) ?? loadPageAnswer<T>(db, stored.source, key);
    };
    const done = (answer: TrustedAnswer<T> | undefined) => {
      if (!isCurrent) return;
      if (answer) keepTrusted(slot, stored, answer);
      setLookedUp(key);
    };
    lookUp().then(done, () => done(undefined));
    return () => {
      isCurrent = false;
    };
  }, [needsLookup, stored, db, key, slot]);
  return !needsLookup || lookedUp === key;
}

/**
 * A live query that keeps its last answer for the next visit: coming back to a page shows it in the first frame
 * while the query reads the local database again, and the fresh answer replaces it at once. `key` names what the
 * answer is of (the user's database, the company, options that change it), so an answer is shown again only for
 * the same key. The query answers undefined while it has nothing to read yet; the remembered answer stays then.
 * A slot with a stored side (and `db`) first looks up the answer stored on the device, and the query starts once
 * that is done: the one small read shows the page before the query's many.
 */
export function useRememberedLiveQuery<T>(
  slot: AnswerSlot<T>,
  key: string,
  query: () => Promise<T | undefined>,
  deps: readonly unknown[],
  db?: Dexie | null,
): T | undefined {
  const isReady = useStoredAnswer(slot, key, db);
  const { stored } = slot;
  // The page's path as it renders: a start or a navigation to it looks the answer up ahead (src/db/pageAnswers.ts).
  // Not read when the query ends, which may be after the user has moved on.
  const path = globalThis.location.pathname;
  const live = useLiveQuery(async () => {
    if (!isReady) return undefined;
    // Not awaited: the query does not wait for the tokens, which a running sync transaction holds (any write
    // transaction holds the tokens' table). IndexedDB's ordering still makes equal readings before and after mean
    // that the query read their state.
    const before = stored && db ? readGenerations(db, stored.source.tables) : null;
    const value = await query();
    if (value === undefined) return value;
    slot.set(key, value);
    if (before && stored && db) {
      // Outside the live query's zone, so the check neither delays nor joins its answer.
      setTimeout(() => void storeIfUnchanged(db, stored, { key, path, value }, before));
    }
    return value;
  }, [...deps, key, isReady]);
  return live ?? slot.get(key);
}
