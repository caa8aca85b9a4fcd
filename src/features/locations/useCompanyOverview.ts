import { useUserDb } from '../../platform/database';
import { COMPANY_OVERVIEW_SOURCE, companyOverview } from '../../db/queries/locations';
import type { CompanyOverview } from '../../db/queries/locations';
import { localToday } from '../../domain/contracts';
import { answerSlot, useRememberedLiveQuery } from '../../platform/useRememberedLiveQuery';

const slot = answerSlot<CompanyOverview>(COMPANY_OVERVIEW_SOURCE);

/**
 * The overview above the locations grid (12-month totals, monthly figures, attention items); undefined while
 * loading. `canSeeContracts` is false for limited clients, so expiring contracts stay out of their list; the
 * query waits while `isEnabled` is false. The last overview shows again at once on coming back to the grid.
 */
export function useCompanyOverview(
  companyId: number | null,
  canSeeContracts: boolean,
  isEnabled: boolean,
): CompanyOverview | undefined {
  const db = useUserDb();
  // Keyed on the company and the day (expiring contracts count from today), not on the contracts flag: for one user
  // and company it is settled once the company record has loaded, and the query replaces the remembered answer at
  // once.
  const today = localToday();
  return useRememberedLiveQuery(
    slot,
    `${db?.name ?? ''}|${String(companyId)}|${today}`,
    async () => {
      if (!db || companyId === null || !isEnabled) return undefined;
      return companyOverview(db, companyId, { contracts: canSeeContracts, today });
    },
    [db, companyId, canSeeContracts, isEnabled],
    db,
  );
}
