// Bulk inserts for the seed. PGlite is single-threaded WASM, so few large statements win: each chunk travels as
// one JSON text parameter unpacked by json_to_recordset, about twice as fast as drizzle's multi-row VALUES (one bind
// parameter per cell) and far below PostgreSQL's 65,535-parameter limit. The same SQL runs on PostgreSQL.
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/tx';
import { reserveCompanyVersions } from '../sync/versioning';

/** Rows per statement: large enough to amortise the round trip, small enough to keep the JSON text modest. */
export const CHUNK_ROWS = 5000;

// T['$inferInsert'] rather than InferInsertModel<T>: the latter loses the optional keys when T is generic.
/** A row of a synced table before the writer gives it its version. */
export type SyncedInsert<T extends PgTable> = Omit<T['$inferInsert'], 'version'>;

// bytea travels as Postgres' hex text form inside the JSON. The holder's own value is read, because a Buffer's toJSON
// has already turned `value` into `{ type: 'Buffer', data }` by the time a replacer sees it.
function bytesToHexText(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  return raw instanceof Uint8Array ? `\\x${Buffer.from(raw).toString('hex')}` : value;
}

async function insertRecords(
  tx: Tx,
  table: PgTable,
  rows: readonly object[],
  chunkRows: number,
): Promise<void> {
  if (rows.length === 0) return;
  const columns: Record<string, PgColumn> = getTableColumns(table);
  // A key absent from a row inserts NULL (not the column default), so generators always give every key they use.
  const keySet = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) keySet.add(key);
  const keys = [...keySet].filter((key) => columns[key] !== undefined);
  const cols = keys.map((key) => columns[key] as PgColumn);
  const hasBytes = cols.some((col) => col.getSQLType() === 'bytea');
  const target = sql.join(
    cols.map((col) => sql.identifier(col.name)),
    sql`, `,
  );
  const source = sql.join(
    keys.map((key) => sql.identifier(key)),
    sql`, `,
  );
  const shape = sql.join(
    keys.map((key, i) => sql`${sql.identifier(key)} ${sql.raw(cols[i]?.getSQLType() ?? 'text')}`),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += chunkRows) {
    const chunk = rows.slice(start, start + chunkRows);
    const json = hasBytes ? JSON.stringify(chunk, bytesToHexText) : JSON.stringify(chunk);
    await tx.execute(
      sql`insert into ${table} (${target}) select ${source} from json_to_recordset(${json}::json) as r(${shape})`,
    );
  }
}

/** Inserts rows in chunks and counts them per table for the seed summary. */
export class SeedWriter {
  /** Rows inserted so far, by table name. */
  readonly counts: Record<string, number> = {};
  /** Milliseconds spent inserting, by table name (the seed CLI reports where the time goes). */
  readonly timings: Record<string, number> = {};

  constructor(readonly tx: Tx) {}

  private count(table: PgTable, n: number, started: number): void {
    const name = getTableName(table);
    this.counts[name] = (this.counts[name] ?? 0) + n;
    this.timings[name] = (this.timings[name] ?? 0) + Math.round(performance.now() - started);
  }

  /** Inserts rows of an unsynced table. */
  async insert<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
    const started = performance.now();
    await insertRecords(this.tx, table, rows, CHUNK_ROWS);
    this.count(table, rows.length, started);
  }

  /**
   * Inserts rows of a synced table of one company: one version reservation per chunk, consecutive versions
   * per row, so the change feed can page through the seed in small steps.
   */
  async insertSynced<T extends PgTable>(
    table: T,
    companyId: number,
    rows: readonly SyncedInsert<T>[],
  ): Promise<void> {
    const started = performance.now();
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      const chunk = rows.slice(start, start + CHUNK_ROWS);
      const first = await reserveCompanyVersions(this.tx, companyId, chunk.length);
      const versioned = chunk.map((row, i) => ({ ...row, version: first + i }));
      await insertRecords(this.tx, table, versioned, CHUNK_ROWS);
    }
    this.count(table, rows.length, started);
  }
}
