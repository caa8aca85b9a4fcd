// Live local reads of the accounts pages (DESIGN.md §1, §7): each wraps a query of src/db/queries/accountPages.ts
// in useLiveQuery, so the pages follow the sync worker's changes and the user's own edits; undefined = loading.
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useUserDb } from '../../app/database';
import type { AttentionItem } from '../../domain/attention';
import { localToday } from '../../domain/contracts';
import { canOpenArea } from '../../domain/nav';
import type { TotalsRow } from '../../domain/totals';
import { accountDetail, accountListRows, accountsOverview } from '../../db/queries/accountPages';
import type { AccountDetail, AccountListRow } from '../../db/queries/accountPages';
import type { SyncStateRow } from '../../db/syncRows';
import { rolesAtom } from '../../session/atoms';

/**
 * The last answer of one page query, kept for the next visit: coming back to the page shows it at once while the
 * live query reads the database again (one slot per query, so only the latest company is held).
 */
interface LastAnswer<T> {
  key: string;
  value: T;
}
let lastRows: LastAnswer<AccountListRow[]> | null = null;
let lastOverview: LastAnswer<AccountsOverviewFigures> | null = null;

function remembered<T>(slot: LastAnswer<T> | null, key: string): T | undefined {
  return slot?.key === key ? slot.value : undefined;
}

/** The grid rows of the companies shown (one, or a parent with its business units). */
export function useAccountRows(companyIds: readonly number[]): AccountListRow[] | undefined {
  const db = useUserDb();
  const key = companyIds.join(',');
  const slot = `${db?.name ?? ''}|${key}`;
  return useLiveQuery(
    async () => {
      const rows = db ? await accountListRows(db, key === '' ? [] : key.split(',').map(Number)) : [];
      lastRows = { key: slot, value: rows };
      return rows;
    },
    [db, key],
    remembered(lastRows, slot),
  );
}

/**
 * True from the first frame after `isReady` turns true: the overview's big read waits until the grid's rows have
 * been drawn, so the rows (what the user came for) are never queued behind it.
 */
export function useAfterPaint(isReady: boolean): boolean {
  const [isAfter, setAfter] = useState(false);
  useEffect(() => {
    if (!isReady || isAfter) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAfter(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [isReady, isAfter]);
  return isAfter;
}

/** The overview figures: the latest 12 months' bill rows and the attention items, across the companies shown. */
export interface AccountsOverviewFigures {
  totals: TotalsRow[];
  attention: AttentionItem[];
}

/**
 * Overview figures of the companies shown, read once `isEnabled` (after the grid's rows); contract items only where
 * the user may open contracts (the area's rule, src/domain/nav.ts: not limited clients).
 */
export function useAccountsOverview(
  companyIds: readonly number[],
  isEnabled: boolean,
): AccountsOverviewFigures | undefined {
  const db = useUserDb();
  const roles = useAtomValue(rolesAtom);
  const key = companyIds.join(',');
  const slot = `${db?.name ?? ''}|${key}|${JSON.stringify(roles)}`;
  const figures = useLiveQuery(async () => {
    if (!isEnabled) return undefined;
    if (!db || !roles || key === '') return { totals: [], attention: [] };
    const today = localToday();
    const parts = [];
    // One company after another: parallel reads would only compete for the same main thread.
    for (const id of key.split(',').map(Number)) {
      const company = await db.companies.get(id);
      const contracts = company !== undefined && canOpenArea('contracts', { roles, company });
      parts.push(await accountsOverview(db, id, { contracts, today }));
    }
    const answer = {
      totals: parts.flatMap((part) => part.totals),
      attention: parts.flatMap((part) => part.attention),
    };
    lastOverview = { key: slot, value: answer };
    return answer;
  }, [db, key, roles, isEnabled]);
  return figures ?? remembered(lastOverview, slot);
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
