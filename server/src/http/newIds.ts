// Ids a client chooses for new rows (docs/architecture.md §6: rows made offline keep their id) are checked here, in one
// place, before anything is written: an id some row already has — in any company — or the same id twice in one request
// is a 400 naming the field, never a database error. 400, not 409: the sync worker reads 409 as a version conflict to
// resend (docs/architecture.md §4).
import { inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { Tx } from '../db/tx';
import { badRequest } from '../errors';
import type { FieldErrors } from '../errors';

/** A value of a request and the field that carries it (`body.budgetItems.1.id`, as validation names fields). */
export interface NamedValue {
  field: string;
  value: string;
}

/** A table whose rows have a client-choosable text or UUID id. */
export type TableWithId = PgTable & { id: AnyPgColumn };

/** The fields of a list whose value an earlier entry of the list already has (UUIDs compared case-insensitively). */
function repeatedFields(values: readonly NamedValue[], message: string): FieldErrors {
  const seen = new Set<string>();
  const fields: FieldErrors = {};
  for (const { field, value } of values) {
    const key = value.toLowerCase();
    if (seen.has(key)) fields[field] = message;
    seen.add(key);
  }
  return fields;
}

/** 400 when one request names the same thing twice (a location linked twice, one id in a list twice). */
export function assertDistinct(
  values: readonly NamedValue[],
  message = 'is named twice in this request',
): void {
  const fields = repeatedFields(values, message);
  if (Object.keys(fields).length > 0) throw badRequest('Some values are named twice', fields);
}

/** Names each entry of a list of values: `body.ids.0`, `body.ids.1`, … */
export function namedList(prefix: string, values: readonly string[]): NamedValue[] {
  return values.map((value, index) => ({ field: `${prefix}.${index}`, value }));
}

/**
 * 400 when a new row's id is given twice in the request or is already some row's id in `table` (whatever its company:
 * ids are global). Undefined ids (the server makes one) are skipped.
 */
export async function assertNewIds(
  db: Db | Tx,
  table: TableWithId,
  ids: readonly { field: string; value: string | undefined }[],
): Promise<void> {
  const given = ids.filter((entry): entry is NamedValue => entry.value !== undefined);
  if (given.length === 0) return;
  const fields = repeatedFields(given, 'is given to two new rows');
  const lowered = [...new Set(given.map((entry) => entry.value.toLowerCase()))];
  const taken = new Set(
    (
      await db.execute<{ id: string }>(
        sql`select ${table.id}::text as id from ${table} where ${inArray(table.id, lowered)}`,
      )
    ).rows.map((row) => row.id.toLowerCase()),
  );
  for (const { field, value } of given)
    if (taken.has(value.toLowerCase())) fields[field] ??= 'is already used';
  if (Object.keys(fields).length > 0) throw badRequest('Some ids are already used', fields);
}
