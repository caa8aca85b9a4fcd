import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { buildZip, uniqueNames } from '../../workers/export/zip';

describe('buildZip', () => {
  it('zips files that read back byte for byte, with repeated names made unique', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34]);
    const progress: number[] = [];
    const buffer = await buildZip(
      [
        { name: 'bill-2025-01.pdf', data: pdf },
        { name: 'bill-2025-01.pdf', data: pdf.buffer },
        { name: 'notes.txt', data: 'Bills for Main Street' },
      ],
      (fraction) => progress.push(fraction),
    );
    const zip = await JSZip.loadAsync(buffer);
    expect(Object.keys(zip.files).sort()).toEqual(['bill-2025-01 (2).pdf', 'bill-2025-01.pdf', 'notes.txt']);
    expect(await zip.file('bill-2025-01.pdf')?.async('uint8array')).toEqual(pdf);
    expect(await zip.file('bill-2025-01 (2).pdf')?.async('uint8array')).toEqual(pdf);
    expect(await zip.file('notes.txt')?.async('string')).toBe('Bills for Main Street');
    expect(progress.at(-1)).toBe(1);
  });
});

describe('uniqueNames', () => {
  it('numbers repeats before the extension, ignoring case, and strips leading slashes', () => {
    expect(uniqueNames(['a.pdf', 'A.pdf', 'a.pdf', '/b', 'b', ''])).toEqual([
      'a.pdf',
      'A (2).pdf',
      'a (3).pdf',
      'b',
      'b (2)',
      'file',
    ]);
  });
});
