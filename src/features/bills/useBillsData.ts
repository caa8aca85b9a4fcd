// Live local reads of the Bills pages (docs/architecture.md §1, §7): each wraps a query of
// src/db/queries/billsPage.ts, so the pages follow the sync worker's changes; undefined = loading.
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useUserDb } from '../../app/database';
import type { BillMonthRange } from '../../domain/bills';
import {
  billDetail,
  billCountInRange,
  billIdsInRange,
  billRowLookups,
  billRowsOf,
  billSummariesInRange,
  latestBillMonth,
} from '../../db/queries/billsPage';
import type { BillDetail, BillListRow } from '../../db/queries/billsPage';
import type { BillMonthSummaryRow } from '../../db/billMonthSummaries';
import type { SyncStateRow } from '../../db/syncRows';
import { answerSlot, useRememberedLiveQuery } from '../../ui/useRememberedLiveQuery';
import { BillRowsLoader, billRowsCache } from './billRowsLoader';
import type { BillRowsSnapshot } from './billRowsLoader';

/**
 * The Bills page's live answer: how many bills the range has, and a new answer whenever a bill in range, or an
 * account, location or alert of the company, changes (the rows themselves are read by useBillRows, outside the live
 * query: a live query of 55,000 keys would track each of them).
 */
export interface BillRangeAnswer {
  billCount: number;
}

const rangeSlot = answerSlot<BillRangeAnswer>();

/** The company's latest bill month on the device (null: no bills); undefined while loading. */
export function useLatestBillMonth(companyId: number | null): string | null | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && companyId !== null ? latestBillMonth(db, companyId) : null),
    [db, companyId],
  );
}

/**
 * The company's bills in `range` as a live answer (read once `range` is known: the default waits for the latest
 * month); shown again at once when the user comes back to the same range.
 */
export function useBillRange(
  companyId: number | null,
  range: BillMonthRange | null,
): BillRangeAnswer | undefined {
  const db = useUserDb();
  return useRememberedLiveQuery(
    rangeSlot,
    rangeKey(db?.name, companyId, range),
    async () => {
      if (range === null) return undefined;
      if (!db || companyId === null) return { billCount: 0 };
      // Counts over index ranges: the live query follows the ranges without reading a row.
      const [billCount] = await Promise.all([
        billCountInRange(db, companyId, range),
        db.accounts.where('companyId').equals(companyId).count(),
        db.locations.where('companyId').equals(companyId).count(),
        db.alerts.where('companyId').equals(companyId).count(),
      ]);
      return { billCount };
    },
    [db, companyId, range?.from, range?.to],
  );
}

const rangeKey = (dbName: string | undefined, companyId: number | null, range: BillMonthRange | null) =>
  `${dbName ?? ''}|${companyId ?? ''}|${range?.from ?? '*'}|${range?.to ?? '*'}|${range ? 1 : 0}`;

/** The company's month summaries of `range` (totals and chart of the page without filters); undefined meanwhile. */
export function useBillSummaries(
  companyId: number | null,
  range: BillMonthRange | null,
): BillMonthSummaryRow[] | undefined {
  const db = useUserDb();
  return useRememberedLiveQuery(
    summariesSlot,
    rangeKey(db?.name, companyId, range),
    async () => {
      if (range === null) return undefined;
      if (!db || companyId === null) return [];
      return billSummariesInRange(db, companyId, range);
    },
    [db, companyId, range?.from, range?.to],
  );
}

const summariesSlot = answerSlot<BillMonthSummaryRow[]>();
const rowsCache = billRowsCache();
const ROW_TABLES = /\/(bills|accounts|locations|alerts)\/[^/]*$/;
Dexie.on('storagemutated', (parts) => {
  if (Object.keys(parts).some((part) => ROW_TABLES.test(part))) rowsCache.noteWrite();
});

const NOT_YET: BillRowsSnapshot = { rows: [], isComplete: false, revision: 0 };
const noSubscription = () => () => undefined;
const notYet = () => NOT_YET;

/** The range's rows as they arrive (BillRowsLoader), read anew for each answer, and how the grid asks for rows. */
export function useBillRows(
  companyId: number | null,
  range: BillMonthRange | null,
  answer: BillRangeAnswer | undefined,
): { snapshot: BillRowsSnapshot | undefined; wantRows: (from: number, to: number) => void } {
  const db = useUserDb();
  const key = rangeKey(db?.name, companyId, range);
  const loader = useMemo(() => {
    if (!db || companyId === null || !range || !answer) return null;
    const stamp = rowsCache.stamp();
    const lookups = billRowLookups();
    const created = new BillRowsLoader(
      () => billIdsInRange(db, companyId, range),
      (ids) => billRowsOf(db, ids, lookups),
      rowsCache.find(key),
    );
    created.subscribe(() => {
      const { rows, isComplete } = created.getSnapshot();
      if (isComplete) rowsCache.keep(key, stamp, rows as readonly BillListRow[]);
    });
    return created;
    // `range` is in `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, companyId, key, answer]);
  useEffect(() => {
    if (!loader) return undefined;
    loader.start();
    return () => loader.stop();
  }, [loader]);
  const snapshot = useSyncExternalStore(loader?.subscribe ?? noSubscription, loader?.getSnapshot ?? notYet);
  return { snapshot: loader ? snapshot : undefined, wantRows: loader?.wantRows ?? noWant };
}

const noWant = () => undefined;

/** One bill with its lines and history; null when it is not on this device. */
export function useBillDetail(billId: string | undefined): BillDetail | null | undefined {
  const db = useUserDb();
  return useLiveQuery(async () => (db && billId ? billDetail(db, billId.toLowerCase()) : null), [db, billId]);
}

/** The company's sync bookkeeping (when it was last synced); undefined while loading, null when never. */
export function useCompanySyncState(companyId: number | null): SyncStateRow | null | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && companyId !== null ? ((await db.syncState.get(companyId)) ?? null) : null),
    [db, companyId],
  );
}
