import { useMemo } from 'react';
import { useUserDb } from '../../platform/database';
import { LOCATION_LIST_SOURCE, companySyncProgress, locationList } from '../../db/queries/locations';
import type { CompanySyncProgress, LocationList } from '../../db/queries/locations';
import { answerSlot, useRememberedLiveQuery } from '../../platform/useRememberedLiveQuery';

/** The locations grid data of a company and how far its first sync is (undefined while that is read). */
export interface LocationListData {
  list: LocationList;
  progress: CompanySyncProgress | undefined;
}

const listSlot = answerSlot<LocationList | null>(LOCATION_LIST_SOURCE);
const progressSlot = answerSlot<CompanySyncProgress | null>();

/**
 * The locations grid data of a company; undefined while loading (the first time), null without a company. Coming
 * back to the grid shows the last answer in the first frame while the query runs again, and so does the first visit
 * after a reload while the list's tables are unchanged (its stored answer). The list and the sync
 * progress are two queries: the sync writes its state at every step, and that must not read the list again (and
 * hand the grid and the overview new rows).
 */
export function useLocationList(companyId: number | null): LocationListData | null | undefined {
  const db = useUserDb();
  const key = `${db?.name ?? ''}|${String(companyId)}`;
  const list = useRememberedLiveQuery(
    listSlot,
    key,
    async () => (!db || companyId === null ? null : locationList(db, companyId)),
    [db, companyId],
    db,
  );
  const progress = useRememberedLiveQuery(
    progressSlot,
    key,
    async () => (!db || companyId === null ? null : companySyncProgress(db, companyId)),
    [db, companyId],
  );
  // Rows show as soon as the list has them (a stored list shows in the first render, before the progress's own
  // read); an empty list waits for the progress, which says whether it is empty or still coming.
  return useMemo(() => {
    if (list === undefined || (progress === undefined && (list?.rows.length ?? 0) === 0)) return undefined;
    return list === null || progress === null ? null : { list, progress };
  }, [list, progress]);
}
