import { useLiveQuery } from 'dexie-react-hooks';
import { useUserDb } from './database';
import { companyEnergyStarData, siteEnergyStar } from '../db/queries/energyStar';
import type { CompanyEnergyStarData, SiteEnergyStar } from '../db/queries/energyStar';

/** A site's ENERGY STAR rows and notes; undefined while loading, null when the site is not on this device. */
export function useSiteEnergyStar(locationId: string | undefined): SiteEnergyStar | null | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && locationId ? siteEnergyStar(db, locationId.toLowerCase()) : null),
    [db, locationId],
  );
}

/** The company's ENERGY STAR summary and ranking; undefined while loading. */
export function useCompanyEnergyStar(companyId: number | null): CompanyEnergyStarData | null | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && companyId !== null ? companyEnergyStarData(db, companyId) : null),
    [db, companyId],
  );
}
