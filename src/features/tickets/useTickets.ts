import { useLiveQuery } from 'dexie-react-hooks';
import { useUserDb } from '../../platform/database';
import { companySyncProgress } from '../../db/queries/locations';
import type { CompanySyncProgress } from '../../db/queries/locations';
import { ticketDetail, ticketList } from '../../db/queries/tickets';
import type { TicketDetail, TicketListItem } from '../../db/queries/tickets';

/** The company's tickets from the device (undefined while loading), live as the sync and the outbox change them. */
export function useTicketList(companyId: number | null): TicketListItem[] | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && companyId !== null ? ticketList(db, companyId) : []),
    [db, companyId],
  );
}

/** One ticket by tracker id or row id (null when not on the device; undefined while loading). */
export function useTicketDetail(
  companyId: number | null,
  ref: string | undefined,
): TicketDetail | null | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && companyId !== null && ref ? ticketDetail(db, companyId, ref) : null),
    [db, companyId, ref],
  );
}

/** Where the company's first download stands; undefined while loading. */
export function useCompanySyncProgress(companyId: number | null): CompanySyncProgress | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (db && companyId !== null ? companySyncProgress(db, companyId) : 'none'),
    [db, companyId],
  );
}
