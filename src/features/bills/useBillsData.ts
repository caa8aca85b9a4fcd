// Live local reads of the Bills pages (docs/architecture.md §1, §7): each wraps a query of
// src/db/queries/billsPage.ts, so the pages follow the sync worker's changes; undefined = loading.
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useUserDb } from '../../platform/database';
import type { BillMonthRange } from '../../domain/bills';
import {
  billDetail,
  billCountInRange,
  billHeadInRange,
  billIdsInRange,
  billRowLookups,
  billRowsOf,
  billSummariesInRange,
  latestBillMonth,
} from '../../db/queries/billsPage';
import type { BillDetail } from '../../db/queries/billsPage';
import type { BillMonthSummaryRow } from '../../db/billMonthSummaries';
import type { SyncStateRow } from '../../db/syncRows';
import { answerSlot, useRememberedLiveQuery } from '../../platform/useRememberedLiveQuery';
import { BillRowsLoader, keptBillRows } from './billRowsLoader';
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
const keptRows = keptBillRows();
const ROW_TABLES = /\/(bills|accounts|locations|alerts)\/[^/]*$/;
Dexie.on('storagemutated', (parts) => {
  if (Object.keys(parts).some((part) => ROW_TABLES.test(part))) keptRows.noteWrite();
});

const NOT_YET: BillRowsSnapshot = { rows: [], isComplete: false, revision: 0 };
const noSubscription = () => () => undefined;
const notYet = () => NOT_YET;

/**
 * The range's rows as they arrive (BillRowsLoader; the one kept from the last visit while no write came since), and
 * how the grid asks for rows. `answer` only brings a new render after a write: keptRows then gives a new loader.
 */
export function useBillRows(
  companyId: number | null,
  range: BillMonthRange | null,
  answer: BillRangeAnswer | undefined,
): { snapshot: BillRowsSnapshot | undefined; wantRows: (from: number, to: number) => void } {
  const db = useUserDb();
  const key = rangeKey(db?.name, companyId, range);
  const loader = useMemo(
    () =>
      db && companyId !== null && range
        ? keptRows.loaderFor(key, () => {
            const lookups = billRowLookups();
            return new BillRowsLoader(
              () => billIdsInRange(db, companyId, range),
              (ids) => billRowsOf(db, ids, lookups),
              {
                // Twelve summaries, where counting the index would walk 55,000 keys.
                count: async () =>
                  (await billSummariesInRange(db, companyId, range)).reduce(
                    (sum, month) => sum + month.billCount,
                    0,
                  ),
                rows: (limit) => billHeadInRange(db, companyId, range, limit, lookups),
              },
            );
          })
        : null,
    // `range` is in `key`; `answer` changes after a write.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [db, companyId, key, answer],
  );
  // Not stopped when the page goes: it reads on for the next visit (keptRows stops it once stale).
  useEffect(() => loader?.start(), [loader]);
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
