// Account writes through the outbox. The nickname is the reference synced write (docs/architecture.md §4): the UI calls
// this and the sync worker, watching the outbox, sends it; it works the same offline.
import { enqueue } from '../outbox';
import type { AppDb } from '../schema';
import type { OutboxEntry } from '../syncRows';

/** The nickname as the server stores it: trimmed, and blank means none. */
export function normalizeNickname(nickname: string | null): string | null {
  const trimmed = (nickname ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** Sets (or clears) an account's nickname locally and queues `PUT /api/accounts/nickname/{id}`. */
export async function setAccountNickname(
  db: AppDb,
  accountId: string,
  nickname: string | null,
): Promise<OutboxEntry> {
  const account = await db.accounts.get(accountId);
  if (!account) throw new Error(`Account ${accountId} is not in the local database`);
  return enqueue(db, {
    companyId: account.companyId,
    write: 'accountNickname',
    params: { id: accountId },
    body: { nickname },
    entity: 'accounts',
    entityId: accountId,
    change: { kind: 'patch', fields: { nickname: normalizeNickname(nickname) } },
  });
}
