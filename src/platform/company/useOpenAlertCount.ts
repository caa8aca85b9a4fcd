import { useLiveQuery } from 'dexie-react-hooks';
import { openAlertCount } from '../../db/queries/companyHome';
import { useUserDb } from '../database';

/** The company's open alerts on the device (the home page's count), for the sidebar; undefined while unknown. */
export function useOpenAlertCount(companyId: number | null): number | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && companyId !== null ? openAlertCount(db, companyId) : undefined),
    [db, companyId],
  );
}
