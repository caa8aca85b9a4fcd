// Account writes through the outbox. The nickname is the reference synced write (docs/architecture.md §4): the UI calls
// this and the sync worker, watching the outbox, sends it; it works the same offline.
import { enqueuePatch } from '../outbox';
import type { AppDb } from '../schema';
import type { OutboxEntry } from '../syncRows';

/** Sets (or clears) an account's nickname locally and queues `PUT /api/accounts/nickname/{id}`. */
export async function setAccountNickname(
  db: AppDb,
  accountId: string,
  nickname: string | null,
): Promise<OutboxEntry> {
  return enqueuePatch(db, {
    write: 'accountNickname',
    rowId: accountId,
    params: { id: accountId },
    body: { nickname },
  });
}
