import { Dexie } from 'dexie';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { dbNameFor } from '../../db/schema';
import { sessionAtom } from '../../session/atoms';
import { logout } from '../../session/flows';
import { Dialog } from '../../ui/Modal';
import { useUserDb } from '../../platform/database';

/** Outbox entries that have not reached the server yet. */
const UNSENT_STATUSES = ['pending', 'sending', 'conflict', 'setAside'];

/**
 * Logout of docs/architecture.md §5: warns first when writes are still queued, then signs out on the server,
 * deletes this user's local database (laptops are shared) and reloads, as the spec says.
 */
export function useLogout(): { request: () => void; dialog: ReactNode } {
  const db = useUserDb();
  const session = useAtomValue(sessionAtom);
  const [unsent, setUnsent] = useState<number | null>(null);

  const finish = async () => {
    await logout();
    if (session) await Dexie.delete(dbNameFor(session.userId)).catch(() => undefined);
    window.location.assign('/login');
  };

  const request = () => {
    void (async () => {
      const count = db ? await db.outbox.where('status').anyOf(UNSENT_STATUSES).count() : 0;
      if (count > 0) setUnsent(count);
      else await finish();
    })();
  };

  const dialog = (
    <Dialog
      isOpen={unsent !== null}
      onClose={() => setUnsent(null)}
      tone="warning"
      title="Log out with unsynced changes?"
      message={
        <p>
          {unsent === 1 ? '1 change' : `${unsent ?? 0} changes`} made on this device{' '}
          {unsent === 1 ? 'has' : 'have'} not reached the server yet. Logging out deletes this device’s copy
          of your data, and {unsent === 1 ? 'that change' : 'those changes'} will be lost. Stay signed in and
          connect to the network to send {unsent === 1 ? 'it' : 'them'} first.
        </p>
      }
      buttons={[
        { label: 'Stay signed in', kind: 'primary', isInitialFocus: true },
        { label: 'Log out anyway', kind: 'danger', onClick: () => void finish() },
      ]}
    />
  );
  return { request, dialog };
}
