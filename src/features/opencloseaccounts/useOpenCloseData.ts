// Live local reads of the open/close pages (docs/architecture.md §1, §7): each wraps a query of
// src/db/queries/openClose.ts in useLiveQuery, so the pages follow the sync worker and the user's own writes.
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useUserDb } from '../../platform/database';
import type { Writer } from '../../db/mutations/openClose';
import { companySites, openCloseDetail, openCloseList, siteAccounts } from '../../db/queries/openClose';
import type { OpenCloseDetail, OpenCloseListRow } from '../../db/queries/openClose';
import type { AccountRow, LocationRow } from '../../db/rows';
import { rolesAtom, sessionAtom } from '../../session/atoms';
import { answerSlot, useRememberedLiveQuery } from '../../platform/useRememberedLiveQuery';

const listSlot = answerSlot<OpenCloseListRow[]>();

/** The company's requests, newest first; shown again at once when the user comes back to the list. */
export function useOpenCloseList(companyId: number | null): OpenCloseListRow[] | undefined {
  const db = useUserDb();
  return useRememberedLiveQuery(
    listSlot,
    `${db?.name ?? ''}|${companyId ?? ''}`,
    async () => (db && companyId !== null ? openCloseList(db, companyId) : []),
    [db],
  );
}

/** One request with its site, notes and history; null when it is not on this device. */
export function useOpenCloseDetail(requestId: string | undefined): OpenCloseDetail | null | undefined {
  const db = useUserDb();
  return useLiveQuery(async () => (db && requestId ? openCloseDetail(db, requestId) : null), [db, requestId]);
}

/** The company's sites by name. */
export function useCompanySites(companyId: number | null): LocationRow[] | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && companyId !== null ? companySites(db, companyId) : []),
    [db, companyId],
  );
}

/** The accounts of one site (none before a site is chosen). */
export function useSiteAccounts(locationId: string): AccountRow[] | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && locationId !== '' ? siteAccounts(db, locationId) : []),
    [db, locationId],
  );
}

/** The signed-in user as the writes need them; null when signed out. */
export function useWriter(): Writer | null {
  const session = useAtomValue(sessionAtom);
  const roles = useAtomValue(rolesAtom);
  return session && roles ? { userId: session.userId, roles } : null;
}
