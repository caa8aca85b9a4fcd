import { useLiveQuery } from 'dexie-react-hooks';
import { useUserDb } from '../../platform/database';
import { companyContacts } from '../../db/queries/contacts';
import type { CompanyContacts } from '../../db/queries/contacts';

/** The company's profile and users from the device; undefined while loading. */
export function useCompanyContacts(companyId: number | null): CompanyContacts | null | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && companyId !== null ? companyContacts(db, companyId) : null),
    [db, companyId],
  );
}
