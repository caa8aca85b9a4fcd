// Request schema pieces shared by route modules, so ids, dates and numbers are validated the same way everywhere.
import { Type } from 'typebox';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { INTEGER_BOUNDS, narrowBounds, numericBounds } from '../../../src/domain/validation';
import type { NumberBounds } from '../../../src/domain/validation';

/** A UUID in canonical text form: every entity id except companies and users (docs/architecture.md §6). */
export const UuidString = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  maxLength: 36,
});

/** A company id: a positive PostgreSQL integer (larger numbers could never name a row). */
export const CompanyId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** Params of `/companies/:companyId/...` routes. */
export const CompanyIdParams = Type.Object({ companyId: CompanyId }, { additionalProperties: false });

/** The string formats the server's validator adds (http/validation.ts checks them with src/domain/validation.ts). */
export const SCHEMA_FORMATS = {
  date: 'calendar-date',
  month: 'calendar-month',
  monthOrDate: 'calendar-month-or-date',
} as const;

/** A day of the calendar, `YYYY-MM-DD` (docs/architecture.md §6): `2026-02-30` is refused, not read as March 2. */
export const IsoDate = Type.String({ format: SCHEMA_FORMATS.date, maxLength: 10 });

/** A month, `YYYY-MM`. */
export const IsoMonth = Type.String({ format: SCHEMA_FORMATS.month, maxLength: 7 });

/** A month filter, `YYYY-MM`; a calendar day is accepted and read as its month. */
export const MonthOrDate = Type.String({ format: SCHEMA_FORMATS.monthOrDate, maxLength: 10 });

const NUMERIC_TYPE = /^numeric\((\d+),\s*(\d+)\)$/;

/** The values a column stores: numeric(p,s) from its precision, integer the 32-bit range; other types are not numbers. */
export function columnBounds(column: PgColumn): NumberBounds & { integer: boolean } {
  const sqlType = column.getSQLType();
  if (sqlType === 'integer') return { ...INTEGER_BOUNDS, integer: true };
  const numeric = NUMERIC_TYPE.exec(sqlType);
  if (numeric) return { ...numericBounds(Number(numeric[1]), Number(numeric[2])), integer: false };
  throw new Error(`${column.name} (${sqlType}) has no number bounds`);
}

/**
 * A number a column stores, bounded by the column's own precision (`numeric(14,2)`: under 10^12; `integer`: 32 bits)
 * and, narrower, by the rule's range. A value past the column would fail in the database; here it is a 400 naming
 * the field.
 */
export function ColumnNumber(column: PgColumn, rule: Partial<NumberBounds> = {}) {
  const { integer, ...bounds } = columnBounds(column);
  const { minimum, maximum } = narrowBounds(bounds, rule);
  return integer ? Type.Integer({ minimum, maximum }) : Type.Number({ minimum, maximum });
}

/** ColumnNumber or null (one schema with a list of types: see NullableNumber). */
export function NullableColumnNumber(column: PgColumn, rule: Partial<NumberBounds> = {}) {
  const { integer, ...bounds } = columnBounds(column);
  return NullableNumber({ integer, ...narrowBounds(bounds, rule) });
}

/**
 * A number (or whole number) or null. One schema with a list of types, not a union: query strings are read as text
 * and coerced (http/validation.ts), and in a union of number and null the number branch turned null into 0 before the
 * null branch was tried, so a blank rate or floor area was stored as 0.
 */
export function NullableNumber(options: { integer?: boolean; minimum: number; maximum: number }) {
  const { integer = false, ...bounds } = options;
  return Type.Unsafe<number | null>({ type: [integer ? 'integer' : 'number', 'null'], ...bounds });
}
