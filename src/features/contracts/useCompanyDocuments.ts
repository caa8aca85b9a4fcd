import { useLiveQuery } from 'dexie-react-hooks';
import { useUserDb } from '../../platform/database';
import { companyDocumentList } from '../../db/queries/companyDocuments';
import type { DocumentListItem } from '../../db/queries/companyDocuments';

/** A company's documents from the device (undefined while loading), live as the sync and the outbox change them. */
export function useCompanyDocuments(companyId: number | null): DocumentListItem[] | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && companyId !== null ? companyDocumentList(db, companyId) : []),
    [db, companyId],
  );
}
