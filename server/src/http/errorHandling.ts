import type { FastifyError } from 'fastify';
import { ApiError } from '../errors';
import type { FieldErrors } from '../errors';

/** The JSON body of every error answer: `{ error: { code, message, fields? } }`. */
export function errorBody(error: ApiError) {
  return {
    error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
    ...error.extra,
  };
}

function fieldErrors(error: FastifyError): FieldErrors {
  const fields: FieldErrors = {};
  const context = error.validationContext ?? 'body';
  for (const issue of error.validation ?? []) {
    const missingProperty: unknown = issue.params.missingProperty;
    const missing =
      issue.keyword === 'required' && typeof missingProperty === 'string' ? missingProperty : '';
    const path = [
      context,
      ...issue.instancePath.split('/').filter(Boolean),
      ...(missing ? [missing] : []),
    ].join('.');
    fields[path] ??= missing ? 'is required' : (issue.message ?? 'is invalid');
  }
  return fields;
}

const STATUS_CODES: Record<number, [string, string]> = {
  400: ['bad_request', 'The request is not valid'],
  401: ['unauthorized', 'Authentication required'],
  403: ['forbidden', 'You do not have access to this area'],
  404: ['not_found', 'Not found'],
  405: ['method_not_allowed', 'Method not allowed'],
  406: ['not_acceptable', 'Not acceptable'],
  413: ['payload_too_large', 'The request body is too large'],
  415: ['unsupported_media_type', 'Unsupported content type'],
  429: ['rate_limited', 'Too many requests, please wait and try again'],
};

/** The code an answer has when the database, not the route, refused a value (see databaseRefusal). */
export const DATABASE_REFUSED = 'value_not_stored';

/**
 * The SQLSTATE of a database error, through the driver error drizzle wraps as `cause`: class 22 (data exception: a
 * number past its column, an impossible date, text too long) or 23 (integrity: an id taken, a missing referenced row).
 */
export function refusedValueState(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current !== 'object') return null;
    const code: unknown = Reflect.get(current, 'code');
    if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) return code;
    current = Reflect.get(current, 'cause');
  }
  return null;
}

/**
 * A value the database refused is the request's fault and will fail the same way every time, so it is a 400, not a
 * 500 the device's outbox would retry for ever (docs/architecture.md §4). Routes check their input first and name the
 * field; this answer names none, and the bad-input walk (tests/server/badInput.test.ts) fails on it.
 */
function databaseRefusal(error: unknown): ApiError | null {
  const state = refusedValueState(error);
  if (!state) return null;
  return new ApiError(400, DATABASE_REFUSED, 'A value of this request cannot be stored', undefined, {
    sqlState: state,
  });
}

/** Maps anything thrown in a request to an ApiError; internals never reach the client. */
export function toApiError(error: FastifyError | Error): ApiError {
  if (error instanceof ApiError) return error;
  const refused = databaseRefusal(error);
  if (refused) return refused;
  const fastifyError: Partial<FastifyError> = error;
  if (fastifyError.validation) {
    return new ApiError(
      400,
      'validation_failed',
      'Some fields are not valid',
      fieldErrors(fastifyError as FastifyError),
    );
  }
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return new ApiError(400, 'invalid_json', 'The request body is not valid JSON');
  }
  if (fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return new ApiError(400, 'invalid_json', 'The request body is empty');
  }
  const status = fastifyError.statusCode ?? 500;
  const known = STATUS_CODES[status];
  if (known)
    return new ApiError(
      status,
      known[0],
      status === 429 || status === 413 ? known[1] : error.message || known[1],
    );
  if (status >= 400 && status < 500) return new ApiError(status, 'bad_request', error.message);
  return new ApiError(500, 'internal_error', 'Something went wrong on the server. Please try again.');
}
