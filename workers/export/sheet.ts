// Cells of the one worksheet, written straight to SpreadsheetML text: in the same browser worker exceljs's object
// model needs 2.3× the CPU time and 2.6× the memory for 100,000 × 12 cells and misses the 10 s budget
// (`npm run bench:xlsx`, docs/architecture.md §12), and its streaming writer is Node-only.
import { EMPTY_CELL_TEXT, MAX_SHEET_HYPERLINKS } from '../../src/domain/format';
import { STYLE } from './xml';
import type { ExportColumn, ExportRow, ExportValue } from './types';
import { excelDateSerial, isBlank, linkUrl, numericValue, textValue } from './values';

/** Excel column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Shared strings: each distinct text is stored once and cells refer to it by index. */
export class SharedStrings {
  readonly list: string[] = [];
  count = 0;
  private readonly index = new Map<string, number>();

  /** Index of a text, added on first use. */
  add(text: string): number {
    this.count += 1;
    let i = this.index.get(text);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(text);
      this.index.set(text, i);
    }
    return i;
  }
}

type CellWriter = (ref: string, value: ExportValue) => string;

/** Writes rows of one sheet; hyperlinks are collected for the sheet's relationships. */
export interface SheetWriter {
  /** The `<row>` elements of rows, the first one being sheet row `firstRowNumber`. */
  rows(rows: readonly ExportRow[], firstRowNumber: number): string;
  /** The header row (row 1). */
  header(): string;
  /** `<hyperlinks>` of the cells written so far ('' when none). */
  hyperlinksXml(): string;
  readonly linkUrls: readonly string[];
  readonly strings: SharedStrings;
}

function hasFraction(rows: readonly ExportRow[], col: number): boolean {
  for (const row of rows) {
    const n = numericValue(row[col]);
    if (n !== null && !Number.isInteger(n)) return true;
  }
  return false;
}

/** A sheet writer for these columns; `rows` is scanned once to pick whole or 2-decimal number formats. */
export function createSheetWriter(
  columns: readonly ExportColumn[],
  rows: readonly ExportRow[],
  linkBase?: string,
  blankCells: 'na' | 'empty' = 'na',
): SheetWriter {
  const strings = new SharedStrings();
  const linkRefs: string[] = [];
  const linkUrls: string[] = [];
  const text = (ref: string, value: string, style: number = STYLE.general): string =>
    `<c r="${ref}"${style ? ` s="${style}"` : ''} t="s"><v>${strings.add(value)}</v></c>`;
  const fallback = (ref: string, value: ExportValue): string => text(ref, textValue(value));

  const numberWriter =
    (style: number): CellWriter =>
    (ref, value) => {
      const n = numericValue(value);
      if (n !== null) return `<c r="${ref}" s="${style}"><v>${n}</v></c>`;
      return fallback(ref, value);
    };

  const writers: CellWriter[] = columns.map((column, col) => {
    switch (column.kind) {
      case 'currency':
        return numberWriter(STYLE.currency);
      case 'percent':
        return numberWriter(STYLE.percent);
      case 'number':
        return numberWriter(hasFraction(rows, col) ? STYLE.decimal : STYLE.integer);
      case 'date':
        return (ref, value) => {
          const serial = excelDateSerial(value);
          return serial === null
            ? fallback(ref, value)
            : `<c r="${ref}" s="${STYLE.date}"><v>${serial}</v></c>`;
        };
      case 'link': {
        const label = column.linkText ?? column.title;
        return (ref, value) => {
          const url = linkUrl(value, linkBase);
          if (url === null) return isBlank(value) ? text(ref, EMPTY_CELL_TEXT) : fallback(ref, value);
          if (linkRefs.length >= MAX_SHEET_HYPERLINKS) return text(ref, url);
          linkRefs.push(ref);
          linkUrls.push(url);
          return text(ref, label, STYLE.link);
        };
      }
      case 'text':
        return (ref, value) => {
          if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"><v>${value}</v></c>`;
          if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
          return fallback(ref, value);
        };
    }
  });
  const letters = columns.map((_, i) => columnLetters(i));

  return {
    strings,
    linkUrls,
    header() {
      const cells = columns.map((column, i) => text(`${letters[i] ?? 'A'}1`, column.title, STYLE.header));
      return `<row r="1">${cells.join('')}</row>`;
    },
    rows(chunk, firstRowNumber) {
      const out: string[] = [];
      for (let r = 0; r < chunk.length; r++) {
        const row = chunk[r] ?? [];
        const rowNumber = firstRowNumber + r;
        let xml = `<row r="${rowNumber}">`;
        for (let c = 0; c < writers.length; c++) {
          const write = writers[c];
          if (blankCells === 'empty' && isBlank(row[c])) continue;
          if (write) xml += write(`${letters[c] ?? 'A'}${rowNumber}`, row[c]);
        }
        out.push(`${xml}</row>`);
      }
      return out.join('');
    },
    hyperlinksXml() {
      if (linkRefs.length === 0) return '';
      const items = linkRefs.map((ref, i) => `<hyperlink ref="${ref}" r:id="rId${i + 1}"/>`);
      return `<hyperlinks>${items.join('')}</hyperlinks>`;
    },
  };
}

/** Column widths in Excel character units: given ones kept, others fitted to the header and first rows. */
export function columnWidths(columns: readonly ExportColumn[], rows: readonly ExportRow[]): number[] {
  const sample = rows.slice(0, 200);
  return columns.map((column, col) => {
    if (column.width !== undefined && column.width > 0) return Math.min(255, column.width);
    let longest = column.title.length;
    if (column.kind === 'date') longest = Math.max(longest, 10);
    else if (column.kind === 'link') longest = Math.max(longest, (column.linkText ?? column.title).length);
    else {
      for (const row of sample) {
        const value = row[col];
        // Formatted numbers gain a '$', separators and decimals over their raw digits.
        const extra = typeof value === 'number' ? 4 : 0;
        longest = Math.max(longest, textValue(value).length + extra);
      }
    }
    return Math.min(60, Math.max(8, longest + 2));
  });
}

/** The sheet's bottom-right cell reference, for <dimension>. */
export function lastCellRef(columnCount: number, rowCount: number): string {
  return `${columnLetters(Math.max(0, columnCount - 1))}${rowCount + 1}`;
}
