// The file rules every upload shares (docs/architecture.md §15; the same rules for contract documents, company
// documents and ticket attachments): the allowed types checked by content, the 20 MB limit, and readable, safe file
// names. The server checks every upload with these functions and the client checks a file before queuing it, so an
// upload the device accepts is one the server accepts.
import { sniffFileKind } from './fileSniff';
import type { InflateRaw, SniffedKind } from './fileSniff';

export type { InflateRaw } from './fileSniff';

/** The largest file accepted: 20 MB (a byte more answers 413). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Longest file name kept (its extension included). */
export const MAX_FILE_NAME_LENGTH = 200;

/** An allowed type. */
export type FileKind = SniffedKind;

/** An allowed type: its label, the content type stored and served, and the extensions a name may carry. */
export interface FileKindInfo {
  label: string;
  mimeType: string;
  extensions: readonly string[];
}

/** The allowed types, in the order messages list them. */
export const FILE_KINDS: Readonly<Record<FileKind, FileKindInfo>> = {
  pdf: { label: 'PDF', mimeType: 'application/pdf', extensions: ['pdf'] },
  xlsx: {
    label: 'XLSX',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
  },
  xls: { label: 'XLS', mimeType: 'application/vnd.ms-excel', extensions: ['xls'] },
  docx: {
    label: 'DOCX',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
  doc: { label: 'DOC', mimeType: 'application/msword', extensions: ['doc'] },
  csv: { label: 'CSV', mimeType: 'text/csv', extensions: ['csv'] },
  png: { label: 'PNG', mimeType: 'image/png', extensions: ['png'] },
  jpeg: { label: 'JPEG', mimeType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
};

const KIND_BY_EXTENSION = new Map<string, FileKind>(
  (Object.entries(FILE_KINDS) as [FileKind, FileKindInfo][]).flatMap(([kind, info]) =>
    info.extensions.map((extension): [string, FileKind] => [extension, kind]),
  ),
);

/** "PDF, XLSX, XLS, DOCX, DOC, CSV, PNG or JPEG". */
export const ALLOWED_TYPES_TEXT = (() => {
  const labels = Object.values(FILE_KINDS).map((info) => info.label);
  return `${labels.slice(0, -1).join(', ')} or ${labels.at(-1) ?? ''}`;
})();

/** The `accept` list of a file input: every allowed extension. */
export const FILE_INPUT_ACCEPT = [...KIND_BY_EXTENSION.keys()].map((extension) => `.${extension}`).join(',');

/** The file's size as people read it: "840 KB", "12.5 MB". */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

const RESERVED_NAMES = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
// Control characters (C0, DEL, C1), invisible direction marks and overrides that make "gpj.exe" read as "exe.jpg".
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** The extension of a name in lower case, or null when it has none. */
export function extensionOf(name: string): string | null {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : null;
}

/**
 * A file name safe to store and to send back in Content-Disposition, and still readable: the last path segment
 * only (no `../`), no control or direction characters, Windows' reserved characters as `_`, no leading or trailing
 * dots and spaces, device names (CON, NUL, COM1...) prefixed, at most 200 characters with the extension kept.
 * Null when nothing readable is left.
 */
export function sanitizeFileName(raw: string): string | null {
  const segment = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  let name = segment
    .replace(/[\t\n\r\v\f]/g, ' ')
    .replace(INVISIBLE, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if (name === '' || /^_+$/.test(name)) return null;
  if (RESERVED_NAMES.test(name.split('.')[0] ?? '')) name = `_${name}`;
  if (name.length > MAX_FILE_NAME_LENGTH) {
    const extension = extensionOf(name);
    const tail = extension && extension.length <= 10 ? `.${extension}` : '';
    name = `${name.slice(0, MAX_FILE_NAME_LENGTH - tail.length).trimEnd()}${tail}`;
  }
  return name;
}

/**
 * The stored name of a file whose bytes are `kind`: a name whose extension is another allowed type's is a mistake
 * (a PDF named .png is refused, not renamed); a name without one of the allowed extensions gets the type's own.
 */
export function nameForKind(
  name: string,
  kind: FileKind,
): { ok: true; name: string } | { ok: false; problem: string } {
  const extension = extensionOf(name);
  const named = extension === null ? undefined : KIND_BY_EXTENSION.get(extension);
  if (named === kind) return { ok: true, name };
  if (named !== undefined && extension !== null)
    return { ok: false, problem: `is named .${extension} but the file is a ${FILE_KINDS[kind].label}` };
  const own = `.${FILE_KINDS[kind].extensions[0] ?? kind}`;
  const base =
    name.length + own.length > MAX_FILE_NAME_LENGTH ? name.slice(0, MAX_FILE_NAME_LENGTH - own.length) : name;
  return { ok: true, name: `${base}${own}` };
}

/** A file that passed every check: the name to store, its type read from its bytes, and its size. */
export interface CheckedFile {
  fileName: string;
  kind: FileKind;
  mimeType: string;
  size: number;
}

/** Why a file was refused: 413 for size, 400 otherwise, with the field it concerns. */
export interface FileProblem {
  status: 400 | 413;
  field: 'fileName' | 'file';
  message: string;
}

/** The outcome of checking a file. */
export type FileCheck = { ok: true; file: CheckedFile } | { ok: false; problem: FileProblem };

/** The size rule alone (the server applies it before decoding a body, the client before reading a file). */
export function sizeProblem(size: number): FileProblem | null {
  if (size > MAX_FILE_BYTES)
    return { status: 413, field: 'file', message: `is larger than ${fileSizeText(MAX_FILE_BYTES)}` };
  if (size === 0) return { status: 400, field: 'file', message: 'is empty' };
  return null;
}

/** Checks a file as every upload route does: size, name, type by content, and the name against the type. */
export async function checkFile(
  rawName: string,
  bytes: Uint8Array,
  inflateRaw: InflateRaw,
): Promise<FileCheck> {
  const tooBig = sizeProblem(bytes.length);
  if (tooBig) return { ok: false, problem: tooBig };
  const name = sanitizeFileName(rawName);
  if (name === null)
    return { ok: false, problem: { status: 400, field: 'fileName', message: 'needs letters or digits' } };
  const kind = await sniffFileKind(bytes, inflateRaw);
  if (kind === null)
    return {
      ok: false,
      problem: {
        status: 400,
        field: 'file',
        message: `is not one of the allowed types: ${ALLOWED_TYPES_TEXT}`,
      },
    };
  const named = nameForKind(name, kind);
  if (!named.ok) return { ok: false, problem: { status: 400, field: 'fileName', message: named.problem } };
  return {
    ok: true,
    file: { fileName: named.name, kind, mimeType: FILE_KINDS[kind].mimeType, size: bytes.length },
  };
}

/** A stored file name with another base and the same extension (renaming never changes what a file is). */
export function renamedFile(
  current: string,
  wanted: string,
): { ok: true; name: string } | { ok: false; problem: string } {
  const name = sanitizeFileName(wanted);
  if (name === null) return { ok: false, problem: 'needs letters or digits' };
  const extension = extensionOf(current);
  const kind = extension === null ? undefined : KIND_BY_EXTENSION.get(extension);
  return kind === undefined ? { ok: true, name } : nameForKind(name, kind);
}
