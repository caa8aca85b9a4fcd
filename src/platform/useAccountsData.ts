// Live local reads of the accounts pages (docs/architecture.md §1, §7): each wraps a query of src/db/queries/accountPages.ts
// in useLiveQuery, so the pages follow the sync worker's changes and the user's own edits; undefined = loading.
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useUserDb } from './database';
import { localToday } from '../domain/contracts';
import {
  ACCOUNTS_OVERVIEW_SOURCE,
  ACCOUNT_ROWS_SOURCE,
  accountDetail,
  accountListRows,
  accountsOverviewOf,
} from '../db/queries/accountPages';
import type { AccountDetail, AccountListRow, AccountsOverviewData } from '../db/queries/accountPages';
import type { SyncStateRow } from '../db/syncRows';
import { rolesAtom } from '../session/atoms';
import { answerSlot, useRememberedLiveQuery } from './useRememberedLiveQuery';

const rowsSlot = answerSlot<AccountListRow[]>(ACCOUNT_ROWS_SOURCE);
const overviewSlot = answerSlot<AccountsOverviewFigures>(ACCOUNTS_OVERVIEW_SOURCE);

/** The grid rows of the companies shown (one, or a parent with its business units); shown again at once on return. */
export function useAccountRows(companyIds: readonly number[]): AccountListRow[] | undefined {
  const db = useUserDb();
  const key = companyIds.join(',');
  return useRememberedLiveQuery(
    rowsSlot,
    `${db?.name ?? ''}|${key}`,
    async () => (db ? accountListRows(db, key === '' ? [] : key.split(',').map(Number)) : []),
    [db],
    db,
  );
}

/** The overview figures: the latest 12 months' bill rows and the attention items, across the companies shown. */
export type AccountsOverviewFigures = AccountsOverviewData;

/** Overview figures of the companies shown (`accountsOverviewOf`), read once `isEnabled` (after the grid's rows). */
export function useAccountsOverview(
  companyIds: readonly number[],
  isEnabled: boolean,
): AccountsOverviewFigures | undefined {
  const db = useUserDb();
  const roles = useAtomValue(rolesAtom);
  const key = companyIds.join(',');
  // The roles' content, not the object, is part of the key (and so of the query's dependencies): an equal new
  // roles object does not restart the query.
  const today = localToday();
  return useRememberedLiveQuery(
    overviewSlot,
    `${db?.name ?? ''}|${key}|${JSON.stringify(roles)}|${today}`,
    async () => {
      if (!isEnabled) return undefined;
      if (!db || !roles || key === '') return { totals: [], attention: [] };
      return accountsOverviewOf(db, key.split(',').map(Number), roles, today);
    },
    [db, isEnabled],
    db,
  );
}

/** One account with its meters and bills; null when it is not on this device. */
export function useAccountDetail(accountId: string | undefined): AccountDetail | null | undefined {
  const db = useUserDb();
  return useLiveQuery(async () => (db && accountId ? accountDetail(db, accountId) : null), [db, accountId]);
}

/** Sync bookkeeping of the companies shown (to tell "not synced yet" from "no accounts"). */
export function useSyncStates(companyIds: readonly number[]): (SyncStateRow | undefined)[] | undefined {
  const db = useUserDb();
  const key = companyIds.join(',');
  return useLiveQuery(
    async () => (db && key !== '' ? db.syncState.bulkGet(key.split(',').map(Number)) : []),
    [db, key],
  );
}

/** Whether any company shown has completed a sync, and whether one is syncing now. */
export function useSyncSummary(
  companyIds: readonly number[],
): { isSynced: boolean; isSyncing: boolean } | undefined {
  const states = useSyncStates(companyIds);
  return useMemo(() => {
    if (states === undefined) return undefined;
    return {
      isSynced: states.some((state) => (state?.lastSyncAt ?? null) !== null),
      isSyncing: states.some((state) => state?.status === 'syncing'),
    };
  }, [states]);
}
