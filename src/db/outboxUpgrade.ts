// Schema version 3's data step: outbox entries queued before a write could change several rows carried one row's
// effect in their own fields. They become entries with one effect, so writes a device queued before the upgrade
// are sent, acknowledged, held and rolled back like any other.
import type { Transaction } from 'dexie';
import { isRecord } from '../domain/sync';
import type { LocalChange } from '../domain/sync';
import { rowKey } from './rowState';
import type { AnyRow, SyncedEntity } from './rows';
import type { OutboxEntry } from './syncRows';

/** An outbox entry as schema versions 1 and 2 stored it. */
export type OutboxEntryV2 = Omit<OutboxEntry, 'effects' | 'rowKeys' | 'answerRows' | 'label'> & {
  entity: SyncedEntity;
  entityId: string | number;
  change: LocalChange;
  inverse: AnyRow | null;
};

/** An entry of the old shape in the new one; entries already in the new shape are returned as they are. */
export function upgradeOutboxEntry(stored: OutboxEntryV2 | OutboxEntry): OutboxEntry {
  if ('effects' in stored) return stored;
  const { entity, entityId, change, inverse, ...rest } = stored;
  return { ...rest, effects: [{ entity, entityId, change, inverse }], rowKeys: [rowKey(entity, entityId)] };
}

/** Rewrites every queued entry in the new shape (Dexie runs it once, when a device opens version 3). */
export async function upgradeOutbox(transaction: Transaction): Promise<void> {
  await transaction
    .table('outbox')
    .toCollection()
    .modify((value: unknown, ref: { value: unknown }) => {
      if (isRecord(value) && !('effects' in value)) ref.value = upgradeOutboxEntry(value as OutboxEntryV2);
    });
}
