// How request schemas are checked (docs/architecture.md §5). Query strings, path params and headers arrive as text, so
// their numbers and booleans are read from it; a JSON body already carries types, and a value of the wrong type is
// refused rather than converted (`true` never becomes 1, `"1e300"` never a number). One Ajv per kind, the same options
// and formats otherwise.
import Ajv from 'ajv';
import type { Options, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { isCalendarDate, isCalendarMonth, isCalendarMonthOrDate } from '../../../src/domain/validation';
import { SCHEMA_FORMATS } from './commonSchemas';

const FORMAT_CHECKS: Record<(typeof SCHEMA_FORMATS)[keyof typeof SCHEMA_FORMATS], (text: string) => boolean> =
  {
    [SCHEMA_FORMATS.date]: isCalendarDate,
    [SCHEMA_FORMATS.month]: isCalendarMonth,
    [SCHEMA_FORMATS.monthOrDate]: isCalendarMonthOrDate,
  };

function buildAjv(coerceTypes: Options['coerceTypes']): Ajv {
  // Fastify's own defaults (@fastify/ajv-compiler), with every error reported so each bad field is named.
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    allErrors: true,
    addUsedSchema: false,
  });
  addFormats(ajv);
  for (const [name, check] of Object.entries(FORMAT_CHECKS)) ajv.addFormat(name, check);
  return ajv;
}

/** Where a value holds a number that is not finite (`/limit`), or null. */
function nonFinitePath(value: unknown, path: string): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFinitePath(item, `${path}/${key}`);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Ajv reads the text `Infinity` as a number, and the number it makes passes `minimum` and `maximum` (ajv 8.20:
 * `?id=Infinity` reached a route as Infinity); a value read from text must be finite as well as in range.
 */
function finiteOnly(validate: ValidateFunction): ReturnType<FastifySchemaCompiler<unknown>> {
  function checked(data: unknown, context?: Parameters<ValidateFunction>[1]) {
    const valid = validate(data, context);
    checked.errors = validate.errors;
    if (!valid) return false;
    const path = nonFinitePath(data, '');
    if (path === null) return true;
    const issue: FastifySchemaValidationError = {
      keyword: 'type',
      instancePath: path,
      schemaPath: '#',
      params: {},
      message: 'must be a finite number',
    };
    return { error: [issue] };
  }
  checked.errors = validate.errors as FastifySchemaValidationError[] | null | undefined;
  // Fastify hands Ajv's own functions the request as parent, so a coerced root value is kept; so does this one.
  return Object.assign(checked, { schemaEnv: validate.schemaEnv });
}

/** The schema compiler of the app: bodies as typed, the rest read from text. */
export function requestValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const fromText = buildAjv('array');
  const typed = buildAjv(false);
  return ({ schema, httpPart }) =>
    // A schema is an object here: every route schema is TypeBox's.
    httpPart === 'body' ? typed.compile(schema as object) : finiteOnly(fromText.compile(schema as object));
}
