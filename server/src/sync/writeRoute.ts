// The server's side of a synced write (docs/architecture.md §4 "Push", §11): the route comes from the write's one
// definition (src/domain/syncedWrites.ts), registered here by name with the method and path the device queues, and
// with the spec's client form where it has one; a handler applies its effect through `applyWrite`, which holds the
// skeleton every synced write shares (the request's Idempotency-Key and If-Match, one transaction that bumps the
// company's version, the stored answer sent back).
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { SYNCED_WRITES } from '../../../src/domain/syncedWrites';
import type { SyncedWriteName, WriteRoute } from '../../../src/domain/syncedWrites';
import type { AreaKey } from '../../../src/domain/nav';
import type { CompanySource, RouteAccess } from '../auth/access';
import { callerOf, companyOf } from '../auth/access';
import type { Db } from '../db/client';
import type { Tx } from '../db/tx';
import type { App } from '../http/types';
import { sendWriteResult } from '../http/writeReply';
import { ifMatchOf, runSyncedWrite, writeContextOf } from './syncedWrite';
import type { WriteResult } from './syncedWrite';

/** A handler of a route with schema S, its request typed by the schema. */
export type WriteHandler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  TypeBoxTypeProvider,
  FastifyBaseLogger
>;

/** How a synced write's routes find their company and guard their area. */
export interface WriteAccess {
  /** The area whose rule guards the write. */
  area?: AreaKey;
  /** The write needs full access to the area, not only its read-only page (`canWriteArea`, src/domain/nav.ts). */
  write?: boolean;
  /**
   * Where the definition's path finds its company when it names none (`/accounts/nickname/:id`: the account's); a
   * path under `/companies/:companyId` finds it there.
   */
  company?: CompanySource;
  /** The spec's client form of a company path (its path without `/companies/:companyId`) and where it finds its company. */
  clientForm?: CompanySource;
  /** Only consultants (or super consultants) may call it; others get 404 (server/src/auth/access.ts). */
  role?: 'consultant' | 'superConsultant';
  /** A path without a company also has its consultant twin under `/companies/:companyId` (first spec document §2). */
  twin?: boolean;
}

const COMPANY_PREFIX = '/companies/:companyId';

/** The routes of a synced write: its definition's path, and its client form or its twin when it has one. */
function routesOf(name: SyncedWriteName, access: WriteAccess): { url: string; access: RouteAccess }[] {
  const { path } = SYNCED_WRITES[name];
  const guard = {
    ...(access.area ? { area: access.area, ...(access.write ? { write: true } : {}) } : {}),
    ...(access.role ? { role: access.role } : {}),
  };
  const inPath = path.includes(':companyId');
  const own: CompanySource | undefined = inPath ? { from: 'param', name: 'companyId' } : access.company;
  if (!own) throw new Error(`Synced write ${name} does not say where it finds its company`);
  const routes = [{ url: `/api${path}`, access: { company: own, ...guard } }];
  if (access.twin) {
    if (inPath) throw new Error(`Synced write ${name} already names its company`);
    routes.push({
      url: `/api${COMPANY_PREFIX}${path}`,
      access: { company: { from: 'param', name: 'companyId' }, ...guard },
    });
  }
  if (access.clientForm) {
    if (!path.startsWith(COMPANY_PREFIX))
      throw new Error(`Synced write ${name} has no company prefix to drop`);
    routes.push({
      url: `/api${path.slice(COMPANY_PREFIX.length)}`,
      access: { company: access.clientForm, ...guard },
    });
  }
  return routes;
}

/** What a write's routes may set besides their schema. */
export interface WriteRouteOptions {
  /** The body limit of an upload (`UPLOAD_BODY_LIMIT`, docs/architecture.md §15), above the app's 1 MB. */
  bodyLimit?: number;
}

/** The schema a write's definition gives its routes: the body it carries and the query it sends, when it names them. */
export type DefinedSchema<Name extends SyncedWriteName> = ((typeof SYNCED_WRITES)[Name] extends {
  body: infer Body extends TSchema;
}
  ? { body: Body }
  : Record<never, never>) &
  ((typeof SYNCED_WRITES)[Name] extends { query: infer Query extends TSchema }
    ? { querystring: Query }
    : Record<never, never>);

/**
 * Registers a synced write of src/domain/syncedWrites.ts by name: its method, path, body schema and query schema come
 * from its definition; `schema` adds what the route alone knows (its params; the query of a client form).
 */
export function syncedWriteRoute<Name extends SyncedWriteName, S extends FastifySchema>(
  app: App,
  name: Name,
  access: WriteAccess,
  schema: S,
  handler: WriteHandler<S & DefinedSchema<Name>>,
  options: WriteRouteOptions = {},
): void {
  const definition: WriteRoute = SYNCED_WRITES[name];
  if ((definition.body && schema.body) || (definition.query && schema.querystring))
    throw new Error(`Synced write ${name} has its body and query in its definition`);
  // What DefinedSchema<Name> says, built at run time from the same definition.
  const routeSchema = {
    ...schema,
    ...(definition.body ? { body: definition.body } : {}),
    ...(definition.query ? { querystring: definition.query } : {}),
  } as S & DefinedSchema<Name>;
  for (const route of routesOf(name, access)) {
    app.route({
      method: definition.method,
      url: route.url,
      config: { access: route.access },
      ...options,
      schema: routeSchema,
      handler,
    });
  }
}

/** What a write's effect receives: its transaction, the version it stamps and the If-Match the client sent. */
export interface WriteEffect {
  tx: Tx;
  version: number;
  /** The version of its row the client edited (If-Match), or undefined when it sent none. */
  readonly expected: number | undefined;
  companyId: number;
  userId: number;
}

/**
 * Applies a write's effect exactly once per Idempotency-Key in one transaction of the request's company, and sends
 * its answer (a replay sends the stored one). `userId` is the caller unless said.
 */
export async function applyWrite(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  effect: (write: WriteEffect) => Promise<WriteResult>,
  userId: number = callerOf(request).userId,
): Promise<FastifyReply> {
  return sendWriteResult(reply, await runWrite(db, request, effect, userId));
}

/**
 * `applyWrite` without sending the answer, for a write that must act between its transaction and its answer: one
 * that stored a file before it or drops files after it (server/src/files/storedWrite.ts, docs/architecture.md §15).
 * Send its result with `sendWriteResult`.
 */
export async function runWrite(
  db: Db,
  request: FastifyRequest,
  effect: (write: WriteEffect) => Promise<WriteResult>,
  userId: number = callerOf(request).userId,
): Promise<WriteResult & { replayed: boolean }> {
  const companyId = companyOf(request).id;
  const context = writeContextOf(request, companyId, userId);
  return runSyncedWrite(db, context, (tx, version) =>
    effect({
      tx,
      version,
      companyId,
      userId,
      // Read when the effect asks: a batch reads its list of versions itself (ifMatchListOf).
      get expected() {
        return ifMatchOf(request);
      },
    }),
  );
}
