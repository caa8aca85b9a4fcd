import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { buildWorkbookWithExceljs } from '../../bench/page/exceljsWorkbook';
import { BENCH_COLUMNS, benchBills } from '../../bench/page/xlsxRows';
import { firstSheet, sheetCells } from '../../bench/xlsxCells';
import { toExportColumn, toExportRow } from '../../src/export/exportRows';
import { buildWorkbook, PROGRESS_EVERY_ROWS, sheetNameOf } from '../../workers/export/workbook';
import { MAX_SHEET_HYPERLINKS } from '../../src/domain/format';
import { createSheetWriter } from '../../workers/export/sheet';
import { NUMBER_FORMATS } from '../../workers/export/xml';
import type { ExportColumn, ExportRow } from '../../workers/export/types';

const columns: ExportColumn[] = [
  { title: 'Location', kind: 'text' },
  { title: 'Services', kind: 'text' },
  { title: 'Total Charges', kind: 'currency' },
  { title: 'Usage', kind: 'number' },
  { title: 'Accounts', kind: 'number' },
  { title: 'Change', kind: 'percent' },
  { title: 'Bill Date', kind: 'date' },
  { title: 'VIEW BILL', kind: 'link' },
  { title: 'Bill PDF', kind: 'link', linkText: 'DOWNLOAD BILL', width: 18 },
];

const rows: ExportRow[] = [
  [
    'Main Street <HQ> & Co',
    ['Electricity', 'Water', null],
    1234.5,
    10.25,
    3,
    0.125,
    '2025-03-04',
    '/api/bills/1',
    'https://files.example/b1.pdf',
  ],
  ['', [], null, undefined, 7, null, null, '', null],
  [
    'Depot\u0001',
    'Natural Gas',
    '$2,000.10',
    '12',
    0,
    -0.5,
    new Date(Date.UTC(2024, 11, 31, 23, 0)),
    'javascript:alert(1)',
    'not a url',
  ],
];

describe('buildWorkbook', () => {
  it('writes a bold, frozen header row and fitted or given column widths', async () => {
    const sheet = await firstSheet(await buildWorkbook(rows, columns, { title: 'Locations' }));
    expect(sheet.name).toBe('Locations');
    expect(sheet.getRow(1).values).toEqual([undefined, ...columns.map((c) => c.title)]);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(9).width).toBe(18);
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual('Main Street <HQ> & Co'.length);
    expect(sheet.rowCount).toBe(rows.length + 1);
  });

  it('formats currency, number, percent and date columns by kind', async () => {
    const sheet = await firstSheet(await buildWorkbook(rows, columns, { title: 'Locations' }));
    const row = sheet.getRow(2);
    expect(row.getCell(3).value).toBe(1234.5);
    expect(row.getCell(3).numFmt).toBe('"$"#,##0.00');
    // A column with a fraction anywhere gets 2 decimals; an all-whole column none.
    expect(row.getCell(4).numFmt).toBe(NUMBER_FORMATS.decimal);
    expect(row.getCell(5).numFmt).toBe(NUMBER_FORMATS.integer);
    expect(row.getCell(6).value).toBe(0.125);
    expect(row.getCell(6).numFmt).toBe('0.00%');
    expect(row.getCell(7).value).toEqual(new Date(Date.UTC(2025, 2, 4)));
    expect(row.getCell(7).numFmt).toBe('mm/dd/yyyy');
    // Numeric text is read as a number; a Date counts by its UTC day, as in the grid.
    const third = sheet.getRow(4);
    expect(third.getCell(3).value).toBe(2000.1);
    expect(third.getCell(4).value).toBe(12);
    expect(third.getCell(7).value).toEqual(new Date(Date.UTC(2024, 11, 31)));
  });

  it("joins service lists with ', ' and shows 'N/A' for empty cells", async () => {
    const sheet = await firstSheet(await buildWorkbook(rows, columns, { title: 'Locations' }));
    expect(sheet.getCell('A2').value).toBe('Main Street <HQ> & Co');
    expect(sheet.getCell('B2').value).toBe('Electricity, Water');
    expect(sheet.getCell('B4').value).toBe('Natural Gas');
    expect(sheet.getRow(3).values).toEqual([
      undefined,
      'N/A',
      'N/A',
      'N/A',
      'N/A',
      7,
      'N/A',
      'N/A',
      'N/A',
      'N/A',
    ]);
    // Characters XML cannot carry are dropped rather than corrupting the file.
    expect(sheet.getCell('A4').value).toBe('Depot');
  });

  it('writes bill links as hyperlinks titled VIEW BILL or DOWNLOAD BILL', async () => {
    const sheet = await firstSheet(
      await buildWorkbook(rows, columns, { title: 'Bills', linkBase: 'https://portal.example' }),
    );
    expect(sheet.getCell('H2').value).toEqual({
      text: 'VIEW BILL',
      hyperlink: 'https://portal.example/api/bills/1',
    });
    expect(sheet.getCell('I2').value).toEqual({
      text: 'DOWNLOAD BILL',
      hyperlink: 'https://files.example/b1.pdf',
    });
    // Only http(s) and mailto become live links; anything else stays visible text.
    expect(sheet.getCell('H4').value).toBe('javascript:alert(1)');
    expect(sheet.getCell('I4').value).toBe('not a url');
  });

  it('keeps at most MAX_SHEET_HYPERLINKS links on a sheet and writes later addresses as text', () => {
    const linkColumns: ExportColumn[] = [
      { title: 'VIEW BILL', kind: 'link' },
      { title: 'DOWNLOAD BILL', kind: 'link' },
    ];
    // Two links a row: the last link is the second cell of data row 32,765; every later link cell is text.
    const count = MAX_SHEET_HYPERLINKS / 2 + 2;
    const linkRows = Array.from({ length: count }, (_, i) => [`/bills/${i}`, `/bills/${i}?download=1`]);
    const writer = createSheetWriter(linkColumns, linkRows, 'https://p.example');
    writer.rows(linkRows, 2);
    expect(writer.linkUrls).toHaveLength(MAX_SHEET_HYPERLINKS);
    expect(writer.linkUrls.at(-1)).toBe(`https://p.example/bills/${count - 3}?download=1`);
    expect(writer.hyperlinksXml().match(/<hyperlink /g)?.length).toBe(MAX_SHEET_HYPERLINKS);
    expect(writer.strings.list).toContain(`https://p.example/bills/${count - 2}`);
    expect(writer.strings.list).toContain(`https://p.example/bills/${count - 1}?download=1`);
    expect(writer.strings.list).not.toContain(`https://p.example/bills/${count - 3}`);
  });

  it('puts the title in the file properties and a valid sheet name on the tab', async () => {
    const buffer = await buildWorkbook(rows.slice(0, 1), columns, { title: 'Spend: 2024/2025 [all]' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer);
    expect(workbook.title).toBe('Spend: 2024/2025 [all]');
    expect(workbook.worksheets[0]?.name).toBe('Spend 2024 2025 all');
    const zip = await JSZip.loadAsync(buffer);
    expect(Object.keys(zip.files)).toEqual(
      expect.arrayContaining([
        '[Content_Types].xml',
        'xl/workbook.xml',
        'xl/styles.xml',
        'xl/worksheets/sheet1.xml',
      ]),
    );
  });

  it('reports progress every 5,000 rows, then while compressing, ending at 1', async () => {
    const many: ExportRow[] = Array.from({ length: 12_000 }, (_, i) => [
      `Row ${i}`,
      null,
      i,
      i,
      i,
      0,
      '2025-01-01',
      null,
      null,
    ]);
    const reports: number[] = [];
    const sheet = await firstSheet(
      await buildWorkbook(many, columns, { title: 'Big', onProgress: (f) => reports.push(f) }),
    );
    expect(sheet.rowCount).toBe(12_001);
    expect(sheet.getCell('A12001').value).toBe('Row 11999');
    expect(PROGRESS_EVERY_ROWS).toBe(5_000);
    expect(reports[0]).toBe(0);
    expect(reports.at(-1)).toBe(1);
    expect([...reports].sort((a, b) => a - b)).toEqual(reports);
    // Three row chunks (5,000 + 5,000 + 2,000) before compression starts.
    expect(new Set(reports.filter((f) => f > 0 && f <= 0.55)).size).toBe(3);
  });

  it('writes a header-only sheet when there are no rows', async () => {
    const sheet = await firstSheet(await buildWorkbook([], columns, { title: 'Empty' }));
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getCell('G1').value).toBe('Bill Date');
  });
});

describe('buildWorkbook against exceljs writing the same rows', () => {
  // The bench's 12 columns (bench/page/xlsxRows.ts) as the page posts them, and the edge rows above.
  const benchColumns = BENCH_COLUMNS.map(toExportColumn);
  const benchRows = benchBills(600).map((bill) => toExportRow(bill, BENCH_COLUMNS));
  const cases = [
    { name: 'the bench rows', columns: benchColumns, rows: benchRows },
    { name: 'the edge rows', columns, rows },
  ];

  it.each(cases)('$name: exceljs reads the same values, types and number formats', async (sample) => {
    const options = { title: 'Bills', linkBase: 'https://portal.example' };
    const ours = await firstSheet(await buildWorkbook(sample.rows, sample.columns, options));
    const reference = await firstSheet(await buildWorkbookWithExceljs(sample.rows, sample.columns, options));
    expect(ours.rowCount).toBe(sample.rows.length + 1);
    expect(sheetCells(ours)).toEqual(sheetCells(reference));
    expect(ours.name).toBe(reference.name);
    expect(ours.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(reference.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    sample.columns.forEach((_, i) =>
      expect(ours.getColumn(i + 1).width).toBe(reference.getColumn(i + 1).width),
    );
    expect(ours.getCell('A1').font?.bold).toBe(true);
    expect(reference.getCell('A1').font?.bold).toBe(true);
  });

  it('covers every kind of cell the export writes, N/A included', async () => {
    const options = { title: 'Bills', linkBase: 'https://portal.example' };
    const sheet = await firstSheet(await buildWorkbook(benchRows, benchColumns, options));
    const cells = sheetCells(sheet).filter((cell) => !/^[A-Z]+1$/.test(cell.ref));
    const formats = (type: ExcelJS.ValueType) =>
      new Set(cells.filter((cell) => cell.type === type).map((cell) => cell.numFmt));
    expect(formats(ExcelJS.ValueType.Number)).toEqual(
      new Set([
        NUMBER_FORMATS.currency,
        NUMBER_FORMATS.decimal,
        NUMBER_FORMATS.integer,
        NUMBER_FORMATS.percent,
      ]),
    );
    expect(formats(ExcelJS.ValueType.Date)).toEqual(new Set([NUMBER_FORMATS.date]));
    const links = cells.filter((cell) => cell.type === ExcelJS.ValueType.Hyperlink);
    expect(links).toHaveLength(benchRows.length);
    expect(links[0]?.linkFont).toEqual({ underline: true, color: { argb: 'FF0563C1' } });
    // Every blank cell of the sample (dates, currency, numbers, percents, text, service lists) reads 'N/A'.
    const na = new Set(
      cells.filter((cell) => cell.value === 'N/A').map((cell) => cell.ref.replace(/\d+$/, '')),
    );
    expect([...na].sort()).toEqual(['D', 'F', 'G', 'H', 'J', 'K']);
  });
});

describe('sheetNameOf', () => {
  it.each([
    ['Locations', 'Locations'],
    ['a/b\\c?d*e[f]g:h', 'a b c d e f g h'],
    ['x'.repeat(40), 'x'.repeat(31)],
    ["'quoted'", 'quoted'],
    ['  ', 'Sheet1'],
  ])('%s → %s', (name, expected) => {
    expect(sheetNameOf(name)).toBe(expected);
  });
});

describe('buildWorkbook notes', () => {
  it('carries notes on a second sheet, "Notes", and leaves the data sheet as it is', async () => {
    const note = 'Not complete: bills of Nov 2025 are still coming.';
    const buffer = await buildWorkbook(rows, columns, { title: 'Bill Detail', notes: [note] });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Bill Detail', 'Notes']);
    expect(book.getWorksheet('Notes')?.getCell('A1').value).toBe(note);
    expect(book.getWorksheet('Bill Detail')?.getRow(1).values).toEqual([
      undefined,
      ...columns.map((c) => c.title),
    ]);
    const plain = new ExcelJS.Workbook();
    await plain.xlsx.load(await buildWorkbook(rows, columns, { title: 'Bill Detail' }));
    expect(plain.worksheets.map((sheet) => sheet.name)).toEqual(['Bill Detail']);
  });
});
