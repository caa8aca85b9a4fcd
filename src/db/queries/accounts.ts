// Account reads for the areas; feature hooks wrap them in useLiveQuery.
import type { AppDb } from '../schema';
import type { AccountRow } from '../rows';

/** The accounts of a company. */
export function accountsOfCompany(db: AppDb, companyId: number): Promise<AccountRow[]> {
  return db.accounts.where('companyId').equals(companyId).toArray();
}

/** The accounts at a location. */
export function accountsOfLocation(db: AppDb, locationId: string): Promise<AccountRow[]> {
  return db.accounts.where('locationId').equals(locationId).toArray();
}
