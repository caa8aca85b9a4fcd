import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Tx } from '../db/tx';
import { idempotencyKeys } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { bumpCompanyVersion } from './versioning';

/** The answer of a write: status and JSON body, stored with its idempotency key. */
export interface WriteResult {
  statusCode: number;
  body: unknown;
}

/** What identifies one write of one user for idempotency. */
export interface WriteContext {
  companyId: number;
  userId: number;
  /** `Idempotency-Key` header (`{clientId}:{mutationId}`), absent for plain online writes. */
  idempotencyKey: string | undefined;
  method: string;
  path: string;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}:[0-9]{1,15}$/;

/** Thrown inside the transaction to roll back the version bump when the key was already used. */
class Replay extends Error {
  constructor(readonly result: WriteResult) {
    super('replay');
  }
}

/** The key as stored: scoped to the user, so one user can never replay another's answer. */
function storedKey(context: WriteContext): string {
  return `${context.userId}/${context.idempotencyKey}`;
}

async function storedResult(db: Db | Tx, context: WriteContext): Promise<WriteResult | null> {
  const [row] = await db
    .select({
      statusCode: idempotencyKeys.statusCode,
      response: idempotencyKeys.response,
      path: idempotencyKeys.path,
    })
    .from(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.key, storedKey(context)), eq(idempotencyKeys.companyId, context.companyId)),
    );
  if (!row) return null;
  if (row.path !== context.path) {
    throw badRequest('This Idempotency-Key was already used for another request');
  }
  return { statusCode: row.statusCode, body: row.response };
}

/** Reads the write context of a request: company, user and the optional Idempotency-Key. */
export function writeContextOf(request: FastifyRequest, companyId: number, userId: number): WriteContext {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key !== undefined && !KEY_PATTERN.test(key)) {
    throw badRequest('Idempotency-Key must look like {clientId}:{mutationId}', {
      'headers.idempotency-key': 'is invalid',
    });
  }
  return {
    companyId,
    userId,
    idempotencyKey: key,
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
  };
}

/** The `If-Match` version of a request, or undefined when the client sent none. */
export function ifMatchOf(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const version = Number(String(header).replace(/"/g, ''));
  if (!Number.isInteger(version) || version < 0) {
    throw badRequest('If-Match must be a row version', { 'headers.if-match': 'is invalid' });
  }
  return version;
}

/**
 * The `If-Match` list of a batch write (`"12", "15"`: one version per row, in the order the request names the rows),
 * or undefined when the client sent none. A batch checks each row on its own, since its rows share no owner.
 */
export function ifMatchListOf(request: FastifyRequest): number[] | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const versions = String(header)
    .split(',')
    .map((part) => Number(part.trim().replace(/^W\//, '').replace(/"/g, '')));
  if (versions.some((version) => !Number.isInteger(version) || version < 0)) {
    throw badRequest('If-Match must list row versions', { 'headers.if-match': 'is invalid' });
  }
  return versions;
}

/** 409 with the current row when the client edited an older version than the stored one. */
export function assertVersion(current: { version: number }, expected: number | undefined): void {
  if (expected !== undefined && current.version !== expected) throw conflict(current);
}

/**
 * Runs a write to synced data exactly once per Idempotency-Key: one transaction bumps the company's
 * version, applies the effect with that version and stores the key with the answer. A repeated key
 * returns the stored answer and changes nothing, even when the first answer was lost in transit.
 */
export async function runSyncedWrite(
  db: Db,
  context: WriteContext,
  effect: (tx: Tx, version: number) => Promise<WriteResult>,
): Promise<WriteResult & { replayed: boolean }> {
  if (context.idempotencyKey) {
    const earlier = await storedResult(db, context);
    if (earlier) return { ...earlier, replayed: true };
  }
  try {
    const result = await db.transaction(async (tx) => {
      const version = await bumpCompanyVersion(tx, context.companyId);
      // Checked again under the company lock: a concurrent duplicate waited for the first to commit.
      if (context.idempotencyKey) {
        const earlier = await storedResult(tx, context);
        if (earlier) throw new Replay(earlier);
      }
      const outcome = await effect(tx, version);
      if (context.idempotencyKey) {
        await tx.insert(idempotencyKeys).values({
          key: storedKey(context),
          userId: context.userId,
          companyId: context.companyId,
          method: context.method,
          path: context.path,
          statusCode: outcome.statusCode,
          response: outcome.body,
        });
      }
      return outcome;
    });
    return { ...result, replayed: false };
  } catch (error) {
    if (error instanceof Replay) return { ...error.result, replayed: true };
    throw error;
  }
}
