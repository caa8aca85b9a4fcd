import { useEffect } from 'react';
import { atom, useAtom } from 'jotai';
import { useLiveQuery } from 'dexie-react-hooks';
import { useUserDb } from '../../platform/database';
import { rowKey } from '../../db/rowState';
import { TICKET_TEXTS } from '../../domain/tickets';
import { usePopups } from '../usePopups';

type Outcome = 'waiting' | 'created' | 'failed';

/** Who created the tickets: the Company Support page or GET AI. Each follows its own, so one outcome shows once. */
export type TicketWatcher = 'page' | 'chat';

function watcherAtoms() {
  return {
    /** Tickets created in this tab and not answered yet: UI state that outlives a visit to the ticket's page. */
    watched: atom<readonly string[]>([]),
    /** Whether the spec's creation error dialog is open. */
    error: atom(false),
  };
}

const WATCHERS: Record<TicketWatcher, ReturnType<typeof watcherAtoms>> = {
  page: watcherAtoms(),
  chat: watcherAtoms(),
};

/**
 * Follows tickets created on this page until the server answers: when one is numbered, the spec's 'Ticket Created'
 * popup; when the server refuses it (its entry rejected, its row rolled back), the spec's error dialog. A ticket
 * written offline waits until the network returns; the outcome shows when the list is open (the tab remembers what
 * it waits for; a reload forgets it, and the list's badges still tell).
 */
export function useTicketOutcome(
  watcher: TicketWatcher = 'page',
  onFailed?: (ticketId: string) => void,
): {
  watch: (ticketId: string) => void;
  isErrorOpen: boolean;
  closeError: () => void;
} {
  const db = useUserDb();
  const popups = usePopups();
  const [watched, setWatched] = useAtom(WATCHERS[watcher].watched);
  const [isErrorOpen, setErrorOpen] = useAtom(WATCHERS[watcher].error);
  const outcomes = useLiveQuery(async () => {
    if (!db || watched.length === 0) return [];
    return Promise.all(
      watched.map(async (id): Promise<[string, Outcome]> => {
        const [row, entries] = await Promise.all([
          db.supportTickets.get(id),
          db.outbox.where('rowKeys').equals(rowKey('supportTickets', id)).toArray(),
        ]);
        if (entries.some((entry) => entry.status === 'rejected') || !row) return [id, 'failed'];
        return [id, row.jiraIssueId ? 'created' : 'waiting'];
      }),
    );
  }, [db, watched]);

  useEffect(() => {
    const done = (outcomes ?? []).filter(([, outcome]) => outcome !== 'waiting');
    if (done.length === 0) return;
    for (const [id, outcome] of done) {
      if (outcome === 'created') popups.successPopup(TICKET_TEXTS.createdTitle, TICKET_TEXTS.createdMessage);
      else {
        setErrorOpen(true);
        onFailed?.(id);
      }
    }
    const finished = new Set(done.map(([id]) => id));
    setWatched((current) => current.filter((id) => !finished.has(id)));
  }, [outcomes, popups, setWatched, setErrorOpen, onFailed]);

  return {
    watch: (ticketId) => setWatched((current) => [...current, ticketId]),
    isErrorOpen,
    closeError: () => setErrorOpen(false),
  };
}
