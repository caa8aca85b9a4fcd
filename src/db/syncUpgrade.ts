// A data step for schema versions that add synced entities. An app without the new tables skips their rows in the
// pages it pulls (workers/sync/apply.ts ignores unknown entities) and its cursor moves past them, so the rows would
// never arrive after the upgrade. Pulling every company again from the start brings them; the rows already on the
// device stay and are overwritten in place, so pages keep working, offline too, while the pull runs.
import type { Transaction } from 'dexie';
import type { SyncStateRow } from './syncRows';

/** Clears every company's change-feed cursor, so its next sync is a full pull (Dexie runs it once per upgrade). */
export async function pullAgainFromStart(transaction: Transaction): Promise<void> {
  await transaction
    .table<SyncStateRow, number>('syncState')
    .toCollection()
    .modify((state) => {
      state.cursor = null;
    });
}
