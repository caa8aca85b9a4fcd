// Bulk inserts for the seed, through the one JSON-chunked insert (server/src/db/insertRows.ts), counted and timed
// per table.
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { CHUNK_ROWS, insertRows } from '../db/insertRows';
import type { Tx } from '../db/tx';
import { reserveCompanyVersions } from '../sync/versioning';

// T['$inferInsert'] rather than InferInsertModel<T>: the latter loses the optional keys when T is generic.
/** A row of a synced table before the writer gives it its version. */
export type SyncedInsert<T extends PgTable> = Omit<T['$inferInsert'], 'version'>;

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
    await insertRows(this.tx, table, rows);
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
      await insertRows(this.tx, table, versioned as T['$inferInsert'][]);
    }
    this.count(table, rows.length, started);
  }
}
