// The number columns an imported bill is checked against (BILL_IMPORT_NUMBER_COLUMNS: the domain names precision and
// scale, as it may not import Drizzle) are the bill tables' own, so the import never passes a number the server's
// columns would refuse, nor refuses one they store.
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../../../server/src/db/schema';
import { numberColumnOf } from '../../../../server/src/http/commonSchemas';
import { BILL_IMPORT_NUMBER_COLUMNS } from '../../../../src/domain/imports/spreadsheet/fields';

function columnsOf(table: string): Record<string, PgColumn> {
  const found: unknown = (schema as Record<string, unknown>)[table];
  if (!found) throw new Error(`server/src/db/schema has no table ${table}`);
  return getTableColumns(found as PgTable);
}

describe('the number columns of an imported bill', () => {
  const cases = Object.entries(BILL_IMPORT_NUMBER_COLUMNS).flatMap(([table, columns]) =>
    Object.entries(columns).map(([column, type]) => [`${table}.${column}`, table, column, type] as const),
  );

  it.each(cases)('%s has the type the import gives it', (_name, table, column, type) => {
    const found = columnsOf(table)[column];
    expect(found).toBeDefined();
    if (found) expect(numberColumnOf(found)).toEqual(type);
  });
});
