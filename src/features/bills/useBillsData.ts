// Live local reads of the Bills pages (docs/architecture.md §1, §7): each wraps a query of
// src/db/queries/billsPage.ts, so the pages follow the sync worker's changes; undefined = loading.
import { useLiveQuery } from 'dexie-react-hooks';
import { useUserDb } from '../../app/database';
import type { BillMonthRange } from '../../domain/bills';
import { billDetail, billsPageData, latestBillMonth } from '../../db/queries/billsPage';
import type { BillDetail, BillsPageData } from '../../db/queries/billsPage';
import type { SyncStateRow } from '../../db/syncRows';
import { answerSlot, useRememberedLiveQuery } from '../../ui/useRememberedLiveQuery';

const pageSlot = answerSlot<BillsPageData>();

/** The company's latest bill month on the device (null: no bills); undefined while loading. */
export function useLatestBillMonth(companyId: number | null): string | null | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && companyId !== null ? latestBillMonth(db, companyId) : null),
    [db, companyId],
  );
}

/**
 * The company's bills in `range` as grid rows (read once `range` is known: the default waits for the latest month);
 * shown again at once when the user comes back to the same range.
 */
export function useBillsPage(
  companyId: number | null,
  range: BillMonthRange | null,
): BillsPageData | undefined {
  const db = useUserDb();
  const key = `${db?.name ?? ''}|${companyId ?? ''}|${range?.from ?? '*'}|${range?.to ?? '*'}|${range ? 1 : 0}`;
  return useRememberedLiveQuery(
    pageSlot,
    key,
    async () => {
      if (range === null) return undefined;
      if (!db || companyId === null) return { rows: [], latestMonth: null };
      return billsPageData(db, companyId, range);
    },
    [db, companyId, range?.from, range?.to],
  );
}

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
