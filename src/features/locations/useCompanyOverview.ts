import { useLiveQuery } from 'dexie-react-hooks';
import { useUserDb } from '../../app/database';
import { companyOverview } from '../../db/queries/locations';
import type { CompanyOverview } from '../../db/queries/locations';
import type { AppDb } from '../../db/schema';
import { localToday } from '../../domain/contracts';

// The last overview, as for the grid's rows (useLocationList): shown again at once on coming back, until the query
// (which reads a year of bills) answers anew.
let last: { db: AppDb; key: string; overview: CompanyOverview } | null = null;

/**
 * The overview above the locations grid (12-month totals, monthly figures, attention items); undefined while
 * loading. `canSeeContracts` is false for limited clients, so expiring contracts stay out of their list; the
 * query waits while `isEnabled` is false.
 */
export function useCompanyOverview(
  companyId: number | null,
  canSeeContracts: boolean,
  isEnabled: boolean,
): CompanyOverview | undefined {
  const db = useUserDb();
  // Keyed on the company only: for one user and company the contracts flag is settled once the company record has
  // loaded, and the query replaces the remembered answer at once.
  const key = String(companyId);
  const remembered = last && db && last.db === db && last.key === key ? last.overview : undefined;
  const live = useLiveQuery(async () => {
    if (!db || companyId === null || !isEnabled) return undefined;
    const overview = await companyOverview(db, companyId, {
      contracts: canSeeContracts,
      today: localToday(),
    });
    last = { db, key, overview };
    return overview;
  }, [db, companyId, canSeeContracts, isEnabled, key]);
  return live ?? remembered;
}
