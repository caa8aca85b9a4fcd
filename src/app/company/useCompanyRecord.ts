import { useLiveQuery } from 'dexie-react-hooks';
import type { CompanyRow } from '../../db/rows';
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
  const local = useLiveQuery(async () => {
    if (!db || companyId === null) return null;
    const [record, state] = await Promise.all([db.companies.get(companyId), db.syncState.get(companyId)]);
    return { record: record ?? null, errorCode: state?.errorCode ?? null };
  }, [db, companyId]);

  if (companyId === null) return null;
  if (!local) return undefined;
  if (local.record) return local.record;
  if (local.errorCode === 'unreachable') return null;
  const couldNotAsk =
    local.errorCode === 'network' || local.errorCode === 'server' || local.errorCode === 'protocol';
  return !isOnline || couldNotAsk ? 'offline' : undefined;
}
