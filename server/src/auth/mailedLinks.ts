// Rules shared by the links the server mails (invitations, password resets).
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { PASSWORD_RULE_TEXT, isValidPassword } from '../../../src/domain/validation';
import { ApiError } from '../errors';
import type { FieldErrors } from '../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a link token can be an id at all (checked before it reaches a uuid column). */
export function isLinkToken(value: string): boolean {
  return UUID.test(value);
}

/** 410: the link existed but can no longer be used. */
export function gone(message: string): ApiError {
  return new ApiError(410, 'gone', message);
}

/** Where a mailed link stands. */
export type LinkState = 'open' | 'used' | 'expired';

/** Used wins over expired: a used link never becomes usable again, whatever its date. */
export function linkState(row: { usedAt: string | null; expired: boolean }): LinkState {
  if (row.usedAt) return 'used';
  return row.expired ? 'expired' : 'open';
}

/** Whether a timestamp column lies in the past, read by the database so one clock decides. */
export function isPast(column: PgColumn): SQL<boolean> {
  return sql<boolean>`${column} <= now()`;
}

/** The password rule (spec 000 §5) and the confirmation, as 400 field errors; throws when either fails. */
export function assertNewPassword(password: string, confirmation: string, passwordField: string): void {
  const fields: FieldErrors = {};
  if (!isValidPassword(password)) fields[`body.${passwordField}`] = PASSWORD_RULE_TEXT;
  if (password !== confirmation) fields['body.confirmPassword'] = 'Passwords do not match';
  if (Object.keys(fields).length > 0)
    throw new ApiError(400, 'validation_failed', 'Some fields are not valid', fields);
}

/** Whether a database error is a unique-constraint violation (drizzle wraps the driver's error as `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current !== 'object') return false;
    if (Reflect.get(current, 'code') === '23505') return true;
    current = Reflect.get(current, 'cause');
  }
  return false;
}
