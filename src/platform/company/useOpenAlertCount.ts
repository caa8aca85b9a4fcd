import { useLiveQuery } from 'dexie-react-hooks';
import { openAlertCount } from '../../db/queries/companyHome';
import { localToday } from '../../domain/contracts';
import { useUserDb } from '../database';

/** The company's open alerts on the device (src/domain/counts.ts, the home page's count), for the sidebar; undefined while unknown. */
export function useOpenAlertCount(companyId: number | null): number | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && companyId !== null ? openAlertCount(db, companyId, localToday()) : undefined),
    [db, companyId],
  );
}
