// Pure rules of the sync protocol (docs/architecture.md §4): backoff, outcome tables, merge rules, estimates.
// The worker and src/db apply them; nothing here touches Dexie, the network or the clock.
import { monthLabel } from './dates';
import { PENDING_DETAILS } from './syncProtocol';

/** The least a synced row carries: its key, the version of its last write and (most tables) its company. */
export interface VersionedRow {
  id: string | number;
  version: number;
  companyId?: number;
  updatedAt?: string;
}

/** The optimistic local effect of a queued write on its row. */
export type LocalChange =
  | { kind: 'patch'; fields: Record<string, unknown> }
  | { kind: 'put'; row: Record<string, unknown> }
  | { kind: 'delete' };

/**
 * Where an outbox entry stands. 'setAside': the server kept failing on it (5xx), so it waits for the user in the Sync
 * panel with its local effect still applied (docs/architecture.md §4).
 */
export type OutboxStatus = 'pending' | 'sending' | 'conflict' | 'rejected' | 'setAside';

/** What the worker does with the answer to a replayed write. */
export type WriteOutcome = 'ack' | 'retry' | 'auth' | 'conflict' | 'rejected';

/** What the worker does with the answer to a change-feed request. */
export type PullOutcome = 'ok' | 'retry' | 'auth' | 'reset' | 'unreachable' | 'failed';

/** Exponential backoff bounds. */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/** The backoff the engine uses unless told otherwise: 2 s doubling to 5 min. */
export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 2_000, maxMs: 5 * 60_000 };

/** Statuses that still hold their row (pull must not overwrite it, push will send it or the user decides). */
export const ACTIVE_STATUSES: readonly OutboxStatus[] = ['pending', 'sending', 'conflict', 'setAside'];

/**
 * Consecutive 5xx answers after which a write is set aside, so the writes behind it go on (docs/architecture.md §4).
 * With the default backoff the tries span two to four minutes (more when the company was backing off already): longer
 * than a server restart, short enough that one write the server cannot take does not hold up the company's queue.
 */
export const SERVER_FAILURES_BEFORE_SET_ASIDE = 8;

/** Whether an entry still shapes its row locally (rejected entries were rolled back already). */
export function isActiveStatus(status: OutboxStatus): boolean {
  return status !== 'rejected';
}

/**
 * Delay before retry number `failures` (1 = first retry): base·2^(failures−1), capped, with "equal jitter"
 * (half fixed, half random) so many clients coming back together spread out but still wait a while.
 */
export function backoffDelay(
  failures: number,
  random: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
): number {
  const exponent = Math.max(0, Math.min(30, Math.floor(failures) - 1));
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** exponent);
  const unit = Math.min(1, Math.max(0, Number.isFinite(random) ? random : 0));
  return Math.round(ceiling / 2 + (ceiling / 2) * unit);
}

/** Transient answers worth retrying as they are: timeout, rate limit and server-side failures. */
function isTransient(status: number): boolean {
  return status === 0 || status === 408 || status === 425 || status === 429 || status >= 500;
}

/**
 * Whether a write's answer counts toward setting it aside: the server failed on it (5xx). A network error or timeout
 * (0) is the device being offline, and 408/425/429 ask to come back later: they are retried and not counted.
 */
export function isServerFailure(status: number): boolean {
  return status >= 500;
}

/** The outcome table of a replayed write (status 0 = network error or timeout). */
export function classifyWrite(status: number): WriteOutcome {
  if (status >= 200 && status < 300) return 'ack';
  if (isTransient(status)) return 'retry';
  if (status === 401) return 'auth';
  if (status === 409) return 'conflict';
  return 'rejected';
}

/** The outcome table of a change-feed request (status 0 = network error or timeout). */
export function classifyPull(status: number): PullOutcome {
  if (status === 200) return 'ok';
  if (isTransient(status)) return 'retry';
  if (status === 401) return 'auth';
  if (status === 410) return 'reset';
  // The company is gone or no longer granted: retrying would only repeat the same answer.
  if (status === 403 || status === 404) return 'unreachable';
  return 'failed';
}

/** The `Idempotency-Key` of an outbox entry. */
export function idempotencyKey(clientId: string, mutationId: number): string {
  return `${clientId}:${mutationId}`;
}

/** The company a synced row belongs to; the company record is its own company. */
export function rowCompanyId(entity: string, row: VersionedRow): number | undefined {
  if (entity === 'companies') return typeof row.id === 'number' ? row.id : Number(row.id);
  return row.companyId;
}

/**
 * The more recent of two server states of one row. Versions are per-company counters, so they compare
 * only within one company; across companies (a row that moved) the server's write time decides.
 */
export function newerRow<T extends VersionedRow>(a: T | null, b: T | null): T | null {
  if (!a) return b;
  if (!b) return a;
  if (a.companyId === b.companyId) return b.version >= a.version ? b : a;
  return (b.updatedAt ?? '') >= (a.updatedAt ?? '') ? b : a;
}

/**
 * Whether a delete from one company's feed applies to the local row: a row that moved to another
 * company was already re-put by that company's feed and must survive the old company's tombstone.
 */
export function deleteApplies(localCompanyId: number | undefined, feedCompanyId: number): boolean {
  return localCompanyId === undefined || localCompanyId === feedCompanyId;
}

/** A row after a local change: patches need an existing row (a patch of a deleted row stays deleted). */
export function applyLocalChange<T extends Record<string, unknown>>(
  row: T | null,
  change: LocalChange,
): T | null {
  switch (change.kind) {
    case 'patch':
      return row ? { ...row, ...change.fields } : null;
    case 'put':
      return { ...row, ...change.row } as T;
    case 'delete':
      return null;
  }
}

/** A readable reason from an error answer `{ error: { message, fields? } }`, for rejected and set-aside writes. */
export function errorReason(status: number, body: unknown): string {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const message =
    error && typeof error.message === 'string' && error.message
      ? error.message
      : status >= 500
        ? `The server could not process the change (HTTP ${status})`
        : `The server refused the change (HTTP ${status})`;
  const fields =
    error && isRecord(error.fields)
      ? Object.values(error.fields).filter((v): v is string => typeof v === 'string')
      : [];
  const details = fields.filter((field) => !message.includes(field));
  return details.length > 0 ? `${message}: ${details.join('; ')}` : message;
}

/** Whether a value is a plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Estimated time left of a pull from the rate so far. Without an expected total (first pull of a company)
 * there is no honest estimate, so it is null rather than a guess.
 */
export function estimateRemainingMs(
  done: number,
  expectedTotal: number | null,
  elapsedMs: number,
): number | null {
  if (expectedTotal === null || !(done > 0) || !(elapsedMs > 0)) return null;
  if (done >= expectedTotal) return 0;
  return Math.round(((expectedTotal - done) * elapsedMs) / done);
}

/** Whether an error (or what it wraps, as Dexie does) is the browser's storage quota error. */
export function isQuotaError(error: unknown, depth = 0): boolean {
  if (!isRecord(error) && !(error instanceof Error)) return false;
  const shaped = error as { name?: unknown; inner?: unknown; cause?: unknown };
  if (shaped.name === 'QuotaExceededError') return true;
  if (depth >= 5) return false;
  return isQuotaError(shaped.inner, depth + 1) || isQuotaError(shaped.cause, depth + 1);
}

/** Sum of per-entity row counts. */
export function totalRows(counts: Readonly<Record<string, number>>): number {
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

/**
 * What a first download still has to bring, for the page's notice: the feed sends sites and accounts first, then
 * bills newest month first, then the bills' lines and alerts (docs/architecture.md §4), so a page can say which
 * months its figures lack. Null: none.
 */
export function pendingBillsText(pendingBills: string | null | undefined): string | null {
  if (!pendingBills) return null;
  if (pendingBills === 'all')
    return 'Sites and accounts are here; bills are still coming, so spend figures are not complete yet.';
  if (pendingBills === PENDING_DETAILS)
    return 'Every bill is here, so spend figures are complete; alerts and each bill’s charge and usage lines are still coming.';
  return `Bills of ${monthLabel(pendingBills)} and earlier are still coming: figures that include those months are not complete yet.`;
}
