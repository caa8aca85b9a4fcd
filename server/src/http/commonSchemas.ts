// Request schema pieces shared by route modules, so ids are validated the same way everywhere.
import { Type } from 'typebox';

/** A UUID in canonical text form: every entity id except companies and users (docs/architecture.md §6). */
export const UuidString = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  maxLength: 36,
});

/** A company id: a positive PostgreSQL integer (larger numbers could never name a row). */
export const CompanyId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** Params of `/companies/:companyId/...` routes. */
export const CompanyIdParams = Type.Object({ companyId: CompanyId }, { additionalProperties: false });

/**
 * A number (or whole number) or null. One schema with a list of types, not a union: the server coerces types
 * (app.ts), and in a union of number and null the number branch turns null into 0 before the null branch is tried,
 * so a blank rate or floor area would be stored as 0.
 */
export function NullableNumber(options: { integer?: boolean; minimum?: number; maximum?: number } = {}) {
  const { integer = false, ...bounds } = options;
  return Type.Unsafe<number | null>({ type: [integer ? 'integer' : 'number', 'null'], ...bounds });
}
