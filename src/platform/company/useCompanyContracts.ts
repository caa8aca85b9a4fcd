import { useLiveQuery } from 'dexie-react-hooks';
import { daysTillExpire, localToday } from '../../domain/contracts';
import { useUserDb } from '../database';

/** Contracts of a company as the due badge reads them (days left, viewed), from the local database. */
export function useCompanyContracts(
  companyId: number | null,
): { daysTillExpire: number; isViewed: boolean }[] | undefined {
  const db = useUserDb();
  return useLiveQuery(async () => {
    if (!db || companyId === null) return [];
    const today = localToday();
    const rows = await db.contracts.where('companyId').equals(companyId).toArray();
    return rows
      .filter((row) => !row.isExtended)
      .map((row) => ({ daysTillExpire: daysTillExpire(row.endDate, today), isViewed: row.isViewed }));
  }, [db, companyId]);
}
