// The number columns the synced writes' bodies are bounded by (WRITE_NUMBER_COLUMNS, src/domain/writeBodies.ts: the
// domain names precision and scale, as it may not import Drizzle) are the Drizzle columns' own, so a body never
// accepts a number its column would refuse, nor refuses one it stores.
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { WRITE_NUMBER_COLUMNS } from '../../src/domain/writeBodies';
import * as schema from '../../server/src/db/schema';
import { numberColumnOf } from '../../server/src/http/commonSchemas';

/** The columns of a table of the schema, by property name. */
function columnsOf(table: string): Record<string, PgColumn> {
  const found: unknown = (schema as Record<string, unknown>)[table];
  if (!found) throw new Error(`server/src/db/schema has no table ${table}`);
  return getTableColumns(found as PgTable);
}

describe('the number columns of the write bodies', () => {
  const cases = Object.entries(WRITE_NUMBER_COLUMNS).flatMap(([table, columns]) =>
    Object.entries(columns).map(([column, type]) => [`${table}.${column}`, table, column, type] as const),
  );

  it.each(cases)('%s has the type the domain gives it', (_name, table, column, type) => {
    const found = columnsOf(table)[column];
    expect(found).toBeDefined();
    if (found) expect(numberColumnOf(found)).toEqual(type);
  });
});
