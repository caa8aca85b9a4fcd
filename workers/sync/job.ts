// One company's sync run: push its queued writes, then pull its changes. A failing write endpoint must
// not keep fresh data away, so the pull runs anyway and the push failure is reported after it.
import type { AppDb } from '../../src/db/schema';
import type { SyncStateRow } from '../../src/db/syncRows';
import { countCompanyRows } from './apply';
import { verdictOf } from './errors';
import type { HttpClient } from './http';
import { newSyncState, pullCompany } from './pull';
import { pushCompany } from './push';
import type { SyncEvent } from './types';

/** What a run needs. */
export interface JobContext {
  db: AppDb;
  http: HttpClient;
  emit: (event: SyncEvent) => void;
  now: () => number;
  pageSize: number;
}

/** Updates a company's bookkeeping row; a failure here (a full disk) must not mask the run's outcome. */
export async function updateSyncState(
  db: AppDb,
  companyId: number,
  patch: Partial<SyncStateRow>,
): Promise<void> {
  try {
    await db.transaction('rw', db.syncState, async () => {
      const state = (await db.syncState.get(companyId)) ?? newSyncState(companyId);
      await db.syncState.put({ ...state, ...patch, companyId });
    });
  } catch {
    // Bookkeeping only: the data itself is consistent either way.
  }
}

/**
 * Pushes, then (for a company kept locally) pulls; throws the first failure that matters. A company that
 * is only here for its queued writes (no longer current nor offline) is pushed but not pulled.
 */
export async function syncCompany(
  context: JobContext,
  companyId: number,
  shouldPull: boolean,
): Promise<void> {
  const { db, http, emit, now } = context;
  let pushFailure: Error | null = null;
  let sent = 0;
  try {
    sent = (await pushCompany({ db, http, emit }, companyId)).sent;
  } catch (error) {
    if (verdictOf(error).pause) throw error;
    pushFailure = error instanceof Error ? error : new Error(String(error));
  }
  if (!shouldPull) {
    if (pushFailure) throw pushFailure;
    return;
  }
  const pulled = await pullCompany({ db, http, emit, now, pageSize: context.pageSize }, companyId);
  const at = new Date(now()).toISOString();
  await updateSyncState(db, companyId, { rowCounts: await countCompanyRows(db, companyId), lastSyncAt: at });
  if (pushFailure) throw pushFailure;
  await updateSyncState(db, companyId, { status: 'idle', error: null, errorCode: null });
  emit({ type: 'synced', companyId, pushed: sent, pulledRows: pulled.rows, bytes: pulled.bytes, at });
}
