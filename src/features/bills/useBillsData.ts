// Live local reads of the Bills pages (docs/architecture.md §1, §7): each wraps a query of
// src/db/queries/billsPage.ts, so the pages follow the sync worker's changes; undefined = loading.
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useUserDb } from '../../app/database';
import type { BillMonthRange } from '../../domain/bills';
import {
  billDetail,
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

/** The Bills page's live answer: the ids in range in the grid's order (the rows are read by useBillRows). */
export interface BillIdsAnswer {
  ids: string[];
}

const idsSlot = answerSlot<BillIdsAnswer>();

/** The company's latest bill month on the device (null: no bills); undefined while loading. */
export function useLatestBillMonth(companyId: number | null): string | null | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && companyId !== null ? latestBillMonth(db, companyId) : null),
    [db, companyId],
  );
}

/**
 * The ids of the company's bills in `range` (read once `range` is known: the default waits for the latest month),
 * answered again whenever a bill in range, or an account, location or alert of the company, changes; shown again at
 * once when the user comes back to the same range.
 */
export function useBillIds(
  companyId: number | null,
  range: BillMonthRange | null,
): BillIdsAnswer | undefined {
  const db = useUserDb();
  const key = `${db?.name ?? ''}|${companyId ?? ''}|${range?.from ?? '*'}|${range?.to ?? '*'}|${range ? 1 : 0}`;
  return useRememberedLiveQuery(
    idsSlot,
    key,
    async () => {
      if (range === null) return undefined;
      if (!db || companyId === null) return { ids: [] };
      // The counts make the answer follow the rows each bill is joined with (they read index keys only).
      const [ids] = await Promise.all([
        billIdsInRange(db, companyId, range),
        db.accounts.where('companyId').equals(companyId).count(),
        db.locations.where('companyId').equals(companyId).count(),
        db.alerts.where('companyId').equals(companyId).count(),
      ]);
      return { ids };
    },
    [db, companyId, range?.from, range?.to],
  );
}

/** The company's month summaries of `range` (totals and chart of the page without filters); undefined meanwhile. */
export function useBillSummaries(
  companyId: number | null,
  range: BillMonthRange | null,
): BillMonthSummaryRow[] | undefined {
  const db = useUserDb();
  const key = `${db?.name ?? ''}|${companyId ?? ''}|${range?.from ?? '*'}|${range?.to ?? '*'}|${range ? 1 : 0}`;
  return useRememberedLiveQuery(
    summariesSlot,
    key,
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

/** The rows of `answer`'s ids as they arrive (BillRowsLoader), and how the grid asks for the rows it shows. */
export function useBillRows(
  companyId: number | null,
  answer: BillIdsAnswer | undefined,
): { snapshot: BillRowsSnapshot | undefined; wantRows: (from: number, to: number) => void } {
  const db = useUserDb();
  const key = `${db?.name ?? ''}|${companyId ?? ''}`;
  const loader = useMemo(() => {
    if (!db || !answer) return null;
    const stamp = rowsCache.stamp();
    const lookups = billRowLookups();
    const created = new BillRowsLoader(
      answer.ids,
      (ids) => billRowsOf(db, ids, lookups),
      rowsCache.find(key, answer.ids),
    );
    created.subscribe(() => {
      const { rows, isComplete } = created.getSnapshot();
      if (isComplete) rowsCache.keep(key, answer.ids, stamp, rows as readonly BillListRow[]);
    });
    return created;
  }, [db, key, answer]);
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
