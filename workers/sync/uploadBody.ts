// The body of a queued write that carries files (docs/architecture.md §15), built when it is sent: the JSON body with
// each `{ "$outboxFile": id }` replaced by the file in base64, or a multipart form. The JSON is assembled as a Blob of
// parts — the text around each file and the file's base64 in slices — so no single string of the whole upload exists.
import { placeholderId } from '../../src/db/outboxFiles';
import type { OutboxEntry, OutboxFileRow } from '../../src/db/syncRows';

/** Bytes read per base64 slice: a multiple of 3, so slices encode to base64 that concatenates without padding. */
const SLICE_BYTES = 3 * 256 * 1024;

/** Where a file goes in the serialized JSON: a quoted marker the JSON text is split at. */
const MARKER = /"@@outbox-file:([0-9A-Za-z_-]{1,64})@@"/;

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

/** A file's base64, slice by slice. */
async function base64Parts(blob: Blob): Promise<string[]> {
  const parts: string[] = [];
  for (let start = 0; start < blob.size; start += SLICE_BYTES)
    parts.push(bytesToBase64(new Uint8Array(await blob.slice(start, start + SLICE_BYTES).arrayBuffer())));
  return parts;
}

/** The JSON body with every placeholder's file in base64, as a Blob of type application/json. */
export async function jsonUploadBody(body: unknown, files: readonly OutboxFileRow[]): Promise<Blob> {
  const byId = new Map(files.map((file) => [file.id, file]));
  const text = JSON.stringify(body, (_key, value: unknown) => {
    const id = placeholderId(value);
    return id === null ? value : `@@outbox-file:${id}@@`;
  });
  const pieces = text.split(MARKER);
  const parts: string[] = [];
  for (const [i, piece] of pieces.entries()) {
    if (i % 2 === 0) {
      parts.push(piece);
      continue;
    }
    const file = byId.get(piece);
    if (!file) throw new Error(`The upload's file ${piece} is not on this device`);
    parts.push('"', ...(await base64Parts(file.blob)), '"');
  }
  return new Blob(parts, { type: 'application/json' });
}

function formValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A multipart form of the body's members: text fields first, then each placeholder member as its file. */
export function multipartUploadBody(body: unknown, files: readonly OutboxFileRow[]): FormData {
  const byId = new Map(files.map((file) => [file.id, file]));
  const form = new FormData();
  const members = typeof body === 'object' && body !== null ? Object.entries(body) : [];
  const fileMembers: [string, OutboxFileRow][] = [];
  for (const [name, value] of members) {
    const id = placeholderId(value);
    if (id === null) {
      const text = formValue(value);
      if (text !== null) form.append(name, text);
      continue;
    }
    const file = byId.get(id);
    if (!file) throw new Error(`The upload's file ${id} is not on this device`);
    fileMembers.push([name, file]);
  }
  // Servers read a form's fields before its file (server/src/files/upload.ts), so files go last.
  for (const [name, file] of fileMembers) form.append(name, file.blob, file.name);
  return form;
}

/** The encoded body of an entry with files. */
export async function uploadBody(
  entry: OutboxEntry,
  files: readonly OutboxFileRow[],
): Promise<Blob | FormData> {
  return entry.encoding === 'multipart'
    ? multipartUploadBody(entry.body, files)
    : jsonUploadBody(entry.body, files);
}
