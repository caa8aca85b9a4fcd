// Shapes that cross the worker boundary. Everything here is structured-clone safe: the worker never
// receives functions, so the main thread maps its rows through each column's `value` first
// (src/export/exportClient.ts) and posts plain arrays, one value per column, in column order.

/** How a column's cells are written and formatted; the same kinds as the grid's columns. */
export type ExportColumnKind = 'text' | 'number' | 'currency' | 'percent' | 'date' | 'link';

/** A serializable export column. */
export interface ExportColumn {
  title: string;
  kind: ExportColumnKind;
  /** Width in Excel character units; measured from the header and the first rows when absent. */
  width?: number;
  /** Text of each hyperlink in a 'link' column (default: the column title, e.g. 'VIEW BILL'). */
  linkText?: string;
}

/**
 * One cell value as posted to the worker.
 * - currency and number: numbers (numeric text such as '$1,234.50' is read too);
 * - percent: a FRACTION (0.125 is 12.50 %), because Excel's '0.00%' format multiplies by 100; the
 *   page's columns hold percents as the grid does (12.5), and src/export divides before posting;
 * - date: 'YYYY-MM-DD' or an ISO timestamp (the day written), 'YYYY-MM' (the first of the month),
 *   a Date or epoch milliseconds (the UTC day) — the grid's rule, so the sheet shows the grid's days;
 * - link: an http(s) or mailto URL, absolute or relative to `linkBase`;
 * - arrays (service lists) are joined with ', '; null, undefined and blank text become 'N/A'.
 */
export type ExportValue =
  string | number | boolean | Date | null | undefined | readonly (string | null | undefined)[];

/** One row: a value per column, in column order. */
export type ExportRow = readonly ExportValue[];

/** What to name things inside the workbook. */
export interface WorkbookOptions {
  /** Document title (file properties). */
  title: string;
  /** Sheet tab name; defaults to the title, cut to Excel's 31 characters without []:*?/\ . */
  sheetName?: string;
  /**
   * Lines of a second sheet, "Notes", that travels with the data: e.g. that the figures were computed while part of
   * what they read was still coming to the device (src/domain/completeness.ts). None: one sheet.
   */
  notes?: readonly string[];
  /**
   * Blank values as 'N/A' (the default: an export a person reads) or as empty cells (a file that is read back in, such
   * as the rows of an import in error).
   */
  blankCells?: 'na' | 'empty';
  /** Origin that relative link URLs resolve against, e.g. 'https://portal.example'. */
  linkBase?: string;
  /** Called with a fraction 0–1: every 5,000 rows while writing cells, then while compressing. */
  onProgress?: (fraction: number) => void;
}

/** One file of a zip. */
export interface ZipEntry {
  /** Path inside the zip; a repeated name gets ' (2)', ' (3)' before its extension. */
  name: string;
  data: ArrayBuffer | Uint8Array | string;
}
