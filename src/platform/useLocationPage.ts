import { useLiveQuery } from 'dexie-react-hooks';
import { useUserDb } from './database';
import {
  companySyncProgress,
  locationAttention,
  locationBudgets,
  locationContracts,
  locationPage,
} from '../db/queries/locations';
import type { BudgetView } from '../db/queries/budgets';
import type { CompanySyncProgress, LocationContract, LocationPageData } from '../db/queries/locations';
import type { AttentionItem } from '../domain/attention';
import { localToday } from '../domain/contracts';

/** A location's page data; undefined while loading, null when it is not on this device. */
export function useLocationPage(locationId: string | undefined): LocationPageData | null | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && locationId ? locationPage(db, locationId.toLowerCase()) : null),
    [db, locationId],
  );
}

/** A location's attention items; undefined while loading. */
export function useLocationAttention(
  data: LocationPageData | null | undefined,
  canSeeContracts: boolean,
): AttentionItem[] | undefined {
  const db = useUserDb();
  const location = data?.location;
  const bills = data?.bills;
  return useLiveQuery(async () => {
    if (!db || !location || !bills) return undefined;
    return locationAttention(db, location, bills, { contracts: canSeeContracts, today: localToday() });
  }, [db, location, bills, canSeeContracts]);
}

/** A location's contracts; undefined while loading. */
export function useLocationContracts(locationId: string | undefined): LocationContract[] | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && locationId ? locationContracts(db, locationId.toLowerCase()) : []),
    [db, locationId],
  );
}

/** A location's budgets; undefined while loading. */
export function useLocationBudgets(locationId: string | undefined): BudgetView[] | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && locationId ? locationBudgets(db, locationId.toLowerCase()) : []),
    [db, locationId],
  );
}

/** Where the company's first download stands; undefined while loading. */
export function useSyncProgress(companyId: number | null): CompanySyncProgress | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && companyId !== null ? companySyncProgress(db, companyId) : 'none'),
    [db, companyId],
  );
}
