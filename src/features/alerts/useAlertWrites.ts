import { useAtomValue } from 'jotai';
import { useCallback, useMemo } from 'react';
import { useUserDb } from '../../platform/database';
import {
  addAlertNote,
  batchResolveAlerts,
  closeAlertNote,
  editAlertNote,
  setAlertStatus,
} from '../../db/mutations/alerts';
import { sessionAtom } from '../../session/atoms';
import { useQueuedWriteToast } from '../../ui/useQueuedWriteToast';

/** The alert writes of the page: each queued through the outbox (offline too), with a toast saying where it stands. */
export interface AlertWrites {
  setStatus: (alertId: string, status: string) => Promise<void>;
  addNote: (alertId: string, note: string) => Promise<void>;
  editNote: (noteId: string, note: string) => Promise<void>;
  closeNote: (noteId: string) => Promise<void>;
  batchResolve: (companyId: number, alertIds: readonly string[], note: string) => Promise<void>;
}

/**
 * Alert writes for the page (src/db/mutations/alerts.ts): a refused write throws with the rule's reason for the
 * caller to show; a queued one toasts "sent" or "kept on this device".
 */
export function useAlertWrites(): AlertWrites {
  const db = useUserDb();
  const userId = useAtomValue(sessionAtom)?.userId ?? null;
  const done = useQueuedWriteToast();
  const withDb = useCallback(() => {
    if (!db) throw new Error('You are signed out.');
    return db;
  }, [db]);
  const setStatus = useCallback(
    async (alertId: string, status: string) => {
      await setAlertStatus(withDb(), alertId, status);
      done('Status changed');
    },
    [withDb, done],
  );
  const addNote = useCallback(
    async (alertId: string, note: string) => {
      await addAlertNote(withDb(), alertId, note, userId);
      done('Note added');
    },
    [withDb, done, userId],
  );
  const editNote = useCallback(
    async (noteId: string, note: string) => {
      await editAlertNote(withDb(), noteId, note);
      done('Note saved');
    },
    [withDb, done],
  );
  const closeNote = useCallback(
    async (noteId: string) => {
      await closeAlertNote(withDb(), noteId);
      done('Note closed');
    },
    [withDb, done],
  );
  const batchResolve = useCallback(
    async (companyId: number, alertIds: readonly string[], note: string) => {
      await batchResolveAlerts(withDb(), companyId, alertIds, note, userId);
      done(alertIds.length === 1 ? 'Alert resolved' : `${alertIds.length} alerts resolved`);
    },
    [withDb, done, userId],
  );
  return useMemo(
    () => ({ setStatus, addNote, editNote, closeNote, batchResolve }),
    [setStatus, addNote, editNote, closeNote, batchResolve],
  );
}
