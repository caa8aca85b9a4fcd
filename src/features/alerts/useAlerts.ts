// Live local reads of the alerts page (docs/architecture.md §1): the list follows the sync worker and the user's own
// queued writes; undefined = loading.
import { useLiveQuery } from 'dexie-react-hooks';
import { useUserDb } from '../../platform/database';
import { ALERT_LIST_SOURCE, alertDetail, alertList } from '../../db/queries/alerts';
import type { AlertDetail, AlertList } from '../../db/queries/alerts';
import type { AlertListFilter } from '../../domain/alertList';
import { answerSlot, useRememberedLiveQuery } from '../../platform/useRememberedLiveQuery';

const listSlot = answerSlot<AlertList>(ALERT_LIST_SOURCE);

/** The company's alerts that pass the filters; the last answer shows at once on a return visit. */
export function useAlertList(companyId: number | null, filter: AlertListFilter): AlertList | undefined {
  const db = useUserDb();
  const key = `${db?.name ?? ''}|${companyId ?? ''}|${JSON.stringify(filter)}`;
  return useRememberedLiveQuery(
    listSlot,
    key,
    async () => (db && companyId !== null ? alertList(db, companyId, filter) : undefined),
    [db],
    db,
  );
}

/** One alert with its notes and bill history; null when it is not on this device. */
export function useAlertDetail(alertId: string | null): AlertDetail | null | undefined {
  const db = useUserDb();
  return useLiveQuery(async () => (db && alertId ? alertDetail(db, alertId) : null), [db, alertId]);
}
