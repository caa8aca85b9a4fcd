// The export's workbook written by exceljs's object model: the reference our own writer (workers/export/workbook.ts)
// is measured against (`npm run bench:xlsx`) and compared with (tests/export/workbook.test.ts). Values go through the
// worker's own conversions (workers/export/values.ts), so the two files differ only in who wrote the XML.
import ExcelJS from 'exceljs';
import { EMPTY_CELL_TEXT } from '../../src/domain/format';
import { columnWidths } from '../../workers/export/sheet';
import type { ExportColumn, ExportRow, ExportValue, WorkbookOptions } from '../../workers/export/types';
import { excelDateSerial, isBlank, linkUrl, numericValue, textValue } from '../../workers/export/values';
import { exactBuffer, sheetNameOf } from '../../workers/export/workbook';
import { NUMBER_FORMATS } from '../../workers/export/xml';

const DAY_MS = 86_400_000;
/** Excel's serial of 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25_569;
/** The deflate level of workers/export/workbook.ts: both files go through the same compressor (jszip) alike. */
const DEFLATE_LEVEL = 3;

const HEADER_STYLE: Partial<ExcelJS.Style> = {
  font: { bold: true, size: 11, name: 'Calibri', family: 2 },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EDF3' } },
  border: { bottom: { style: 'thin', color: { argb: 'FF9AA8B6' } } },
};
const LINK_FONT: Partial<ExcelJS.Font> = {
  underline: true,
  size: 11,
  color: { argb: 'FF0563C1' },
  name: 'Calibri',
  family: 2,
};

/** A cell's value and, for numbers and dates, its format. */
interface CellContent {
  value: ExcelJS.CellValue;
  numFmt?: string;
  font?: Partial<ExcelJS.Font>;
}

type CellMaker = (value: ExportValue) => CellContent;

const asText = (value: ExportValue): CellContent => ({ value: textValue(value) });

function numberCell(numFmt: string): CellMaker {
  return (value) => {
    const n = numericValue(value);
    return n === null ? asText(value) : { value: n, numFmt };
  };
}

/** The same rule as the worker's writer: a 'number' column shows 2 decimals when any of its values has a fraction. */
function numberFormatOf(rows: readonly ExportRow[], col: number): string {
  const hasFraction = rows.some((row) => {
    const n = numericValue(row[col]);
    return n !== null && !Number.isInteger(n);
  });
  return hasFraction ? NUMBER_FORMATS.decimal : NUMBER_FORMATS.integer;
}

function cellMaker(
  column: ExportColumn,
  rows: readonly ExportRow[],
  col: number,
  linkBase?: string,
): CellMaker {
  switch (column.kind) {
    case 'currency':
      return numberCell(NUMBER_FORMATS.currency);
    case 'percent':
      return numberCell(NUMBER_FORMATS.percent);
    case 'number':
      return numberCell(numberFormatOf(rows, col));
    case 'date':
      return (value) => {
        const serial = excelDateSerial(value);
        if (serial === null) return asText(value);
        return { value: new Date((serial - UNIX_EPOCH_SERIAL) * DAY_MS), numFmt: NUMBER_FORMATS.date };
      };
    case 'link': {
      const text = column.linkText ?? column.title;
      return (value) => {
        const hyperlink = linkUrl(value, linkBase);
        if (hyperlink !== null) return { value: { text, hyperlink }, font: LINK_FONT };
        return isBlank(value) ? { value: EMPTY_CELL_TEXT } : asText(value);
      };
    }
    case 'text':
      return (value) =>
        (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean'
          ? { value }
          : asText(value);
  }
}

/** Builds the same one-sheet workbook as workers/export/workbook.ts buildWorkbook, through exceljs. */
export async function buildWorkbookWithExceljs(
  rows: readonly ExportRow[],
  columns: readonly ExportColumn[],
  options: WorkbookOptions,
): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.title = options.title;
  workbook.creator = 'GET Energy Portal';
  const sheet = workbook.addWorksheet(sheetNameOf(options.sheetName ?? options.title), {
    views: [{ state: 'frozen', ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  const widths = columnWidths(columns, rows);
  sheet.columns = columns.map((_, i) => ({ width: widths[i] ?? 10 }));
  const header = sheet.addRow(columns.map((column) => column.title));
  header.eachCell((cell) => {
    cell.style = HEADER_STYLE;
  });

  const makers = columns.map((column, col) => cellMaker(column, rows, col, options.linkBase));
  for (const row of rows) {
    const contents = makers.map((make, col) => make(row[col]));
    const added = sheet.addRow(contents.map((content) => content.value));
    contents.forEach((content, col) => {
      if (content.numFmt === undefined && content.font === undefined) return;
      const cell = added.getCell(col + 1);
      if (content.numFmt !== undefined) cell.numFmt = content.numFmt;
      if (content.font !== undefined) cell.font = content.font;
    });
  }

  const written: unknown = await workbook.xlsx.writeBuffer({
    zip: { compression: 'DEFLATE', compressionOptions: { level: DEFLATE_LEVEL } },
  });
  // Typed as an ArrayBuffer, but a Buffer (a Uint8Array, often a view of a larger pool) in Node and the browser.
  if (written instanceof Uint8Array) return exactBuffer(written);
  if (written instanceof ArrayBuffer) return written;
  throw new Error('exceljs wrote neither bytes nor a buffer');
}
