// Reads of the open/close area: the company's requests with their sites, one request with its notes and history,
// and what the new-request form offers. Each read goes through an index (company, request, location).
import type { OutboxStatus } from '../../domain/sync';
import type {
  AccountRow,
  LocationRow,
  OpenCloseEventRow,
  OpenCloseNoteRow,
  OpenCloseRequestRow,
} from '../rows';
import type { AppDb } from '../schema';
import { queuedWrites } from './queuedWrites';

/** A request as the list shows it: the row, its site and account, and the state of its queued writes. */
export interface OpenCloseListRow extends OpenCloseRequestRow {
  locationName: string | null;
  locationCity: string | null;
  locationState: string | null;
  accountNumber: string | null;
  queued: OutboxStatus | undefined;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Newest first, as the server lists them; the id breaks ties so the order never flickers. */
export function byNewest(a: OpenCloseRequestRow, b: OpenCloseRequestRow): number {
  return compare(b.createdAt, a.createdAt) || compare(a.id, b.id);
}

async function byId<T extends { id: string }>(
  read: (ids: string[]) => Promise<(T | undefined)[]>,
  ids: string[],
) {
  const unique = [...new Set(ids)];
  const rows = await read(unique);
  return new Map(rows.flatMap((row) => (row ? [[row.id, row] as const] : [])));
}

/** The company's requests, newest first, joined with the sites and accounts they name. */
export async function openCloseList(db: AppDb, companyId: number): Promise<OpenCloseListRow[]> {
  const requests = await db.openCloseRequests.where('companyId').equals(companyId).toArray();
  const [locations, accounts, queued] = await Promise.all([
    byId(
      (ids) => db.locations.bulkGet(ids),
      requests.map((request) => request.locationId),
    ),
    byId(
      (ids) => db.accounts.bulkGet(ids),
      requests.flatMap((request) => (request.accountId ? [request.accountId] : [])),
    ),
    queuedWrites(
      db,
      requests.map((request) => ['openCloseRequests', request.id] as const),
    ),
  ]);
  return requests.sort(byNewest).map((request) => {
    const location = locations.get(request.locationId);
    return {
      ...request,
      locationName: location?.name ?? null,
      locationCity: location?.city ?? null,
      locationState: location?.state ?? null,
      accountNumber: request.accountId ? (accounts.get(request.accountId)?.accountNumber ?? null) : null,
      queued: queued[`openCloseRequests:${request.id}`],
    };
  });
}

/** One request with everything its page shows. */
export interface OpenCloseDetail {
  request: OpenCloseRequestRow;
  location: LocationRow | null;
  account: AccountRow | null;
  /** Oldest first. */
  notes: OpenCloseNoteRow[];
  /** Oldest first. */
  events: OpenCloseEventRow[];
  /** Queued writes of the request and its notes, by `openCloseRequests:{id}` / `openCloseNotes:{id}`. */
  queued: Readonly<Record<string, OutboxStatus>>;
}

const byTime = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }): number =>
  compare(a.createdAt, b.createdAt) || compare(a.id, b.id);

/** A request with its site, account, notes and history; null when it is not on this device. */
export async function openCloseDetail(db: AppDb, requestId: string): Promise<OpenCloseDetail | null> {
  const request = await db.openCloseRequests.get(requestId);
  if (!request) return null;
  const [location, account, notes, events] = await Promise.all([
    db.locations.get(request.locationId),
    request.accountId ? db.accounts.get(request.accountId) : undefined,
    db.openCloseNotes.where('requestId').equals(requestId).toArray(),
    db.openCloseEvents.where('requestId').equals(requestId).toArray(),
  ]);
  const queued = await queuedWrites(db, [
    ['openCloseRequests', requestId],
    ...notes.map((note) => ['openCloseNotes', note.id] as const),
  ]);
  return {
    request,
    location: location ?? null,
    account: account ?? null,
    notes: notes.sort(byTime),
    events: events.sort(byTime),
    queued,
  };
}

/** A company's sites by name, for the form's site step and the list's site filter. */
export async function companySites(db: AppDb, companyId: number): Promise<LocationRow[]> {
  const rows = await db.locations.where('companyId').equals(companyId).toArray();
  return rows.sort((a, b) => compare(a.name, b.name) || compare(a.id, b.id));
}

/** The accounts of one site (what a closing may name). */
export function siteAccounts(db: AppDb, locationId: string): Promise<AccountRow[]> {
  return db.accounts.where('locationId').equals(locationId).toArray();
}
