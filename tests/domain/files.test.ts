import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  ALLOWED_TYPES_TEXT,
  FILE_INPUT_ACCEPT,
  MAX_FILE_BYTES,
  MAX_FILE_NAME_LENGTH,
  checkFile,
  extensionOf,
  fileSizeText,
  nameForKind,
  renamedFile,
  sanitizeFileName,
  sizeProblem,
} from '../../src/domain/files';
import { compoundFileRootNames, isCsvText, sniffFileKind } from '../../src/domain/fileSniff';
import type { InflateRaw } from '../../src/domain/fileSniff';
import {
  compoundFileBytes,
  csvBytes,
  htmlBytes,
  jpegBytes,
  officeBytes,
  pdfBytes,
  plainZipBytes,
  pngBytes,
} from '../helpers/fileSamples';

const inflate: InflateRaw = (data, maxBytes) =>
  Promise.resolve(new Uint8Array(inflateRawSync(data, { maxOutputLength: maxBytes })));
const text = (value: string) => new TextEncoder().encode(value);

describe('sniffFileKind', () => {
  it.each([
    ['pdf', pdfBytes()],
    ['png', pngBytes()],
    ['jpeg', jpegBytes()],
    ['csv', csvBytes()],
    ['csv', csvBytes({ bom: true })],
    ['doc', compoundFileBytes(['WordDocument', '1Table', 'SummaryInformation'])],
    ['xls', compoundFileBytes(['Workbook', 'SummaryInformation'])],
    ['xls', compoundFileBytes(['Book'])],
  ] as const)('reads %s from the bytes', async (kind, bytes) => {
    expect(await sniffFileKind(bytes, inflate)).toBe(kind);
  });

  it('reads .xlsx and .docx from [Content_Types].xml, deflated or stored', async () => {
    expect(await sniffFileKind(await officeBytes('xlsx'), inflate)).toBe('xlsx');
    expect(await sniffFileKind(await officeBytes('docx'), inflate)).toBe('docx');
    expect(await sniffFileKind(await officeBytes('docx', { store: true }), inflate)).toBe('docx');
  });

  it('refuses a macro-enabled workbook, a plain zip, HTML, binary junk and an empty file', async () => {
    expect(await sniffFileKind(await officeBytes('xlsm'), inflate)).toBeNull();
    expect(await sniffFileKind(await plainZipBytes(), inflate)).toBeNull();
    expect(await sniffFileKind(htmlBytes(), inflate)).toBeNull();
    expect(await sniffFileKind(text('  \n<svg onload="x()"/>'), inflate)).toBeNull();
    expect(await sniffFileKind(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0]), inflate)).toBeNull();
    expect(await sniffFileKind(new Uint8Array([0xc3, 0x28]), inflate)).toBeNull();
  });

  it('refuses a zip whose content types cannot be inflated or are cut off', async () => {
    const failing: InflateRaw = () => Promise.reject(new Error('broken'));
    expect(await sniffFileKind(await officeBytes('xlsx'), failing)).toBeNull();
    const docx = await officeBytes('docx');
    expect(await sniffFileKind(docx.subarray(0, docx.length - 30), inflate)).toBeNull();
  });

  it('decides a compound file by its root: a Word document embedding a workbook is a .doc', async () => {
    const embedded = compoundFileBytes(['WordDocument', '1Table'], { nested: ['Workbook'] });
    expect(compoundFileRootNames(embedded)).toEqual(expect.arrayContaining(['WordDocument', 'ObjectPool']));
    expect(compoundFileRootNames(embedded)).not.toContain('Workbook');
    expect(await sniffFileKind(embedded, inflate)).toBe('doc');
    // Neither stream at the root: not a document this product takes (an .msg mail, say).
    expect(await sniffFileKind(compoundFileBytes(['__substg1.0_0037001F']), inflate)).toBeNull();
  });

  it('follows the FAT through a DIFAT sector, and gives up on a loop or a file cut short', () => {
    expect(compoundFileRootNames(compoundFileBytes(['Workbook'], { fatViaDifat: true }))).toEqual([
      'Workbook',
    ]);
    const looped = compoundFileBytes(['Workbook']);
    // The FAT says the directory sector follows itself.
    new DataView(looped.buffer).setUint32(512 + 4, 1, true);
    expect(compoundFileRootNames(looped)).toBeNull();
    expect(compoundFileRootNames(compoundFileBytes(['Workbook']).subarray(0, 700))).toBeNull();
    expect(compoundFileRootNames(pdfBytes())).toBeNull();
  });
});

describe('isCsvText', () => {
  it('takes UTF-8 text with tabs and line breaks, and refuses NUL, other controls and markup', () => {
    expect(isCsvText(text('a\tb\r\nc,d\n'))).toBe(true);
    expect(isCsvText(text('a,b\u0000'))).toBe(false);
    expect(isCsvText(text('a,b\u001b[31m'))).toBe(false);
    expect(isCsvText(text('\ufeff <html>'))).toBe(false);
  });
});

describe('file names', () => {
  it.each([
    ['Contract 2026.pdf', 'Contract 2026.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\Invoice.PDF', 'Invoice.PDF'],
    ['report\u0000.pdf', 'report.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['a<b>:c"d|e?f*.csv', 'a_b__c_d_e_f_.csv'],
    ['  .hidden.pdf  ', 'hidden.pdf'],
    ['notes.pdf...', 'notes.pdf'],
    ['CON.pdf', '_CON.pdf'],
    ['lpt1', '_lpt1'],
    ['FIle\u0301.pdf'.normalize('NFD'), 'FIlé.pdf'],
    ['Two   spaces\tand tab.pdf', 'Two spaces and tab.pdf'],
  ])('sanitizes %j to %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected.normalize('NFC'));
  });

  it('answers null when nothing readable is left', () => {
    for (const raw of ['', '..', '../', '\u0000\u0001', '???', ' . '])
      expect(sanitizeFileName(raw)).toBeNull();
  });

  it('cuts long names to 200 characters and keeps the extension', () => {
    const name = sanitizeFileName(`${'x'.repeat(300)}.xlsx`);
    expect(name).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(name?.endsWith('.xlsx')).toBe(true);
  });

  it('reads extensions', () => {
    expect(extensionOf('a.b.PDF')).toBe('pdf');
    expect(extensionOf('.pdf')).toBeNull();
    expect(extensionOf('pdf.')).toBeNull();
    expect(extensionOf('none')).toBeNull();
  });

  it('refuses a name of another allowed type, and adds the type to names without one', () => {
    expect(nameForKind('scan.png', 'pdf')).toEqual({
      ok: false,
      problem: 'is named .png but the file is a PDF',
    });
    expect(nameForKind('photo.JPG', 'jpeg')).toEqual({ ok: true, name: 'photo.JPG' });
    expect(nameForKind('photo.jpeg', 'jpeg')).toEqual({ ok: true, name: 'photo.jpeg' });
    expect(nameForKind('Q3 report v1.2', 'pdf')).toEqual({ ok: true, name: 'Q3 report v1.2.pdf' });
    expect(nameForKind('setup.exe', 'pdf')).toEqual({ ok: true, name: 'setup.exe.pdf' });
    const long = nameForKind('y'.repeat(MAX_FILE_NAME_LENGTH), 'csv');
    expect(long.ok && long.name).toBe(`${'y'.repeat(MAX_FILE_NAME_LENGTH - 4)}.csv`);
  });

  it('renames within the same type', () => {
    expect(renamedFile('a.pdf', 'Signed contract')).toEqual({ ok: true, name: 'Signed contract.pdf' });
    expect(renamedFile('a.pdf', 'b.PDF')).toEqual({ ok: true, name: 'b.PDF' });
    expect(renamedFile('a.pdf', 'b.docx')).toEqual({
      ok: false,
      problem: 'is named .docx but the file is a PDF',
    });
    expect(renamedFile('a.pdf', '/')).toEqual({ ok: false, problem: 'needs letters or digits' });
    // A legacy name of a type no longer taken keeps whatever the user types.
    expect(renamedFile('notes.txt', 'Notes')).toEqual({ ok: true, name: 'Notes' });
  });
});

describe('checkFile', () => {
  it('takes a PDF and names its type and size', async () => {
    const bytes = pdfBytes();
    expect(await checkFile('Contract.pdf', bytes, inflate)).toEqual({
      ok: true,
      file: { fileName: 'Contract.pdf', kind: 'pdf', mimeType: 'application/pdf', size: bytes.length },
    });
  });

  it('refuses an HTML file named .pdf, a PDF named .png, an empty file and one byte over 20 MB', async () => {
    expect(await checkFile('invoice.pdf', htmlBytes(), inflate)).toEqual({
      ok: false,
      problem: {
        status: 400,
        field: 'file',
        message: `is not one of the allowed types: ${ALLOWED_TYPES_TEXT}`,
      },
    });
    expect(await checkFile('scan.png', pdfBytes(), inflate)).toEqual({
      ok: false,
      problem: { status: 400, field: 'fileName', message: 'is named .png but the file is a PDF' },
    });
    expect(await checkFile('a.pdf', new Uint8Array(0), inflate)).toMatchObject({
      ok: false,
      problem: { status: 400, field: 'file', message: 'is empty' },
    });
    const big = new Uint8Array(MAX_FILE_BYTES + 1);
    big.set(pdfBytes());
    expect(await checkFile('big.pdf', big, inflate)).toEqual({
      ok: false,
      problem: { status: 413, field: 'file', message: 'is larger than 20 MB' },
    });
    expect(await checkFile('..', pdfBytes(), inflate)).toMatchObject({
      ok: false,
      problem: { field: 'fileName' },
    });
  });

  it('takes exactly 20 MB', async () => {
    const bytes = new Uint8Array(MAX_FILE_BYTES);
    bytes.set(pdfBytes());
    expect((await checkFile('max.pdf', bytes, inflate)).ok).toBe(true);
    expect(sizeProblem(MAX_FILE_BYTES)).toBeNull();
  });
});

describe('texts', () => {
  it('lists the allowed types and extensions, and sizes as people read them', () => {
    expect(ALLOWED_TYPES_TEXT).toBe('PDF, XLSX, XLS, DOCX, DOC, CSV, PNG or JPEG');
    expect(FILE_INPUT_ACCEPT).toBe('.pdf,.xlsx,.xls,.docx,.doc,.csv,.png,.jpg,.jpeg');
    expect([512, 2048, 1536 * 1024, 25 * 1024 * 1024].map(fileSizeText)).toEqual([
      '512 B',
      '2 KB',
      '1.5 MB',
      '25 MB',
    ]);
  });
});
