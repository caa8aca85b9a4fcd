import { useUserDb } from '../../app/database';
import { companySyncProgress, locationList } from '../../db/queries/locations';
import type { CompanySyncProgress, LocationList } from '../../db/queries/locations';
import { answerSlot, useRememberedLiveQuery } from '../../ui/useRememberedLiveQuery';

/** The locations grid data of a company and how far its first sync is. */
export interface LocationListData {
  list: LocationList;
  progress: CompanySyncProgress;
}

const slot = answerSlot<LocationListData | null>();

/**
 * The locations grid data of a company; undefined while loading (the first time), null without a company. Coming
 * back to the grid shows the last answer in the first frame while the query runs again.
 */
export function useLocationList(companyId: number | null): LocationListData | null | undefined {
  const db = useUserDb();
  return useRememberedLiveQuery(
    slot,
    `${db?.name ?? ''}|${String(companyId)}`,
    async () => {
      if (!db || companyId === null) return null;
      const [list, progress] = await Promise.all([
        locationList(db, companyId),
        companySyncProgress(db, companyId),
      ]);
      return { list, progress };
    },
    [db, companyId],
  );
}
