// Opens the server database: embedded PGlite by default, PostgreSQL through `pg` when DATABASE_URL is set.
// Both drivers are handed to the rest of the server as one `Db` type, so routes never care which one runs.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

/** The schema module as drizzle sees it (tables by their TS names). */
export type Schema = typeof schema;

/**
 * Result of `db.execute()` common to both drivers: PGlite's `Results` and pg's `QueryResult` both carry `rows`,
 * and nothing else they share is reliable (use `.returning()` rather than row counts).
 */
export interface DbQueryResult<TRow> {
  rows: TRow[];
}

/** Drizzle's result-kind of `Db`, so `db.execute<Row>(sql)` is typed `DbQueryResult<Row>` for both drivers. */
export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: DbQueryResult<this['row'] extends Record<string, unknown> ? this['row'] : Record<string, unknown>>;
}

/** The database as the server uses it, whichever driver is underneath. */
export type Db = PgDatabase<DbQueryResultHKT, Schema>;

/** Where a database handle comes from; `raw` is the driver-typed database the migrator needs. */
export type DatabaseHandle =
  | { kind: 'pglite'; db: Db; raw: PgliteDatabase<Schema>; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; raw: NodePgDatabase<Schema>; close(): Promise<void> };

/** How to open the database. */
export interface OpenDatabaseOptions {
  /** postgres://... — when set, PostgreSQL through a `pg` pool; otherwise embedded PGlite. */
  databaseUrl?: string;
  /** Data folder; PGlite keeps its files in `${dataDir}/pglite`. `memory://` means in memory. */
  dataDir: string;
  /** Embedded PGlite in memory, nothing on disk (tests). */
  inMemory?: boolean;
  /**
   * In-memory PGlite only: starts from this data-folder dump (PGlite's `dumpDataDir`) instead of an empty database.
   * The tests' prepared databases (migrated, seeded) open this way in half a second, against a second or two for an
   * empty one (PGlite runs initdb) and more to migrate and seed it.
   */
  loadDataDir?: Blob;
}

/** Opens PGlite (in memory or under `${dataDir}/pglite`) or, with `databaseUrl`, a PostgreSQL pool. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl });
    // An idle connection the server ends (a restart, an administrator, a dropped test database) is an 'error' event of
    // the pool; unheard, it would crash the process. The pool has already discarded that connection and opens a new
    // one for the next query, so saying so is all there is to do.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    const raw = drizzleNodePg({ client: pool, schema });
    // Fail at start, not on the first request, when the server is unreachable or the URL is wrong.
    const probe = await pool.connect();
    probe.release();
    return { kind: 'postgres', db: raw, raw, close: () => pool.end() };
  }

  const inMemory = opts.inMemory === true || opts.dataDir.startsWith('memory://');
  let client: PGlite;
  if (inMemory) {
    client = new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  } else {
    const dir = join(opts.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const raw = drizzlePglite({ client, schema });
  return { kind: 'pglite', db: raw, raw, client, close: () => client.close() };
}
