// The company record ahead of its pull (docs/architecture.md §1: the worker is the only writer of synced rows). Guards, the
// sidebar and the breadcrumb need a company's name and flags at once, but its feed may be minutes of pages long and
// the record comes wherever its version falls; so a company the device has no record of gets it first, alone.
import { newerRow } from '../../src/domain/sync';
import { asRow } from '../../src/db/outboxReplay';
import type { CompanyRow } from '../../src/db/rows';
import type { AppDb } from '../../src/db/schema';
import { NetworkError } from './http';
import type { HttpClient } from './http';
import { updateSyncState } from './job';

/** What fetching a record did. */
export type RecordOutcome = 'present' | 'stored' | 'unreachable' | 'failed';

/**
 * Stores a company's record unless the device has it already. A company the server does not show this user (404)
 * is marked `unreachable` in its bookkeeping, which the page shows as not found; a failure to ask is marked too, so
 * the page can say the company is not available offline yet. Never throws: the company's sync reports the rest.
 */
export async function fetchCompanyRecord(
  db: AppDb,
  http: HttpClient,
  companyId: number,
): Promise<RecordOutcome> {
  if (await db.companies.get(companyId)) return 'present';
  let status: number;
  let body: unknown;
  try {
    ({ status, body } = await http.send({ method: 'GET', path: `/api/companies/${companyId}` }));
  } catch (error) {
    if (error instanceof NetworkError)
      await updateSyncState(db, companyId, { error: error.message, errorCode: 'network' });
    return 'failed';
  }
  const row = status === 200 ? asRow(body) : null;
  if (row && row.id === companyId) {
    await db.transaction('rw', db.companies, async () => {
      const local = (await db.companies.get(companyId)) ?? null;
      const newer = newerRow(local, row as unknown as CompanyRow);
      if (newer && newer !== local) await db.companies.put(newer);
    });
    return 'stored';
  }
  if (status === 403 || status === 404) {
    await updateSyncState(db, companyId, {
      status: 'error',
      error: `Company ${companyId} is not available to this user`,
      errorCode: 'unreachable',
    });
    return 'unreachable';
  }
  await updateSyncState(db, companyId, { error: `The server answered ${status}`, errorCode: 'server' });
  return 'failed';
}

/** Fetches records beside the engine's job queue, one request per company at a time. */
export interface RecordFetcher {
  /** Starts fetching the records of these companies the device lacks. */
  ensure(companyIds: Iterable<number>): void;
  /** What the latest fetch of a company's record found, once it has finished; undefined when none ran. */
  outcomeOf(companyId: number): Promise<RecordOutcome | undefined>;
  /** Resolves when no fetch is under way (the engine stops). */
  settled(): Promise<void>;
}

/** A record fetcher over the engine's database and HTTP client. */
export function createRecordFetcher(db: AppDb, http: HttpClient): RecordFetcher {
  const fetching = new Map<number, Promise<RecordOutcome | undefined>>();
  const outcomes = new Map<number, RecordOutcome>();
  return {
    ensure(companyIds) {
      for (const id of companyIds) {
        if (fetching.has(id)) continue;
        const done = fetchCompanyRecord(db, http, id)
          .then((outcome) => {
            outcomes.set(id, outcome);
            return outcome;
          })
          // The database closed under it (logout): nothing to store any more.
          .catch(() => undefined)
          .finally(() => fetching.delete(id));
        fetching.set(id, done);
      }
    },
    async outcomeOf(companyId) {
      await fetching.get(companyId);
      return outcomes.get(companyId);
    },
    async settled() {
      await Promise.all(fetching.values());
    },
  };
}
