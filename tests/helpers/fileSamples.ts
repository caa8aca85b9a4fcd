// Small files of every allowed type (and some that are not), built from their structure, for the upload checks.
import JSZip from 'jszip';

const text = (value: string) => new TextEncoder().encode(value);

/** A tiny PDF (the header is what the check reads). */
export function pdfBytes(body = 'sample'): Uint8Array<ArrayBuffer> {
  return text(`%PDF-1.4\n% ${body}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** A PNG signature and an IHDR chunk. */
export function pngBytes(): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
  ]);
}

/** A JPEG start of image and APP0 marker. */
export function jpegBytes(): Uint8Array<ArrayBuffer> {
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
}

const MAIN_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  xlsm: 'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
} as const;

/** An Office Open XML package whose [Content_Types].xml names the main part's type (deflated unless `store`). */
export async function officeBytes(
  kind: keyof typeof MAIN_TYPES,
  options: { store?: boolean } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const zip = new JSZip();
  const part = kind === 'docx' ? '/word/document.xml' : '/xl/workbook.xml';
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="xml" ContentType="application/xml"/><Override PartName="${part}" ContentType="${MAIN_TYPES[kind]}"/></Types>`,
  );
  zip.file(part.slice(1), '<root/>');
  return new Uint8Array(
    await zip.generateAsync({ type: 'uint8array', compression: options.store ? 'STORE' : 'DEFLATE' }),
  );
}

/** A zip that is no Office file. */
export async function plainZipBytes(): Promise<Uint8Array<ArrayBuffer>> {
  const zip = new JSZip();
  zip.file('readme.txt', 'hello');
  return new Uint8Array(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
}

const FREE = 0xffffffff;
const END = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;

/**
 * A minimal OLE2 compound file (512-byte sectors): a FAT sector, directory sectors holding the root entry, `streams`
 * at the root and optionally one storage holding `nested` streams. `fatViaDifat` lists the FAT sector in a DIFAT
 * sector instead of the header, as files too large for the header's 109 entries do.
 */
export function compoundFileBytes(
  streams: readonly string[],
  options: { nested?: readonly string[]; fatViaDifat?: boolean } = {},
): Uint8Array<ArrayBuffer> {
  type Entry = { name: string; type: number; left: number; right: number; child: number };
  const entries: Entry[] = [{ name: 'Root Entry', type: 5, left: FREE, right: FREE, child: FREE }];
  const chain = (names: readonly string[], type = 2) => {
    const first = entries.length;
    names.forEach((name, i) =>
      entries.push({
        name,
        type,
        left: FREE,
        right: i < names.length - 1 ? first + i + 1 : FREE,
        child: FREE,
      }),
    );
    return names.length > 0 ? first : FREE;
  };
  const root = entries[0];
  if (!root) throw new Error('no root');
  root.child = chain(streams);
  if (options.nested) {
    const storage = chain(['ObjectPool'], 1);
    const last = entries.findIndex((entry, i) => i > 0 && entry.type === 2 && entry.right === FREE);
    const lastEntry = entries[last];
    if (lastEntry) lastEntry.right = storage;
    else root.child = storage;
    const storageEntry = entries[storage];
    if (storageEntry) storageEntry.child = chain(options.nested);
  }
  const dirSectors = Math.ceil(entries.length / 4);
  const difatSector = options.fatViaDifat ? 1 + dirSectors : null;
  const sectors = 1 + dirSectors + (difatSector === null ? 0 : 1);
  const bytes = new Uint8Array(512 * (sectors + 1));
  const view = new DataView(bytes.buffer);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  view.setUint16(0x18, 0x3e, true);
  view.setUint16(0x1a, 3, true);
  view.setUint16(0x1c, 0xfffe, true);
  view.setUint16(0x1e, 9, true);
  view.setUint16(0x20, 6, true);
  view.setUint32(0x2c, 1, true);
  view.setUint32(0x30, 1, true);
  view.setUint32(0x38, 4096, true);
  view.setUint32(0x3c, END, true);
  view.setUint32(0x44, difatSector ?? END, true);
  view.setUint32(0x48, difatSector === null ? 0 : 1, true);
  for (let i = 0; i < 109; i += 1) view.setUint32(0x4c + i * 4, FREE, true);
  if (difatSector === null) view.setUint32(0x4c, 0, true);
  const sectorAt = (sector: number) => (sector + 1) * 512;
  // FAT: sector 0 is the FAT, the directory sectors chain, the DIFAT sector is marked as such.
  for (let i = 0; i < 128; i += 1) view.setUint32(sectorAt(0) + i * 4, FREE, true);
  view.setUint32(sectorAt(0), FAT_SECTOR, true);
  for (let i = 0; i < dirSectors; i += 1)
    view.setUint32(sectorAt(0) + (1 + i) * 4, i === dirSectors - 1 ? END : 2 + i, true);
  if (difatSector !== null) {
    view.setUint32(sectorAt(0) + difatSector * 4, 0xfffffffc, true);
    for (let i = 0; i < 128; i += 1) view.setUint32(sectorAt(difatSector) + i * 4, FREE, true);
    view.setUint32(sectorAt(difatSector), 0, true);
    view.setUint32(sectorAt(difatSector) + 127 * 4, END, true);
  }
  entries.forEach((entry, i) => {
    const at = sectorAt(1) + i * 128;
    for (let c = 0; c < entry.name.length; c += 1) view.setUint16(at + c * 2, entry.name.charCodeAt(c), true);
    view.setUint16(at + 0x40, (entry.name.length + 1) * 2, true);
    bytes[at + 0x42] = entry.type;
    view.setUint32(at + 0x44, entry.left, true);
    view.setUint32(at + 0x48, entry.right, true);
    view.setUint32(at + 0x4c, entry.child, true);
    view.setUint32(at + 0x74, END, true);
  });
  for (let i = entries.length; i < dirSectors * 4; i += 1) {
    const at = sectorAt(1) + i * 128;
    view.setUint32(at + 0x44, FREE, true);
    view.setUint32(at + 0x48, FREE, true);
    view.setUint32(at + 0x4c, FREE, true);
  }
  return bytes;
}

/** A CSV in UTF-8, with a BOM when asked. */
export function csvBytes(options: { bom?: boolean } = {}): Uint8Array<ArrayBuffer> {
  return text(`${options.bom ? '\ufeff' : ''}Site,Amount\nDallas,12.50\nZürich,"1,000"\n`);
}

/** An HTML page: text, but markup. */
export function htmlBytes(): Uint8Array<ArrayBuffer> {
  return text('<!doctype html><html><body><script>alert(1)</script></body></html>');
}

/** Base64 of bytes (Node). */
export function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}
