// Request schema pieces shared by route modules, so ids, dates and numbers are validated the same way everywhere: the
// pieces the synced writes' bodies use are defined with them, in src/domain/requestSchemas.ts; here they are bound to
// the Drizzle columns the server's own routes read.
import { Type } from 'typebox';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  CompanyId,
  ColumnNumber as DefinedColumnNumber,
  INTEGER_COLUMN,
  NullableColumnNumber as DefinedNullableColumnNumber,
  numberColumnBounds,
  numericColumn,
} from '../../../src/domain/requestSchemas';
import type { NumberColumn } from '../../../src/domain/requestSchemas';
import type { NumberBounds } from '../../../src/domain/validation';

export {
  CompanyId,
  IsoDate,
  IsoMonth,
  MonthOrDate,
  NullableNumber,
  SCHEMA_FORMATS,
  UuidString,
} from '../../../src/domain/requestSchemas';

/** Params of `/companies/:companyId/...` routes. */
export const CompanyIdParams = Type.Object({ companyId: CompanyId }, { additionalProperties: false });

const NUMERIC_TYPE = /^numeric\((\d+),\s*(\d+)\)$/;

/** The number type of a Drizzle column: `integer` or `numeric(p,s)`; other types are not numbers. */
export function numberColumnOf(column: PgColumn): NumberColumn {
  const sqlType = column.getSQLType();
  if (sqlType === 'integer') return INTEGER_COLUMN;
  const numeric = NUMERIC_TYPE.exec(sqlType);
  if (numeric) return numericColumn(Number(numeric[1]), Number(numeric[2]));
  throw new Error(`${column.name} (${sqlType}) has no number bounds`);
}

/** The values a column stores: numeric(p,s) from its precision, integer the 32-bit range. */
export function columnBounds(column: PgColumn): NumberBounds & { integer: boolean } {
  return numberColumnBounds(numberColumnOf(column));
}

/** ColumnNumber of src/domain/requestSchemas.ts for a Drizzle column. */
export function ColumnNumber(column: PgColumn, rule: Partial<NumberBounds> = {}) {
  return DefinedColumnNumber(numberColumnOf(column), rule);
}

/** NullableColumnNumber of src/domain/requestSchemas.ts for a Drizzle column. */
export function NullableColumnNumber(column: PgColumn, rule: Partial<NumberBounds> = {}) {
  return DefinedNullableColumnNumber(numberColumnOf(column), rule);
}
