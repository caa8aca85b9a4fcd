// Sending a file (docs/architecture.md §15): always as an attachment with a safe name (RFC 6266 / RFC 5987
// `filename*`), the stored content type, `nosniff` and a sandboxing CSP, so no upload is ever rendered by the browser
// as a page of ours; the sha-256 is the ETag, so a device that kept the file revalidates it for free.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sanitizeFileName } from '../../../src/domain/files';
import { notFound } from '../errors';
import type { FileStore } from './store';

/** What a download needs to know of a stored file (the columns of files/columns.ts). */
export interface StoredFileMeta {
  storageKey: string;
  fileName: string;
  mimeType: string;
  sha256: string;
  size: number;
}

/**
 * Types a browser would render as a document or run: never sent as themselves. XML counts as the whole subtype or its
 * `+xml` suffix, so Office files (`…spreadsheetml.sheet`) keep their own type and open in the right application.
 */
const ACTIVE_TYPES = /html|javascript|ecmascript|svg|xsl|[/+]xml$/i;

/** The content type sent: the stored one, unless it is a type a browser would render as a page. */
export function servedContentType(mimeType: string): string {
  return ACTIVE_TYPES.test(mimeType) || !/^[a-z]+\/[a-z0-9.+-]+$/i.test(mimeType)
    ? 'application/octet-stream'
    : mimeType;
}

/** RFC 5987 encoding: percent-encodes everything but the attr-chars. */
function encodeRfc5987(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="..."; filename*=UTF-8''...`: an ASCII fallback for old clients (non-ASCII, quotes and
 * backslashes as `_`) and the exact name, percent-encoded, for every current browser.
 */
export function contentDisposition(fileName: string): string {
  const name = sanitizeFileName(fileName) ?? 'download';
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** The headers of every file answer. */
export function fileHeaders(file: { fileName: string; mimeType: string; sha256?: string; size: number }) {
  return {
    'content-type': servedContentType(file.mimeType),
    'content-length': String(file.size),
    'content-disposition': contentDisposition(file.fileName),
    'x-content-type-options': 'nosniff',
    // Opened directly, the answer is still a sandboxed document without scripts.
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'private, no-cache',
    ...(file.sha256 ? { etag: `"${file.sha256}"` } : {}),
  };
}

function matchesEtag(request: FastifyRequest, sha256: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === `"${sha256}"` || tag === '*');
}

/** Sends a stored file from disk; 304 when the client holds this very content; 404 when the bytes are missing. */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  file: StoredFileMeta,
): Promise<FastifyReply> {
  const headers = fileHeaders(file);
  if (matchesEtag(request, file.sha256)) {
    const { 'content-length': _length, ...rest } = headers;
    return reply.status(304).headers(rest).send();
  }
  const opened = await store.open(file.storageKey);
  if (!opened) {
    request.log.error({ storageKey: file.storageKey }, 'stored file missing on disk');
    throw notFound('The file is missing on the server');
  }
  return reply
    .status(200)
    .headers({ ...headers, 'content-length': String(opened.size) })
    .send(opened.stream);
}

/** Sends bytes made on the fly (a generated PDF or workbook) with the same headers as a stored file. */
export function sendFileBytes(
  reply: FastifyReply,
  file: { fileName: string; mimeType: string; bytes: Uint8Array },
): FastifyReply {
  return reply
    .status(200)
    .headers(fileHeaders({ ...file, size: file.bytes.length }))
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}
