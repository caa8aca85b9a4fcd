// The server's side of a write that sets fields of one row (src/domain/syncedWrites.ts ROW_PATCHES,
// docs/architecture.md §4 "Push"): the fields come from the write's one definition, which the device applies to its
// copy as it queues the write, so both sides change the row alike.
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifySchema } from 'fastify';
import { ROW_PATCHES, patchFields } from '../../../src/domain/syncedWrites';
import type { PatchInput, PatchWriteName } from '../../../src/domain/syncedWrites';
import { notFound } from '../errors';
import { SYNCED_TABLES } from './entities';
import type { SyncedTable, SyncedTableName } from './entities';
import { assertVersion } from './syncedWrite';
import type { WriteResult } from './syncedWrite';
import { applyWrite, syncedWriteRoute } from './writeRoute';
import type { DefinedSchema, WriteAccess, WriteEffect, WriteHandler } from './writeRoute';
import type { Db } from '../db/client';
import type { App } from '../http/types';

/** What a patch write sent: its checked body and its query, as its schemas type them. */
export type PatchSent<Name extends PatchWriteName> = Omit<PatchInput<Name>, 'now'>;

/**
 * Sets a patch write's fields on its row of the write's company, with the write's version: 404 when the company has
 * no such row, 409 when the client edited another version (If-Match). Answers 200 with the row.
 */
export async function patchRow<Name extends PatchWriteName>(
  { tx, version, expected, companyId }: WriteEffect,
  name: Name,
  rowId: string,
  sent: PatchSent<Name>,
): Promise<WriteResult> {
  // Every patch names a table-backed entity; the company record is no patch's row.
  const entity = ROW_PATCHES[name].entity as SyncedTableName;
  const synced: SyncedTable = SYNCED_TABLES[entity];
  const where = and(eq(synced.id, rowId), eq(synced.companyId, companyId));
  const [current] = (await tx.select().from(synced.table).where(where)) as { version: number }[];
  // The access hook checked the company already; repeated under the company lock in case the row went since.
  if (!current) throw notFound();
  assertVersion(current, expected);
  const fields = patchFields(name, { ...sent, now: new Date().toISOString() });
  const set = { ...fields, version, updatedAt: sql`now()` } as PgUpdateSetSource<PgTable>;
  const [row] = await tx.update(synced.table).set(set).where(where).returning();
  return { statusCode: 200, body: row };
}

/** What a patch write's route reads of its request: the row it names, and the checks before its transaction. */
export interface PatchRouteOptions<S extends FastifySchema> {
  /** The id of the row it changes (from its path or body). */
  rowId: (request: WriteRequest<S>) => string;
  /** Refuses bad input with a 400 naming the field, before any transaction (the device checks the same rule). */
  check?: (request: WriteRequest<S>) => void;
}

/** The request a write's handler receives, typed by its route's schema. */
type WriteRequest<S extends FastifySchema> = Parameters<WriteHandler<S>>[0];

/**
 * Registers a write that sets fields of one row and nothing else: its route from its definition (`syncedWriteRoute`),
 * its checks, then `patchRow` in `applyWrite`. A write with more to do writes its handler with `patchRow` inside.
 */
export function patchWriteRoute<Name extends PatchWriteName, S extends FastifySchema>(
  app: App,
  db: Db,
  name: Name,
  access: WriteAccess,
  schema: S,
  { rowId, check }: PatchRouteOptions<S & DefinedSchema<Name>>,
): void {
  const handler = async (request: WriteRequest<S & DefinedSchema<Name>>, reply: FastifyReply) => {
    check?.(request);
    // The route's schemas are the definition's, so what it parsed is what the patch reads.
    const sent = { body: request.body, query: request.query } as PatchSent<Name>;
    return applyWrite(db, request, reply, (write) =>
      patchRow(write, name, rowId(request).toLowerCase(), sent),
    );
  };
  // Fastify cannot resolve a reply type over a schema still generic here; the handler answers through the reply, as
  // every write's does (applyWrite sends it).
  syncedWriteRoute(app, name, access, schema, handler as unknown as WriteHandler<S & DefinedSchema<Name>>);
}
