// A one-page PDF holding a chart image and its title, written by hand (PDF 1.4, ISO 32000 §7): the
// chart is a JPEG, which PDF embeds as is (DCTDecode), so no PDF library is needed for this.

/** Size and colour channels of a JPEG, read from its frame header. */
export interface JpegInfo {
  width: number;
  height: number;
  components: number;
}

/** What goes on the page. */
export interface ChartPdfInput {
  title: string;
  /** A line under the title, e.g. the export date. */
  subtitle?: string;
  /** Baseline JPEG bytes (canvas.toBlob('image/jpeg')); grey or RGB. */
  jpeg: Uint8Array;
}

// US Letter, landscape, in points; half-inch margins.
const PAGE_WIDTH = 792;
const PAGE_HEIGHT = 612;
const MARGIN = 36;
const MAX_TITLE = 90;

/** Reads width, height and channels from a JPEG's SOF marker; throws when the bytes are not a JPEG. */
export function readJpegInfo(bytes: Uint8Array): JpegInfo {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('Not a JPEG image');
  let at = 2;
  while (at + 3 < bytes.length) {
    if (bytes[at] !== 0xff) throw new Error('Corrupt JPEG image');
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    // SOF0–SOF15 hold the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      const height = ((bytes[at + 5] ?? 0) << 8) | (bytes[at + 6] ?? 0);
      const width = ((bytes[at + 7] ?? 0) << 8) | (bytes[at + 8] ?? 0);
      const components = bytes[at + 9] ?? 0;
      if (width === 0 || height === 0) throw new Error('JPEG image without a size');
      return { width, height, components };
    }
    at += 2 + length;
  }
  throw new Error('JPEG image without a frame header');
}

// WinAnsiEncoding codes 0x80–0x9F for the Unicode characters that Latin-1 puts elsewhere.
const WIN_ANSI: ReadonlyMap<number, number> = new Map([
  [0x20ac, 0x80],
  [0x201a, 0x82],
  [0x0192, 0x83],
  [0x201e, 0x84],
  [0x2026, 0x85],
  [0x2020, 0x86],
  [0x2021, 0x87],
  [0x02c6, 0x88],
  [0x2030, 0x89],
  [0x0160, 0x8a],
  [0x2039, 0x8b],
  [0x0152, 0x8c],
  [0x017d, 0x8e],
  [0x2018, 0x91],
  [0x2019, 0x92],
  [0x201c, 0x93],
  [0x201d, 0x94],
  [0x2022, 0x95],
  [0x2013, 0x96],
  [0x2014, 0x97],
  [0x02dc, 0x98],
  [0x2122, 0x99],
  [0x0161, 0x9a],
  [0x203a, 0x9b],
  [0x0153, 0x9c],
  [0x017e, 0x9e],
  [0x0178, 0x9f],
]);

const hex = (n: number, width: number): string => n.toString(16).toUpperCase().padStart(width, '0');

/** Text as a PDF hex string in WinAnsiEncoding (the standard fonts' encoding); unknown characters become '?'. */
export function winAnsiHex(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0x3f;
    const mapped =
      (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) ? code : (WIN_ANSI.get(code) ?? 0x3f);
    out += hex(mapped, 2);
  }
  return `<${out}>`;
}

/** Text as a PDF text string in UTF-16BE with a byte-order mark (document info accepts any Unicode). */
function utf16Hex(text: string): string {
  let out = 'FEFF';
  for (let i = 0; i < text.length; i++) out += hex(text.charCodeAt(i), 4);
  return `<${out}>`;
}

function pdfDate(date: Date): string {
  const p = (n: number): string => String(n).padStart(2, '0');
  return `D:${date.getUTCFullYear()}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}Z`;
}

const round = (n: number): string => String(Math.round(n * 100) / 100);

/** Builds the PDF: the title (Helvetica Bold 18), an optional subtitle, and the image fitted below them. */
export function buildChartPdf(input: ChartPdfInput, created: Date = new Date()): Uint8Array<ArrayBuffer> {
  const image = readJpegInfo(input.jpeg);
  if (image.components !== 1 && image.components !== 3)
    throw new Error('Only grey or RGB JPEG images are supported');
  const title = input.title.length > MAX_TITLE ? `${input.title.slice(0, MAX_TITLE - 1)}…` : input.title;

  const top = PAGE_HEIGHT - MARGIN;
  const textBlock = input.subtitle ? 52 : 34;
  const boxWidth = PAGE_WIDTH - 2 * MARGIN;
  const boxHeight = top - textBlock - MARGIN;
  const scale = Math.min(boxWidth / image.width, boxHeight / image.height);
  const drawWidth = image.width * scale;
  const drawHeight = image.height * scale;
  const x = MARGIN + (boxWidth - drawWidth) / 2;
  const y = top - textBlock - drawHeight;
  const content = [
    'BT /F1 18 Tf 0.09 0.125 0.165 rg',
    `${MARGIN} ${top - 18} Td ${winAnsiHex(title)} Tj ET`,
    input.subtitle
      ? `BT /F2 10 Tf 0.34 0.39 0.45 rg ${MARGIN} ${top - 38} Td ${winAnsiHex(input.subtitle)} Tj ET`
      : '',
    `q ${round(drawWidth)} 0 0 ${round(drawHeight)} ${round(x)} ${round(y)} cm /Im1 Do Q`,
  ]
    .filter((line) => line !== '')
    .join('\n');

  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: string | Uint8Array): void => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    parts.push(bytes);
    length += bytes.byteLength;
  };
  const object = (body: string): void => {
    offsets.push(length);
    push(`${offsets.length} 0 obj\n${body}\nendobj\n`);
  };

  // The second line's high bytes tell transfer tools the file is binary.
  push('%PDF-1.4\n%');
  push(new Uint8Array([0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      '/Resources << /Font << /F1 5 0 R /F2 6 0 R >> /XObject << /Im1 7 0 R >> >> /Contents 4 0 R >>',
  );
  object(`<< /Length ${encoder.encode(content).byteLength} >>\nstream\n${content}\nendstream`);
  object('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  object('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  offsets.push(length);
  const colourSpace = image.components === 1 ? '/DeviceGray' : '/DeviceRGB';
  push(
    `7 0 obj\n<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} ` +
      `/ColorSpace ${colourSpace} /BitsPerComponent 8 /Filter /DCTDecode /Length ${input.jpeg.byteLength} >>\nstream\n`,
  );
  push(input.jpeg);
  push('\nendstream\nendobj\n');
  object(
    `<< /Title ${utf16Hex(input.title)} /Producer (GET Energy Portal) /CreationDate (${pdfDate(created)}) >>`,
  );

  const xrefAt = length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${entries}`);
  push(
    `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R /Info ${offsets.length} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`,
  );

  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
