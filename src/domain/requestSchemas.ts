// Request schema pieces (TypeBox: plain JSON Schema objects with their static types) shared by the synced writes'
// definitions (src/domain/writeBodies/) and the server's routes (server/src/http/commonSchemas.ts re-exports them), so
// ids, dates and numbers are validated the same way everywhere (docs/architecture.md §5, §6).
// The builders by name, not TypeBox's `Type` object (which holds all of TypeBox), so the client's bundle keeps only
// those used: these schemas reach the device with the write definitions.
import * as Type from 'typebox';
import type { TProperties, TUnsafe } from 'typebox';
import { INTEGER_BOUNDS, narrowBounds, numericBounds } from './validation';
import type { NumberBounds } from './validation';

/** A UUID in canonical text form: every entity id except companies and users (docs/architecture.md §6). */
export const UuidString = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  maxLength: 36,
});

/** A company id: a positive PostgreSQL integer (larger numbers could never name a row). */
export const CompanyId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** The string formats the server's validator adds (server/src/http/validation.ts checks them with ./validation.ts). */
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

/** A service type value filter; the empty value is the spec's 'All Services'. */
export const ServiceFilter = Type.String({ pattern: '^[a-z_]{0,40}$', maxLength: 40 });

/** Text that may be null, up to `maxLength` characters. */
export function NullableText(maxLength: number) {
  return Type.Union([Type.String({ maxLength }), Type.Null()]);
}

/** The type of a number column of the database: `integer`, or `numeric(precision, scale)`. */
export type NumberColumn =
  | { readonly type: 'integer' }
  | { readonly type: 'numeric'; readonly precision: number; readonly scale: number };

/** A PostgreSQL `integer` column. */
export const INTEGER_COLUMN: NumberColumn = { type: 'integer' };

/** A PostgreSQL `numeric(precision, scale)` column. */
export function numericColumn(precision: number, scale: number): NumberColumn {
  return { type: 'numeric', precision, scale };
}

/** The values a column stores: numeric(p,s) from its precision, integer the 32-bit range. */
export function numberColumnBounds(column: NumberColumn): NumberBounds & { integer: boolean } {
  return column.type === 'integer'
    ? { ...INTEGER_BOUNDS, integer: true }
    : { ...numericBounds(column.precision, column.scale), integer: false };
}

/**
 * A number a column stores, bounded by the column's own precision (`numeric(14,2)`: under 10^12; `integer`: 32 bits)
 * and, narrower, by the rule's range. A value past the column would fail in the database; here it is a 400 naming
 * the field.
 */
export function ColumnNumber(column: NumberColumn, rule: Partial<NumberBounds> = {}) {
  const { integer, ...bounds } = numberColumnBounds(column);
  const { minimum, maximum } = narrowBounds(bounds, rule);
  return integer ? Type.Integer({ minimum, maximum }) : Type.Number({ minimum, maximum });
}

/** ColumnNumber or null (one schema with a list of types: see NullableNumber). */
export function NullableColumnNumber(column: NumberColumn, rule: Partial<NumberBounds> = {}) {
  const { integer, ...bounds } = numberColumnBounds(column);
  return NullableNumber({ integer, ...narrowBounds(bounds, rule) });
}

/**
 * A number (or whole number) or null. One schema with a list of types, not a union: query strings are read as text
 * and coerced (server/src/http/validation.ts), and in a union of number and null the number branch turned null into 0
 * before the null branch was tried, so a blank rate or floor area was stored as 0.
 */
export function NullableNumber(options: {
  integer?: boolean;
  minimum: number;
  maximum: number;
}): TUnsafe<number | null> {
  const { integer = false, ...bounds } = options;
  return Type.Unsafe<number | null>({ type: [integer ? 'integer' : 'number', 'null'], ...bounds });
}

/** An object schema that refuses properties it does not name, as every request schema does. */
export function Closed<Properties extends TProperties>(properties: Properties) {
  return Type.Object(properties, { additionalProperties: false });
}
