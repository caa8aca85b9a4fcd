import { useCallback, useEffect, useState } from 'react';
import { fetchAllUsers, fetchUserAudit } from '../../api/users';
import type { AdminUser, AuditLine } from '../../api/users';

/** What the Users page shows: loading, the users and the audit, or why not (offline, an error). */
export type UserAdminState =
  | { kind: 'loading' }
  | { kind: 'ready'; users: AdminUser[]; audit: AuditLine[] }
  | { kind: 'offline' }
  | { kind: 'error'; message: string };

/** Every user and the latest audited changes, fetched online, with a reload after each change. */
export function useUserAdmin(isOnline: boolean) {
  const [state, setState] = useState<UserAdminState>({ kind: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!isOnline) return undefined;
    let isCurrent = true;
    void Promise.all([fetchAllUsers(), fetchUserAudit()]).then(([users, audit]) => {
      if (!isCurrent) return;
      if (users.ok && audit.ok) setState({ kind: 'ready', users: users.data, audit: audit.data });
      else {
        const failed = !users.ok ? users : !audit.ok ? audit : null;
        if (failed && !failed.ok)
          setState(
            failed.isNetworkError ? { kind: 'offline' } : { kind: 'error', message: failed.error.message },
          );
      }
    });
    return () => {
      isCurrent = false;
    };
  }, [isOnline, generation]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  // Offline is read from the network state, not stored: the page comes back by itself when the network does.
  return { state: isOnline ? state : ({ kind: 'offline' } satisfies UserAdminState), reload };
}
