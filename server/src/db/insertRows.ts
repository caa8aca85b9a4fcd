// Many rows into one table in few statements: each chunk travels as one JSON text parameter unpacked by
// json_to_recordset (https://www.postgresql.org/docs/current/functions-json.html). A drizzle multi-row insert binds
// every cell as its own parameter (at most 65,535 a statement, PostgreSQL's protocol), which PGlite — single-threaded
// WASM — parses slowly: this is about twice as fast for the seed and the imports alike. The same SQL runs on
// PostgreSQL, and Citus routes it by company_id like any insert.
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './tx';

/** Rows per statement: large enough to amortise the round trip, small enough to keep the JSON text modest. */
export const CHUNK_ROWS = 5000;

// bytea travels as Postgres' hex text form inside the JSON. The holder's own value is read, because a Buffer's toJSON
// has already turned `value` into `{ type: 'Buffer', data }` by the time a replacer sees it.
function bytesToHexText(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  return raw instanceof Uint8Array ? `\\x${Buffer.from(raw).toString('hex')}` : value;
}

/**
 * Inserts `rows` into `table`, `chunkRows` a statement. A key absent from a row inserts NULL (not the column
 * default), so callers give every row every key they use. `onConflictDoNothing` names the unique key whose
 * conflicts are skipped; `returningIds` answers the `id` of each row inserted.
 */
export async function insertRows<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: readonly T['$inferInsert'][],
  options: { onConflictDoNothing?: readonly PgColumn[]; returningIds?: boolean; chunkRows?: number } = {},
): Promise<string[]> {
  if (rows.length === 0) return [];
  const columns: Record<string, PgColumn> = getTableColumns(table);
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
  const conflict: SQL = options.onConflictDoNothing
    ? sql` on conflict (${sql.join(
        options.onConflictDoNothing.map((column) => sql.identifier(column.name)),
        sql`, `,
      )}) do nothing`
    : sql``;
  const returning: SQL = options.returningIds ? sql` returning "id"` : sql``;
  const chunkRows = options.chunkRows ?? CHUNK_ROWS;
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += chunkRows) {
    const chunk = rows.slice(start, start + chunkRows);
    const json = hasBytes ? JSON.stringify(chunk, bytesToHexText) : JSON.stringify(chunk);
    const result = await tx.execute(
      sql`insert into ${sql.identifier(getTableName(table))} (${target}) select ${source} from json_to_recordset(${json}::json) as r(${shape})${conflict}${returning}`,
    );
    if (options.returningIds) for (const row of result.rows as { id: string }[]) ids.push(row.id);
  }
  return ids;
}
