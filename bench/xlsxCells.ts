// What a reader sees of a worksheet, as exceljs reads it: every cell's type, value and number format, and the font
// of links. tests/export/workbook.test.ts compares our writer's file with exceljs's on these; the xlsx bench compares
// its two files the same way (compareSheets).
import ExcelJS from 'exceljs';

export interface SheetCell {
  ref: string;
  type: ExcelJS.ValueType;
  value: ExcelJS.CellValue;
  numFmt?: string;
  linkFont?: Partial<ExcelJS.Font>;
}

/** The first sheet of an .xlsx file. */
export async function firstSheet(bytes: ArrayBuffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('The workbook has no sheet');
  return sheet;
}

/** Every cell of the sheet, row by row. */
export function sheetCells(sheet: ExcelJS.Worksheet): SheetCell[] {
  const cells: SheetCell[] = [];
  sheet.eachRow({ includeEmpty: true }, (row) =>
    row.eachCell({ includeEmpty: true }, (cell) => {
      const { address: ref, type, value, numFmt } = cell;
      if (type !== ExcelJS.ValueType.Hyperlink) cells.push({ ref, type, value, numFmt });
      else {
        const { underline, color } = cell.font;
        cells.push({ ref, type, value, numFmt, linkFont: { underline, color } });
      }
    }),
  );
  return cells;
}

/**
 * Reads two files and compares their first sheets cell by cell (as one line of JSON per cell, so the first workbook
 * is let go before the second is read); answers the cell count and up to 5 differences.
 */
export async function compareSheets(
  first: ArrayBuffer,
  second: ArrayBuffer,
): Promise<{ cells: number; mismatches: string[] }> {
  const lines = async (bytes: ArrayBuffer) =>
    sheetCells(await firstSheet(bytes)).map((cell) => JSON.stringify(cell));
  const a = await lines(first);
  const b = await lines(second);
  const mismatches: string[] = [];
  if (a.length !== b.length) mismatches.push(`${a.length} cells against ${b.length}`);
  for (let i = 0; i < Math.min(a.length, b.length) && mismatches.length < 5; i++)
    if (a[i] !== b[i]) mismatches.push(`${a[i]} / ${b[i]}`);
  return { cells: a.length, mismatches };
}
