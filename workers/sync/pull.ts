// Pull (docs/architecture.md §4): page through a company's change feed from its stored cursor, each page applied with
// its cursor in one transaction, so an interrupted pull resumes where it stopped and never skips data.
import { classifyPull, estimateRemainingMs, totalRows } from '../../src/domain/sync';
import type { AppDb } from '../../src/db/schema';
import type { SyncStateRow } from '../../src/db/syncRows';
import { COLUMN_FORM, unpackPage } from '../../src/domain/feedColumns';
import {
  FEED_CURSOR_HEADER,
  FEED_HAS_MORE_HEADER,
  FEED_PENDING_BILLS_HEADER,
} from '../../src/domain/syncProtocol';
import { evictKeptFilesOf } from '../../src/db/keptFiles';
import { applyPage, clearCompany } from './apply';
import { createLinkPace } from './linkPace';
import { SyncFailure } from './errors';
import { AuthRequiredError } from './http';
import type { HttpAnswer, HttpClient } from './http';
import type { SyncEvent } from './types';

/** What a pull needs. */
export interface PullContext {
  db: AppDb;
  http: HttpClient;
  pageSize: number;
  now: () => number;
  emit: (event: SyncEvent) => void;
}

/** What a pull did. */
export interface PullResult {
  rows: number;
  bytes: number;
  pages: number;
  wasReset: boolean;
}

/**
 * Pages asked and not yet written, at most: the next page is asked from this one's headers, which name its cursor
 * (`FEED_CURSOR_HEADER`), at the time `linkPace.ts` picks, so its round trip and the server's time to build it are
 * hidden behind this one's body. Three let one page wait for its write and one for its ask while one downloads — with
 * two, the link was left unused (bench:field, scale L on slow 4G: 106.7 → 96.1 s) — and bound the memory a pull holds
 * to three pages.
 */
const PAGES_AHEAD = 3;

/** A fresh bookkeeping row for a company the engine has not synced yet. */
export function newSyncState(companyId: number, isOffline = false): SyncStateRow {
  return {
    companyId,
    cursor: null,
    lastSyncAt: null,
    rowCounts: {},
    bytes: 0,
    status: 'idle',
    error: null,
    isOffline,
  };
}

/** Pulls one company until the feed has no more pages. */
export async function pullCompany(context: PullContext, companyId: number): Promise<PullResult> {
  const { db, http, emit } = context;
  const existing = await db.syncState.get(companyId);
  const state = existing ?? newSyncState(companyId);
  if (!existing) await db.syncState.put(state);
  let cursor = state.cursor;
  let isFullPull = cursor === null;
  // A re-pull is about as big as the copy it replaces; a first pull has nothing to estimate from.
  let expectedTotal = isFullPull ? totalRows(state.rowCounts) || null : null;
  const started = context.now();
  const result: PullResult = { rows: 0, bytes: 0, pages: 0, wasReset: false };

  // Pages asked ahead (by the cursor a page's headers named), how many are asked and not yet written, and a cursor
  // named while it could not be asked (PAGES_AHEAD out, or a first figures' page still being written), with the
  // pendingBills of the answer that named it, asked once a page is written and it may be. A reset starts a new
  // generation: answers to the abandoned asks start nothing.
  const ahead = new Map<string, Promise<HttpAnswer>>();
  let asked = 0;
  // Asserted, not annotated: set in the answers' callbacks, which the compiler's narrowing of the loop does not see.
  let held = null as { cursor: string; pending: string | null } | null;
  let generation = 0;
  // Nothing asked ahead shares the link with the pages a full pull's first figures come from: its first page (the
  // sites) and its first bills page (the latest month's spend) download alone (bench:field: the first spend figure
  // came 1.8 s later when every page was asked ahead). The pages between them are asked ahead: the first bills page
  // needs every one of them anyway.
  let isFirstWritten = !isFullPull;
  let areBillsWritten = !isFullPull;
  /** Whether the page after an answer whose pendingBills header says `pending` may be asked before it is written. */
  const mayAskAfter = (pending: string | null) =>
    isFirstWritten && (areBillsWritten || pending === null || pending === 'all');
  // Pages asked ahead go out as the link frees (linkPace.ts); one the pull needs now goes at once. Until the first
  // figures are written they go at once too: those need every page of the sites stage and the first bills page, so
  // only the link's use counts, not the order the pages come in, and a late ask would leave the link idle.
  const pace = createLinkPace(context.now);
  const waiting = new Map<string, () => void>();
  const paced = (since: string): Promise<void> => {
    const delayMs = pace.delayMs();
    if (delayMs <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(go, delayMs);
      function go() {
        clearTimeout(timer);
        waiting.delete(since);
        resolve();
      }
      waiting.set(since, go);
    });
  };
  const fetchPage = (since: string | null, isAhead = false): Promise<HttpAnswer> => {
    asked += 1;
    const askedIn = generation;
    // The column form: a quarter fewer bytes on the wire than rows (src/domain/feedColumns.ts).
    const query = `limit=${context.pageSize}${since === null ? '' : `&since=${encodeURIComponent(since)}`}&form=${COLUMN_FORM}`;
    const send = () => {
      // A reset while it waited: the pull asks from the start again.
      if (askedIn !== generation) throw new SyncFailure('protocol', 'Page abandoned by a reset', true);
      const link = pace.ask();
      const request = http.send({
        method: 'GET',
        path: `/api/sync/${companyId}/changes?${query}`,
        onHeaders: (status, headers) => {
          const length = Number(headers.get('content-length') ?? Number.NaN);
          link.headers(Number.isFinite(length) ? length : null);
          const following = headers.get(FEED_CURSOR_HEADER);
          const more = headers.get(FEED_HAS_MORE_HEADER) === '1';
          if (askedIn !== generation || status !== 200 || !more || !following || following === since) return;
          if (ahead.has(following)) return;
          const pending = headers.get(FEED_PENDING_BILLS_HEADER);
          if (asked < PAGES_AHEAD && mayAskAfter(pending)) ahead.set(following, fetchPage(following, true));
          else held = { cursor: following, pending };
        },
      });
      const ended = () => link.done();
      void request.then(ended, ended);
      return request;
    };
    const request = isAhead && areBillsWritten && since !== null ? paced(since).then(send) : send();
    // Marked handled: a prefetch abandoned because the page before it failed must not warn; awaiting
    // it still throws.
    request.catch(() => undefined);
    return request;
  };
  /** Drops the pages asked ahead: answers to them start nothing, and those still waiting for the link are not sent. */
  const abandonAhead = () => {
    generation += 1;
    ahead.clear();
    for (const go of [...waiting.values()]) go();
  };
  /** The page after `since`: asked already (and sent now if it still waits for the link), or now. */
  const nextPage = (since: string): Promise<HttpAnswer> => {
    const started = ahead.get(since);
    ahead.delete(since);
    waiting.get(since)?.();
    if (held?.cursor === since) held = null;
    return started ?? fetchPage(since);
  };
  let pending = fetchPage(cursor);

  try {
    for (;;) {
      const answer = await pending;
      const outcome = classifyPull(answer.status);
      if (outcome === 'reset') {
        if (result.wasReset)
          throw new SyncFailure(
            'protocol',
            'The change feed refused a fresh pull (410 again after a reset)',
            false,
          );
        const before = await db.syncState.get(companyId);
        expectedTotal = totalRows(before?.rowCounts ?? {}) || null;
        await clearCompany(db, companyId);
        emit({ type: 'reset', companyId });
        result.wasReset = true;
        isFullPull = true;
        cursor = null;
        abandonAhead();
        held = null;
        asked = 0;
        isFirstWritten = false;
        areBillsWritten = false;
        pending = fetchPage(null);
        continue;
      }
      if (outcome === 'auth') throw new AuthRequiredError('The session has expired; log in again to sync');
      if (outcome === 'retry')
        throw new SyncFailure('server', `The server answered ${answer.status}; retrying later`, true);
      if (outcome === 'unreachable') {
        // The company is no longer this user's (a consultant's grant removed, a user moved): the device holds only what
        // its user may read (docs/architecture.md §4), so its copy and kept files go; queued writes stay to be answered.
        await clearCompany(db, companyId);
        await evictKeptFilesOf(db, companyId);
        throw new SyncFailure('unreachable', `Company ${companyId} is not available to this user`, false);
      }
      const page = outcome === 'ok' ? unpackPage(answer.body) : null;
      if (!page)
        throw new SyncFailure('protocol', `Unexpected change feed answer (HTTP ${answer.status})`, true);

      // The next page downloads while this one is written (the server's cursor is final once it answers);
      // pages still commit one by one with their cursors, so an interruption resumes after the last one.
      const next = page.hasMore && page.cursor !== cursor ? nextPage(page.cursor) : null;
      result.rows += await applyPage(db, companyId, page, answer.bytes);
      asked -= 1;
      isFirstWritten = true;
      if (page.pendingBills !== 'all') areBillsWritten = true;
      if (held !== null && asked < PAGES_AHEAD && mayAskAfter(held.pending)) {
        const following = held.cursor;
        held = null;
        ahead.set(following, fetchPage(following, true));
      }
      result.bytes += answer.bytes;
      result.pages += 1;
      const elapsedMs = context.now() - started;
      emit({
        type: 'progress',
        companyId,
        rows: result.rows,
        bytes: result.bytes,
        pages: result.pages,
        elapsedMs,
        etaMs: page.hasMore ? estimateRemainingMs(result.rows, expectedTotal, elapsedMs) : 0,
        isFullPull,
        pendingBills: page.pendingBills ?? null,
      });
      if (!page.hasMore) return result;
      if (!next) throw new SyncFailure('protocol', 'The change feed did not advance', true);
      cursor = page.cursor;
      pending = next;
    }
  } finally {
    abandonAhead();
  }
}
