// Push (docs/architecture.md §4): replay a company's outbox in order, each entry with its Idempotency-Key and
// If-Match, and act on the outcome table. A transient failure stops the company's queue (order matters);
// a conflict, a rejection, or a write the server keeps failing on (5xx, SERVER_FAILURES_BEFORE_SET_ASIDE times) waits
// in the Sync panel and the next entry goes. An entry with files sends them in its body, read from the device when it
// goes (docs/architecture.md §15).
import { classifyWrite, errorReason, idempotencyKey, isRecord, isServerFailure } from '../../src/domain/sync';
import {
  acknowledge,
  ifMatchHeader,
  markConflict,
  markRetry,
  markSending,
  markServerFailure,
  nextToSend,
  reject,
} from '../../src/db/outboxReplay';
import { filesOfEntry } from '../../src/db/outboxFiles';
import { primaryEffect } from '../../src/db/rowState';
import type { AppDb } from '../../src/db/schema';
import type { OutboxEntry, OutboxFileRow } from '../../src/db/syncRows';
import { SyncFailure } from './errors';
import { AuthRequiredError, NetworkError } from './http';
import type { HttpAnswer, HttpClient, HttpRequest } from './http';
import { uploadBody } from './uploadBody';
import type { SyncEvent } from './types';

/** What a push needs. */
export interface PushContext {
  db: AppDb;
  http: HttpClient;
  emit: (event: SyncEvent) => void;
}

/** What a push did. */
export interface PushResult {
  sent: number;
  conflicts: number;
  rejected: number;
  setAside: number;
}

function headersOf(clientId: string, entry: OutboxEntry): Record<string, string> {
  const headers: Record<string, string> = { 'idempotency-key': idempotencyKey(clientId, entry.mutationId) };
  const ifMatch = ifMatchHeader(entry);
  if (ifMatch !== null) headers['if-match'] = ifMatch;
  return headers;
}

/** An upload may take a while on a slow network: a minute, plus a second per 50 KB of body. */
export function uploadTimeoutMs(bytes: number): number {
  return 60_000 + Math.ceil(bytes / 50_000) * 1000;
}

async function requestOf(
  clientId: string,
  entry: OutboxEntry,
  files: readonly OutboxFileRow[],
): Promise<HttpRequest> {
  const base = { method: entry.method, path: entry.path, headers: headersOf(clientId, entry) };
  if (files.length === 0) return { ...base, body: entry.body === null ? undefined : entry.body };
  const encodedBody = await uploadBody(entry, files);
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  // Base64 makes a JSON upload a third larger than its files.
  return {
    ...base,
    encodedBody,
    timeoutMs: uploadTimeoutMs(entry.encoding === 'multipart' ? bytes : (bytes * 4) / 3),
  };
}

async function sendEntry(
  context: PushContext,
  clientId: string,
  entry: OutboxEntry,
  files: readonly OutboxFileRow[],
): Promise<HttpAnswer> {
  try {
    return await context.http.send(await requestOf(clientId, entry, files));
  } catch (error) {
    // Whether the server applied it is unknown: the entry stays and goes again with the same key.
    const message = error instanceof Error ? error.message : String(error);
    await markRetry(context.db, entry.seq, message);
    if (error instanceof NetworkError || error instanceof AuthRequiredError) throw error;
    throw new SyncFailure('network', message, true);
  }
}

/** Sends a company's queued writes until none can go; throws on a failure that stops the queue. */
export async function pushCompany(context: PushContext, companyId: number): Promise<PushResult> {
  const { db, emit } = context;
  const result: PushResult = { sent: 0, conflicts: 0, rejected: 0, setAside: 0 };
  for (;;) {
    const next = await nextToSend(db, companyId);
    if (!next) return result;
    const files = next.files?.length ? await filesOfEntry(db, next) : [];
    if (files.length !== (next.files?.length ?? 0)) {
      // Cannot happen through the outbox's own functions (files leave with their entry); never send half an upload.
      const reason = 'The file of this upload is no longer on this device';
      await reject(db, next.seq, 0, reason);
      result.rejected += 1;
      const { entity, entityId } = primaryEffect(next);
      emit({ type: 'rejected', companyId, seq: next.seq, entity, entityId, reason });
      continue;
    }
    const entry = await markSending(db, next.seq);
    if (!entry) continue;
    const meta = await db.meta.get('client');
    if (!meta) throw new SyncFailure('protocol', 'The outbox has entries but no client id', false);
    const answer = await sendEntry(context, meta.clientId, entry, files);
    switch (classifyWrite(answer.status)) {
      case 'ack':
        await acknowledge(db, entry.seq, answer.body);
        result.sent += 1;
        break;
      case 'retry': {
        if (!isServerFailure(answer.status)) {
          await markRetry(db, entry.seq, `The server answered ${answer.status}`);
          throw new SyncFailure('server', `The server answered ${answer.status}; retrying later`, true);
        }
        const reason = errorReason(answer.status, answer.body);
        if ((await markServerFailure(db, entry.seq, answer.status, reason)) !== 'setAside')
          throw new SyncFailure('server', `The server answered ${answer.status}; retrying later`, true);
        result.setAside += 1;
        const { entity, entityId } = primaryEffect(entry);
        emit({ type: 'setAside', companyId, seq: entry.seq, entity, entityId, reason });
        break;
      }
      case 'auth':
        await markRetry(db, entry.seq, 'Not signed in');
        throw new AuthRequiredError('The session has expired; log in again to sync');
      case 'conflict': {
        const current = isRecord(answer.body) ? answer.body.current : null;
        await markConflict(db, entry.seq, current, errorReason(answer.status, answer.body));
        result.conflicts += 1;
        const { entity, entityId } = primaryEffect(entry);
        emit({ type: 'conflict', companyId, seq: entry.seq, entity, entityId });
        break;
      }
      case 'rejected': {
        const reason = errorReason(answer.status, answer.body);
        await reject(db, entry.seq, answer.status, reason);
        result.rejected += 1;
        const { entity, entityId } = primaryEffect(entry);
        emit({ type: 'rejected', companyId, seq: entry.seq, entity, entityId, reason });
        break;
      }
    }
  }
}
