import { useLiveQuery } from 'dexie-react-hooks';

/** Where one page query keeps its last answer: a single slot, so only the latest key's answer is held. */
export interface AnswerSlot<T> {
  /** The answer kept for `key`, if the last one was of that key. */
  get: (key: string) => T | undefined;
  set: (key: string, value: T) => void;
}

/** An empty slot, made once per query at module level so it outlives the page's components. */
export function answerSlot<T>(): AnswerSlot<T> {
  let last: { key: string; value: T } | null = null;
  return {
    get: (key) => (last?.key === key ? last.value : undefined),
    set: (key, value) => {
      last = { key, value };
    },
  };
}

/**
 * A live query that keeps its last answer for the next visit: coming back to a page shows it in the first frame
 * while the query reads the local database again, and the fresh answer replaces it at once. `key` names what the
 * answer is of (the user's database, the company, options that change it), so an answer is shown again only for
 * the same key. The query answers undefined while it has nothing to read yet; the remembered answer stays then.
 */
export function useRememberedLiveQuery<T>(
  slot: AnswerSlot<T>,
  key: string,
  query: () => Promise<T | undefined>,
  deps: readonly unknown[],
): T | undefined {
  const live = useLiveQuery(async () => {
    const value = await query();
    if (value !== undefined) slot.set(key, value);
    return value;
  }, [...deps, key]);
  return live ?? slot.get(key);
}
