import { useLiveQuery } from 'dexie-react-hooks';
import { useUserDb } from '../../app/database';
import { companySyncProgress, locationList } from '../../db/queries/locations';
import type { CompanySyncProgress, LocationList } from '../../db/queries/locations';
import type { AppDb } from '../../db/schema';

/** The locations grid data of a company and how far its first sync is. */
export interface LocationListData {
  list: LocationList;
  progress: CompanySyncProgress;
}

// The last answer of the live query, kept while the tab lives: coming back to the grid shows it in the first frame
// while the query runs again (it came from the local database moments ago, and the query replaces it at once).
let last: { db: AppDb; companyId: number; data: LocationListData } | null = null;

/** The locations grid data of a company; undefined while loading (the first time), null without a company. */
export function useLocationList(companyId: number | null): LocationListData | null | undefined {
  const db = useUserDb();
  const remembered = last && db && last.db === db && last.companyId === companyId ? last.data : undefined;
  return useLiveQuery(
    async () => {
      if (!db || companyId === null) return null;
      const [list, progress] = await Promise.all([
        locationList(db, companyId),
        companySyncProgress(db, companyId),
      ]);
      const data = { list, progress };
      last = { db, companyId, data };
      return data;
    },
    [db, companyId],
    remembered,
  );
}
