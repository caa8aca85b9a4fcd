// What a reader sees of a worksheet, as exceljs reads it: every cell's type, value and number format, and the font
// of links. tests/export/workbook.test.ts compares our writer's file with exceljs's on these; the xlsx bench reads
// its two files back the same way.
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
