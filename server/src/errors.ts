/** Field-level validation messages, keyed by the field's path (e.g. `body.nickname`). */
export type FieldErrors = Record<string, string>;

/** An error the API reports as `{ error: { code, message, fields? } }` with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    /** Extra top-level members of the answer, e.g. the current row of a 409. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The one answer for "no such thing, or not yours": never reveals which. */
export function notFound(message = 'Not found'): ApiError {
  return new ApiError(404, 'not_found', message);
}

/** 400 for input that passed the schema but breaks a rule. */
export function badRequest(message: string, fields?: FieldErrors): ApiError {
  return new ApiError(400, 'bad_request', message, fields);
}

/**
 * 400 naming each field that breaks a rule of src/domain (`problems` as the shared checks give them, keyed by the
 * field's name), prefixed with where the field travels (`body.` unless said).
 */
export function invalidFields(
  problems: Readonly<Record<string, string | undefined>>,
  prefix = 'body.',
): ApiError {
  const fields: FieldErrors = {};
  for (const [field, problem] of Object.entries(problems)) if (problem) fields[`${prefix}${field}`] = problem;
  return badRequest('Some fields are not valid', fields);
}

/** Throws invalidFields when a field has a problem. */
export function assertNoProblems(
  problems: Readonly<Record<string, string | undefined>>,
  prefix = 'body.',
): void {
  if (Object.values(problems).some(Boolean)) throw invalidFields(problems, prefix);
}

/** 401: no valid session. */
export function unauthorized(message = 'Authentication required'): ApiError {
  return new ApiError(401, 'unauthorized', message);
}

/** 403: the company is reachable but this area or action is not open to the caller. */
export function forbidden(message = 'You do not have access to this area'): ApiError {
  return new ApiError(403, 'forbidden', message);
}

/** 409: the row changed since the version the client edited. */
export function conflict(current: unknown, message = 'The item was changed by someone else'): ApiError {
  return new ApiError(409, 'conflict', message, undefined, { current });
}
