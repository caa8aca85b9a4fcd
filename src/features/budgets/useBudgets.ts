// Live local reads of the budgets page: budgets against the bills on the device, so they move as bills sync, with the
// budgets whose writes still wait in the outbox (marked as pending on the page).
import { useLiveQuery } from 'dexie-react-hooks';
import { useUserDb } from '../../platform/database';
import { companyBudgets } from '../../db/queries/budgets';
import type { BudgetView } from '../../db/queries/budgets';
import { queuedRowsOf } from '../../db/queries/queuedWrites';
import type { LocationRow } from '../../db/rows';
import type { OutboxStatus } from '../../domain/sync';
import { answerSlot, useRememberedLiveQuery } from '../../platform/useRememberedLiveQuery';

/** The budgets the page shows, and the queued state of those with a write waiting, by budget id. */
export interface CompanyBudgets {
  views: BudgetView[];
  queued: Record<string, OutboxStatus>;
}

const budgetsSlot = answerSlot<CompanyBudgets>();

/** The company's budgets (of one location and service when given), with their reports; undefined while loading. */
export function useCompanyBudgets(
  companyId: number | null,
  filter: { locationId: string; serviceType: string },
): CompanyBudgets | undefined {
  const db = useUserDb();
  return useRememberedLiveQuery(
    budgetsSlot,
    `${db?.name ?? ''}|${companyId ?? ''}|${filter.locationId}|${filter.serviceType}`,
    async () => {
      if (!db || companyId === null) return undefined;
      const [views, queued] = await Promise.all([
        companyBudgets(db, companyId, {
          ...(filter.locationId ? { locationId: filter.locationId } : {}),
          ...(filter.serviceType ? { serviceType: filter.serviceType } : {}),
        }),
        queuedRowsOf(db, companyId, 'budgets'),
      ]);
      return { views, queued };
    },
    [db],
  );
}

/** The company's sites by name, for the filter and the wizard. */
export function useCompanySites(companyId: number | null): Pick<LocationRow, 'id' | 'name'>[] | undefined {
  const db = useUserDb();
  return useLiveQuery(async () => {
    if (!db || companyId === null) return [];
    const rows = await db.locations.where('companyId').equals(companyId).toArray();
    return rows.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [db, companyId]);
}
