// The number columns the domain checks numbers against (the synced writes' bodies, WRITE_NUMBER_COLUMNS in
// src/domain/writeBodies.ts; an imported bill's figures, BILL_IMPORT_NUMBER_COLUMNS: the domain names precision and
// scale, as it may not import Drizzle) are the Drizzle columns' own, so the domain never accepts a number its column
// would refuse, nor refuses one it stores.
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { BILL_IMPORT_NUMBER_COLUMNS } from '../../src/domain/imports/spreadsheet/fields';
import type { NumberColumn } from '../../src/domain/requestSchemas';
import { WRITE_NUMBER_COLUMNS } from '../../src/domain/writeBodies';
import * as schema from '../../server/src/db/schema';
import { numberColumnOf } from '../../server/src/http/commonSchemas';

/** The columns of a table of the schema, by property name. */
function columnsOf(table: string): Record<string, PgColumn> {
  const found: unknown = (schema as Record<string, unknown>)[table];
  if (!found) throw new Error(`server/src/db/schema has no table ${table}`);
  return getTableColumns(found as PgTable);
}

/** Each list's number columns by table, then by column. */
const LISTS: [string, Readonly<Record<string, Readonly<Record<string, NumberColumn>>>>][] = [
  ['the write bodies', WRITE_NUMBER_COLUMNS],
  ['an imported bill', BILL_IMPORT_NUMBER_COLUMNS],
];

describe.each(LISTS)('the number columns of %s', (_what, columnsByTable) => {
  const cases = Object.entries(columnsByTable).flatMap(([table, columns]) =>
    Object.entries(columns).map(([column, type]) => [`${table}.${column}`, table, column, type] as const),
  );

  it.each(cases)('%s has the type the domain gives it', (_name, table, column, type) => {
    const found = columnsOf(table)[column];
    expect(found).toBeDefined();
    if (found) expect(numberColumnOf(found)).toEqual(type);
  });
});
