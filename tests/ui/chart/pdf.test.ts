import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildChartPdf, readJpegInfo, winAnsiHex } from '../../../src/ui/chart/pdf';

// A 40 × 20 RGB JPEG drawn by Chromium's canvas.toBlob('image/jpeg'): what the chart export embeds.
const JPEG = Uint8Array.from(
  atob(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAUACgDASIAAhEBAxEB/8QAGAABAQEBAQAAAAAAAAAAAAAAAAcIAwX/xAArEAABAAcFCAMAAAAAAAAAAAAAAQIHEhNFwwYRFTKDBAUIFBcjMYRlpOL/xAAXAQEBAQEAAAAAAAAAAAAAAAAFBgQH/8QALxEAAAQCBQoHAAAAAAAAAAAAAAECAwUREhRBgfAEBiQxMjRFUVLBFSFhcYKx8f/aAAwDAQACEQMRAD8A1SCTt5kevTDBp5oVBTw3Qq5Sul6y1z7DFXNIq9G+6Y79WPhftfgqJl0rTYrS72s9hGD7Xy8eNE7ai7zrl2ZCbsyfBEwSIPZSThvqnKVhWz5SDcYSzkSCcSXl+c/cUgE3Y7aXe1ocXxja+YgQYfbUUdefvyoRflR5BQJVSKZAxl5LyCcTqMee3mR69MMGnmhUAKrguOsFcRx0ialC4g5B7FMA5Rm9sPfHuKbOjdixaQcPk/8AXqAAq2dggNDt2Tf9mP/Z',
  ),
  (c) => c.charCodeAt(0),
);

const latin1 = (bytes: Uint8Array): string => Array.from(bytes, (b) => String.fromCharCode(b)).join('');

function hasTool(name: string): boolean {
  try {
    execFileSync(name, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('readJpegInfo', () => {
  it('reads the size and channels from the frame header', () => {
    expect(readJpegInfo(JPEG)).toEqual({ width: 40, height: 20, components: 3 });
  });

  it('refuses bytes that are not a JPEG', () => {
    expect(() => readJpegInfo(new TextEncoder().encode('%PDF-1.4'))).toThrow('Not a JPEG');
    expect(() => readJpegInfo(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toThrow();
  });
});

describe('winAnsiHex', () => {
  it('encodes Latin-1 and the WinAnsi extras, and replaces the rest', () => {
    expect(winAnsiHex('Spend (é) — €')).toBe('<5370656E642028E92920972080>');
    expect(winAnsiHex('A')).toBe('<41>');
    expect(winAnsiHex('—')).toBe('<97>');
    expect(winAnsiHex('€')).toBe('<80>');
    expect(winAnsiHex('é')).toBe('<E9>');
    expect(winAnsiHex('漢')).toBe('<3F>');
  });
});

describe('buildChartPdf', () => {
  const pdf = buildChartPdf(
    { title: 'Spend by service (2024–2025)', subtitle: 'Exported 03/04/2025', jpeg: JPEG },
    new Date(Date.UTC(2025, 2, 4, 10)),
  );
  const text = latin1(pdf);

  it('is a PDF 1.4 file whose xref offsets point at each object', () => {
    expect(text.startsWith('%PDF-1.4\n%')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const table = /xref\n0 (\d+)\n([\s\S]*?)trailer/.exec(text.slice(startxref));
    const size = Number(table?.[1]);
    expect(size).toBe(9);
    const entries = (table?.[2] ?? '').match(/\d{10} \d{5} [nf] \n/g) ?? [];
    expect(entries).toHaveLength(size);
    entries.slice(1).forEach((entry, i) => {
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`);
    });
    expect(text).toMatch(/trailer\n<< \/Size 9 \/Root 1 0 R \/Info 8 0 R >>/);
  });

  it('embeds the JPEG byte for byte as a DCTDecode image of its own size', () => {
    expect(text).toContain(
      `/Width 40 /Height 20 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${JPEG.length}`,
    );
    const start = text.indexOf('stream\n', text.indexOf('/DCTDecode')) + 'stream\n'.length;
    expect(pdf.slice(start, start + JPEG.length)).toEqual(JPEG);
    expect(text.slice(start + JPEG.length, start + JPEG.length + 10)).toBe('\nendstream');
  });

  it('writes the title and subtitle with standard fonts, and the title in the document info', () => {
    expect(text).toContain(winAnsiHex('Spend by service (2024–2025)'));
    expect(text).toContain(winAnsiHex('Exported 03/04/2025'));
    expect(text).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
    expect(text).toContain('/Title <FEFF0053');
    expect(text).toContain('/CreationDate (D:20250304100000Z)');
    const length = Number(/4 0 obj\n<< \/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
    const body = text.slice(text.indexOf('stream\n', text.indexOf('4 0 obj')) + 7);
    expect(body.slice(length, length + 10)).toBe('\nendstream');
  });

  it.skipIf(!hasTool('pdftoppm'))('opens in Poppler (pdftoppm renders the page)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chart-pdf-'));
    try {
      writeFileSync(join(dir, 'chart.pdf'), pdf);
      execFileSync(
        'pdftoppm',
        ['-png', '-r', '36', '-singlefile', join(dir, 'chart.pdf'), join(dir, 'page')],
        { stdio: 'pipe' },
      );
      const png = readFileSync(join(dir, 'page.png'));
      expect(latin1(png.subarray(1, 4))).toBe('PNG');
      // 792 × 612 pt at 36 dpi: US Letter landscape.
      expect(png.readUInt32BE(16)).toBe(396);
      expect(png.readUInt32BE(20)).toBe(306);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
