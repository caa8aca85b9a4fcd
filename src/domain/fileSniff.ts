// What a file is, read from its bytes (docs/architecture.md §15): magic numbers, the part list of a zip
// ([Content_Types].xml of an Office Open XML file), the stream names of an OLE2 compound file (old .doc and .xls)
// and a UTF-8 text check. Never from the name. Pure: the one step that needs zlib (a zip's deflated part) is handed
// in, so the server (node:zlib) and the browser (DecompressionStream) read files with the same rules.

/** What the bytes say a file is, before its name is compared with it. */
export type SniffedKind = 'pdf' | 'png' | 'jpeg' | 'xlsx' | 'docx' | 'xls' | 'doc' | 'csv';

/** Inflates raw deflate data; rejects (or throws) when the output would pass `maxBytes`. */
export type InflateRaw = (data: Uint8Array, maxBytes: number) => Promise<Uint8Array>;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The main part types that make a zip an .xlsx or a .docx (macro-enabled and template variants are not allowed). */
const OFFICE_MAIN_TYPES: readonly (readonly [SniffedKind, string])[] = [
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'],
];

/** [Content_Types].xml is a few KB; anything near this is not an Office file (or is a zip bomb). */
const MAX_CONTENT_TYPES_BYTES = 1024 * 1024;

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);
}

function u16(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

function u32(bytes: Uint8Array, at: number): number {
  return (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0;
}

/** The stored (possibly deflated) data of one zip entry, found through the central directory. */
function zipEntry(
  bytes: Uint8Array,
  wanted: string,
): { method: number; size: number; data: Uint8Array } | null {
  const eocdFloor = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let at = bytes.length - 22; at >= eocdFloor; at -= 1) {
    if (u32(bytes, at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = u16(bytes, eocd + 10);
  let at = u32(bytes, eocd + 16);
  const decoder = new TextDecoder();
  for (let i = 0; i < count && at + 46 <= bytes.length; i += 1) {
    if (u32(bytes, at) !== 0x02014b50) return null;
    const method = u16(bytes, at + 10);
    const compressedSize = u32(bytes, at + 20);
    const size = u32(bytes, at + 24);
    const nameLength = u16(bytes, at + 28);
    const next = at + 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (name === wanted) {
      const local = u32(bytes, at + 42);
      if (u32(bytes, local) !== 0x04034b50) return null;
      const start = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28);
      if (start + compressedSize > bytes.length) return null;
      return { method, size, data: bytes.subarray(start, start + compressedSize) };
    }
    at = next;
  }
  return null;
}

async function officeKind(bytes: Uint8Array, inflateRaw: InflateRaw): Promise<SniffedKind | null> {
  const entry = zipEntry(bytes, '[Content_Types].xml');
  if (!entry || entry.size > MAX_CONTENT_TYPES_BYTES) return null;
  let xml: Uint8Array;
  if (entry.method === 0) xml = entry.data;
  else if (entry.method === 8) {
    try {
      xml = await inflateRaw(entry.data, MAX_CONTENT_TYPES_BYTES);
    } catch {
      return null;
    }
  } else return null;
  const text = new TextDecoder().decode(xml);
  for (const [kind, type] of OFFICE_MAIN_TYPES) if (text.includes(`ContentType="${type}"`)) return kind;
  return null;
}

const END_OF_CHAIN = 0xfffffffa;

/**
 * Names of the streams at the root of an OLE2 compound file (MS-CFB): the header's sector size and FAT sector list
 * (with its DIFAT continuation), the directory's sector chain, then the root entry's red-black tree of children.
 */
export function compoundFileRootNames(bytes: Uint8Array): string[] | null {
  if (!startsWith(bytes, CFB) || bytes.length < 512) return null;
  const shift = u16(bytes, 0x1e);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 1 << shift;
  const perSector = sectorSize / 4;
  const sectorAt = (sector: number) => (sector + 1) * sectorSize;
  const maxSectors = Math.ceil(bytes.length / sectorSize);

  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i += 1) {
    const sector = u32(bytes, 0x4c + i * 4);
    if (sector < END_OF_CHAIN) fatSectors.push(sector);
  }
  let difat = u32(bytes, 0x44);
  for (let hops = 0; difat < END_OF_CHAIN && hops < maxSectors; hops += 1) {
    const base = sectorAt(difat);
    for (let i = 0; i < perSector - 1; i += 1) {
      const sector = u32(bytes, base + i * 4);
      if (sector < END_OF_CHAIN) fatSectors.push(sector);
    }
    difat = u32(bytes, base + (perSector - 1) * 4);
  }
  const next = (sector: number): number => {
    const fatSector = fatSectors[Math.floor(sector / perSector)];
    return fatSector === undefined
      ? END_OF_CHAIN
      : u32(bytes, sectorAt(fatSector) + (sector % perSector) * 4);
  };

  const entries: { name: string; type: number; left: number; right: number; child: number }[] = [];
  const seen = new Set<number>();
  for (let sector = u32(bytes, 0x30); sector < END_OF_CHAIN; sector = next(sector)) {
    // A loop or a chain running off the file is a broken (or hostile) file.
    if (seen.has(sector) || seen.size > maxSectors || sectorAt(sector) + sectorSize > bytes.length)
      return null;
    seen.add(sector);
    for (let at = sectorAt(sector); at < sectorAt(sector) + sectorSize; at += 128) {
      const nameBytes = Math.min(64, u16(bytes, at + 0x40));
      let name = '';
      for (let i = 0; i + 2 < nameBytes; i += 2) name += String.fromCharCode(u16(bytes, at + i));
      entries.push({
        name,
        type: bytes[at + 0x42] ?? 0,
        left: u32(bytes, at + 0x44),
        right: u32(bytes, at + 0x48),
        child: u32(bytes, at + 0x4c),
      });
    }
  }
  const root = entries[0];
  if (!root || root.type !== 5) return null;
  const names: string[] = [];
  const visited = new Set<number>();
  const stack = [root.child];
  while (stack.length > 0) {
    const id = stack.pop() ?? END_OF_CHAIN;
    const entry = entries[id];
    if (id >= END_OF_CHAIN || !entry || visited.has(id)) continue;
    visited.add(id);
    names.push(entry.name);
    stack.push(entry.left, entry.right);
  }
  return names;
}

function compoundKind(bytes: Uint8Array): SniffedKind | null {
  const names = compoundFileRootNames(bytes);
  if (!names) return null;
  // A Word document may embed a workbook (inside a storage, not at the root), and the reverse: the root decides.
  if (names.includes('WordDocument')) return 'doc';
  if (names.includes('Workbook') || names.includes('Book')) return 'xls';
  return null;
}

/**
 * Whether the bytes are CSV as this product accepts it: UTF-8 (a BOM allowed), no NUL or other control characters
 * than tab and line breaks, and not markup (a first character of `<` is HTML, XML or SVG, never a table).
 */
export function isCsvText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return false;
  return !text
    .replace(/^\ufeff/, '')
    .trimStart()
    .startsWith('<');
}

/** What the bytes are, among the allowed types; null when none. */
export async function sniffFileKind(bytes: Uint8Array, inflateRaw: InflateRaw): Promise<SniffedKind | null> {
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, ZIP)) return officeKind(bytes, inflateRaw);
  if (startsWith(bytes, CFB)) return compoundKind(bytes);
  return isCsvText(bytes) ? 'csv' : null;
}
