import { useCallback, useEffect, useState } from 'react';
import { fetchPendingInvitations } from '../../api/invitations';
import type { PendingInvitation } from '../../api/invitations';

/** What the pending list shows: loading, the invitations, or why not (offline, an error). */
export type PendingState =
  | { kind: 'loading' }
  | { kind: 'ready'; invitations: PendingInvitation[] }
  | { kind: 'offline' }
  | { kind: 'error'; message: string };

/** The company's pending invitations, fetched online (invitations are not synced), with a reload. */
export function usePendingInvitations(companyId: number | null, isOnline: boolean) {
  const [state, setState] = useState<PendingState>({ kind: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (companyId === null || !isOnline) return undefined;
    let isCurrent = true;
    void fetchPendingInvitations(companyId).then((result) => {
      if (!isCurrent) return;
      if (result.ok) setState({ kind: 'ready', invitations: result.data });
      else
        setState(
          result.isNetworkError ? { kind: 'offline' } : { kind: 'error', message: result.error.message },
        );
    });
    return () => {
      isCurrent = false;
    };
  }, [companyId, isOnline, generation]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  // Offline is read from the network state, not stored: the list comes back by itself when the network does.
  return { state: isOnline ? state : ({ kind: 'offline' } satisfies PendingState), reload };
}
