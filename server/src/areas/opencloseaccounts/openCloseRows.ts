// Reads and the history writer shared by the open/close routes (openClose.ts, openCloseWrites.ts, openClosePdf.ts).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tx';
import {
  accounts,
  locations,
  openCloseEvents,
  openCloseNotes,
  openCloseRequests,
  users,
} from '../../db/schema';
import { notFound } from '../../errors';

/** A stored request row. */
export type OpenCloseRequest = typeof openCloseRequests.$inferSelect;
/** A stored history event. */
export type OpenCloseEvent = typeof openCloseEvents.$inferSelect;

/** The caller's full name as rows store their author's (users are not synced). */
export async function userName(db: Db | Tx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.name ?? null;
}

/** A request of the company with its site and account, or 404 (an id of another company is not found either). */
export async function requestInCompany(db: Db | Tx, companyId: number, id: string) {
  const [found] = await db
    .select({ request: openCloseRequests, location: locations, accountNumber: accounts.accountNumber })
    .from(openCloseRequests)
    .innerJoin(locations, eq(locations.id, openCloseRequests.locationId))
    .leftJoin(accounts, eq(accounts.id, openCloseRequests.accountId))
    .where(and(eq(openCloseRequests.id, id.toLowerCase()), eq(openCloseRequests.companyId, companyId)));
  if (!found) throw notFound('No such open/close request');
  return found;
}

/** The company's requests, newest first, with the names the list shows beside them. */
export async function companyRequests(db: Db, companyId: number) {
  const rows = await db
    .select({
      request: openCloseRequests,
      locationName: locations.name,
      accountNumber: accounts.accountNumber,
    })
    .from(openCloseRequests)
    .innerJoin(locations, eq(locations.id, openCloseRequests.locationId))
    .leftJoin(accounts, eq(accounts.id, openCloseRequests.accountId))
    .where(eq(openCloseRequests.companyId, companyId))
    .orderBy(desc(openCloseRequests.createdAt), asc(openCloseRequests.id));
  return rows.map(({ request, locationName, accountNumber }) => ({
    ...request,
    locationName,
    accountNumber,
  }));
}

/** A request's notes, oldest first. */
export function requestNotes(db: Db, requestId: string) {
  return db
    .select()
    .from(openCloseNotes)
    .where(eq(openCloseNotes.requestId, requestId))
    .orderBy(asc(openCloseNotes.createdAt), asc(openCloseNotes.id));
}

/** A request's history, oldest first. */
export function requestEvents(db: Db, requestId: string) {
  return db
    .select()
    .from(openCloseEvents)
    .where(eq(openCloseEvents.requestId, requestId))
    .orderBy(asc(openCloseEvents.createdAt), asc(openCloseEvents.id));
}

/** What a history event records besides its request and author. */
export type EventDetail =
  | { kind: 'created' }
  | { kind: 'status'; fromStatus: number; toStatus: number }
  | { kind: 'edited'; fields: readonly string[] };

/** Records one event of the requests' history in the write's transaction, with the write's version. */
export async function recordEvents(
  tx: Tx,
  version: number,
  author: { userId: number; name: string | null },
  items: readonly { request: OpenCloseRequest; detail: EventDetail }[],
): Promise<OpenCloseEvent[]> {
  if (items.length === 0) return [];
  return tx
    .insert(openCloseEvents)
    .values(
      items.map(({ request, detail }) => ({
        companyId: request.companyId,
        version,
        requestId: request.id,
        kind: detail.kind,
        fromStatus: detail.kind === 'status' ? detail.fromStatus : null,
        toStatus: detail.kind === 'status' ? detail.toStatus : null,
        fields: detail.kind === 'edited' ? detail.fields.join(',') : null,
        createdBy: author.userId,
        createdByName: author.name,
      })),
    )
    .returning();
}
