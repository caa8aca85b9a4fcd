// The reports pages' hooks: their report worker, the company's filter choices (recomputed when the company's local
// rows change), the user's saved filters, and whether the company is on this device yet.
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import type { Remote } from 'comlink';
import type { FilterChoices, ReportsApi } from '../../../workers/reports/api';
import { useUserDb } from '../../platform/database';
import { savedReportFilters } from '../../db/queries/reports';
import type { SavedFilter } from '../../db/queries/reports';
import { sessionAtom } from '../../session/atoms';
import { spawnReportsWorker } from '../../platform/reportsClient';
import type { ReportsWorker } from '../../platform/reportsClient';

let shared: { userId: number; worker: ReportsWorker } | null = null;

/**
 * The report worker of a user, one per tab: the reports pages share it, so moving between them reuses the rows it
 * read. Signing in as another user ends the previous user's worker (as src/platform/database.ts does with databases).
 */
function reportsWorkerOf(userId: number): ReportsWorker {
  if (shared?.userId !== userId) {
    shared?.worker.close();
    shared = { userId, worker: spawnReportsWorker(userId) };
  }
  return shared.worker;
}

/** The signed-in user's report worker; null when signed out. */
export function useReportsWorker(): Remote<ReportsApi> | null {
  const userId = useAtomValue(sessionAtom)?.userId;
  return userId === undefined ? null : reportsWorkerOf(userId).remote;
}

/** Whether the company's data is on this device: synced once, syncing now; undefined while reading. */
export function useCompanySync(
  companyId: number | null,
): { isSynced: boolean; isSyncing: boolean; stamp: string } | undefined {
  const db = useUserDb();
  return useLiveQuery(async () => {
    if (!db || companyId === null) return { isSynced: false, isSyncing: false, stamp: '' };
    const state = await db.syncState.get(companyId);
    return {
      isSynced: (state?.lastSyncAt ?? null) !== null,
      isSyncing: state?.status === 'syncing',
      stamp: `${state?.cursor ?? ''}|${state?.lastSyncAt ?? ''}`,
    };
  }, [db, companyId]);
}

/** The company's filter choices from the report worker, again whenever its local rows change (`stamp`). */
export function useFilterChoices(
  remote: Remote<ReportsApi> | null,
  companyId: number | null,
  stamp: string | undefined,
): FilterChoices | undefined {
  const [choices, setChoices] = useState<{ key: string; value: FilterChoices } | null>(null);
  const key = `${companyId ?? ''}|${stamp ?? ''}`;
  useEffect(() => {
    if (!remote || companyId === null || stamp === undefined) return undefined;
    let isCurrent = true;
    void remote.filterChoices(companyId).then((value) => {
      if (isCurrent) setChoices({ key, value });
    });
    return () => {
      isCurrent = false;
    };
  }, [remote, companyId, stamp, key]);
  // The last answer stays while a newer one is computed (same company).
  return choices && choices.key.startsWith(`${companyId ?? ''}|`) ? choices.value : undefined;
}

/** The signed-in user's saved filters in the company; undefined while reading. */
export function useSavedFilters(companyId: number | null): SavedFilter[] | undefined {
  const db = useUserDb();
  const userId = useAtomValue(sessionAtom)?.userId;
  return useLiveQuery(
    async () =>
      db && companyId !== null && userId !== undefined ? savedReportFilters(db, companyId, userId) : [],
    [db, companyId, userId],
  );
}
