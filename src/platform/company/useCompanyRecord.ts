import type { CompanyRow } from '../../db/rows';
import type { AppDb } from '../../db/schema';
import type { SyncErrorCode } from '../../db/syncRows';
import { answerSlot, useRememberedLiveQuery } from '../useRememberedLiveQuery';
import { useUserDb } from '../database';
import { useOnline } from '../useOnline';

/** The company a page works in: loading, found, unknown to this user, or not available offline. */
export type CompanyRecord = CompanyRow | null | undefined | 'offline';

/**
 * The company record (name and access flags) from the local database. The sync worker keeps it current and, for a
 * company the device has no record of yet (first sign-in, a consultant's first visit), fetches it ahead of the
 * company's data (workers/sync/companyRecord.ts), so guards and the sidebar work at once. Undefined while loading;
 * null when the server said the company does not exist or is not the user's (404); 'offline' when the device has
 * no record and cannot ask for one.
 */
export function useCompanyRecord(companyId: number | null): CompanyRecord {
  const db = useUserDb();
  const isOnline = useOnline();
  const local = useRememberedLiveQuery(
    localSlot,
    db && companyId !== null ? keyOf(db, companyId) : '',
    async () => (db && companyId !== null ? readLocalCompany(db, companyId) : undefined),
    [db, companyId],
  );

  if (companyId === null) return null;
  if (!local) return undefined;
  if (local.record) return local.record;
  if (local.errorCode === 'unreachable') return null;
  const couldNotAsk =
    local.errorCode === 'network' || local.errorCode === 'server' || local.errorCode === 'protocol';
  return !isOnline || couldNotAsk ? 'offline' : undefined;
}

/** What the device holds of a company: its record, and why it has none (the sync's last error). */
interface LocalCompany {
  record: CompanyRow | null;
  errorCode: SyncErrorCode | null;
}

/** The last company read, kept across the shell's renders and filled ahead of the first one. */
const localSlot = answerSlot<LocalCompany>();

const keyOf = (db: AppDb, companyId: number) => `${db.name}|${companyId}`;

async function readLocalCompany(db: AppDb, companyId: number): Promise<LocalCompany> {
  const [record, state] = await Promise.all([db.companies.get(companyId), db.syncState.get(companyId)]);
  return { record: record ?? null, errorCode: state?.errorCode ?? null };
}

/**
 * Reads the company record at the start, while the route's code loads (src/platform/database.ts): the shell shows its
 * page only once it has the record (the guards need it), so a read started by the shell's own first render would
 * hold the page back by a database read after the route has loaded.
 */
export function readCompanyRecordAhead(db: AppDb, companyId: number): void {
  const key = keyOf(db, companyId);
  if (localSlot.get(key) !== undefined) return;
  readLocalCompany(db, companyId).then(
    (local) => {
      if (localSlot.get(key) === undefined) localSlot.set(key, local);
    },
    // The shell's own read says what went wrong.
    () => undefined,
  );
}
