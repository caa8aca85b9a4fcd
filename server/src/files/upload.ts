// Reading an upload, the same checks for every upload route (docs/architecture.md §15): the spec's JSON body
// (`fileName` + `fileValue` in base64) or a multipart form (the file last, after its text fields). Size first (413
// before anything is decoded), then the name, then the type from the bytes (src/domain/files.ts, shared with the
// client). An upload that passes carries its checked name and type, its bytes and their sha-256.
import { createHash } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { MAX_FILE_BYTES, checkFile, fileSizeText } from '../../../src/domain/files';
import type { CheckedFile, FileProblem, InflateRaw } from '../../../src/domain/files';
import { ApiError, badRequest } from '../errors';

/** A checked upload. */
export interface Upload {
  file: CheckedFile;
  bytes: Buffer;
  /** Lower-case hex sha-256 of the bytes: the ETag of its downloads. */
  sha256: string;
  /** The form's text fields (multipart); empty for JSON, whose other members the route's schema has typed. */
  fields: Readonly<Record<string, string>>;
}

/** Characters of the base64 text of `bytes` bytes. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

/**
 * The body limit of a JSON upload route: the base64 of the largest file plus room for the other members, so a file
 * a little over 20 MB still reaches the size check and gets its own 413 with the field.
 */
export const UPLOAD_BODY_LIMIT = base64Length(MAX_FILE_BYTES) + 1024 * 1024;

/** node:zlib's raw inflate with an output cap, as the shared sniffing rules want it. */
export const inflateRawNode: InflateRaw = (data, maxBytes) =>
  Promise.resolve(new Uint8Array(inflateRawSync(data, { maxOutputLength: maxBytes })));

function tooLarge(field: string): ApiError {
  const message = `is larger than ${fileSizeText(MAX_FILE_BYTES)}`;
  return new ApiError(413, 'payload_too_large', `The file ${message}`, { [field]: message });
}

function refused(problem: FileProblem, fields: { fileName: string; file: string }): ApiError {
  const field = fields[problem.field];
  if (problem.status === 413) return tooLarge(field);
  return badRequest(`The file ${field === fields.fileName ? 'name ' : ''}${problem.message}`, {
    [field]: problem.message,
  });
}

async function checked(
  fileName: string,
  bytes: Buffer,
  fields: Readonly<Record<string, string>>,
  names: { fileName: string; file: string },
): Promise<Upload> {
  const check = await checkFile(fileName, bytes, inflateRawNode);
  if (!check.ok) throw refused(check.problem, names);
  return { file: check.file, bytes, sha256: createHash('sha256').update(bytes).digest('hex'), fields };
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Decodes and checks the spec's JSON upload (`fileName`, `fileValue`). A data URL (`data:...;base64,`) and line
 * breaks are accepted, as browsers and mail tools produce them; anything else that is not base64 is a 400.
 */
export async function readJsonUpload(body: { fileName: string; fileValue: string }): Promise<Upload> {
  const names = { fileName: 'body.fileName', file: 'body.fileValue' };
  let text = body.fileValue.replace(/^data:[^,]{0,200};base64,/, '');
  if (/\s/.test(text)) text = text.replace(/\s+/g, '');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if ((text.length * 3) / 4 - padding > MAX_FILE_BYTES) throw tooLarge(names.file);
  if (!BASE64.test(text) || text.length % 4 === 1)
    throw badRequest('The file is not valid base64', { [names.file]: 'must be the file in base64' });
  return checked(body.fileName, Buffer.from(text, 'base64'), {}, names);
}

function textFields(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, part] of Object.entries(fields)) {
    const one: unknown = Array.isArray(part) ? part[0] : part;
    if (typeof one === 'object' && one !== null && 'type' in one && one.type === 'field' && 'value' in one)
      out[name] = String(one.value);
  }
  return out;
}

/**
 * Reads and checks a multipart upload: one file part (field `file`), after the form's text fields; a `fileName`
 * field, when given, names the file instead of the part's own file name.
 */
export async function readMultipartUpload(request: FastifyRequest): Promise<Upload> {
  const names = { fileName: 'fileName', file: 'file' };
  const part = await request.file({
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 21 },
  });
  if (!part) throw badRequest('The form has no file', { file: 'is required' });
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge(names.file);
    throw error;
  }
  const fields = textFields(part.fields);
  return checked(fields.fileName ?? part.filename, bytes, fields, names);
}
