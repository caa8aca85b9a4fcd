// buildWorkbook: rows of plain values to an .xlsx file (one sheet, header row bold and frozen).
import JSZip from 'jszip';
import type { ExportColumn, ExportRow, WorkbookOptions } from './types';
import { columnWidths, createSheetWriter, lastCellRef } from './sheet';
import {
  appXml,
  contentTypesXml,
  NOTES_SHEET_FILE,
  notesSheetXml,
  coreXml,
  rootRelsXml,
  sharedStringsXml,
  sheetHeadXml,
  sheetRelsXml,
  stylesXml,
  workbookRelsXml,
  workbookXml,
} from './xml';

/** Rows per written chunk, and so per progress report. */
export const PROGRESS_EVERY_ROWS = 5_000;
/** Share of the progress bar given to writing cells; compression (deflate level 3: as fast as level 1, 16 % smaller) takes the rest. */
const CELLS_SHARE = 0.55;
const FORBIDDEN_SHEET_CHARS = /[[\]:*?/\\]/g;

/** An Excel-valid sheet name: no []:*?/\, at most 31 characters, never blank. */
export function sheetNameOf(name: string): string {
  const clean = name.replace(FORBIDDEN_SHEET_CHARS, ' ').replace(/\s+/g, ' ').trim().slice(0, 31).trim();
  return clean.replace(/^'+|'+$/g, '') || 'Sheet1';
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.byteLength;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/** An ArrayBuffer holding exactly these bytes (a view may sit inside a larger buffer). */
export function exactBuffer(bytes: Uint8Array): ArrayBuffer {
  if (
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer
  ) {
    return bytes.buffer;
  }
  return bytes.slice().buffer;
}

/** Builds an .xlsx workbook of one sheet; number formats follow each column's kind. */
export async function buildWorkbook(
  rows: readonly ExportRow[],
  columns: readonly ExportColumn[],
  options: WorkbookOptions,
): Promise<ArrayBuffer> {
  const report = options.onProgress ?? (() => undefined);
  const writer = createSheetWriter(columns, rows, options.linkBase, options.blankCells);
  const encoder = new TextEncoder();
  // The sheet is encoded chunk by chunk so no single string holds the whole sheet.
  const parts: Uint8Array[] = [
    encoder.encode(sheetHeadXml(lastCellRef(columns.length, rows.length), columnWidths(columns, rows))),
    encoder.encode(writer.header()),
  ];
  report(0);
  for (let start = 0; start < rows.length; start += PROGRESS_EVERY_ROWS) {
    const chunk = rows.slice(start, start + PROGRESS_EVERY_ROWS);
    parts.push(encoder.encode(writer.rows(chunk, start + 2)));
    report((CELLS_SHARE * Math.min(rows.length, start + PROGRESS_EVERY_ROWS)) / rows.length);
  }
  parts.push(encoder.encode(`</sheetData>${writer.hyperlinksXml()}`));
  parts.push(
    encoder.encode(
      '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>',
    ),
  );

  const notes = options.notes ?? [];
  const hasNotes = notes.length > 0;
  const zip = new JSZip();
  zip.file('[Content_Types].xml', contentTypesXml(hasNotes));
  zip.file('_rels/.rels', rootRelsXml());
  zip.file('docProps/core.xml', coreXml(options.title, new Date()));
  zip.file('docProps/app.xml', appXml());
  zip.file('xl/workbook.xml', workbookXml(sheetNameOf(options.sheetName ?? options.title), hasNotes));
  zip.file('xl/_rels/workbook.xml.rels', workbookRelsXml(hasNotes));
  zip.file('xl/styles.xml', stylesXml());
  zip.file('xl/sharedStrings.xml', sharedStringsXml(writer.strings.list, writer.strings.count));
  zip.file('xl/worksheets/sheet1.xml', concat(parts));
  if (hasNotes) zip.file(`xl/worksheets/${NOTES_SHEET_FILE}`, notesSheetXml(notes));
  if (writer.linkUrls.length > 0)
    zip.file('xl/worksheets/_rels/sheet1.xml.rels', sheetRelsXml(writer.linkUrls));

  let lastPercent = -1;
  const bytes = await zip.generateAsync(
    { type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 3 } },
    (meta) => {
      // jszip reports very often; pass on whole-percent steps only.
      const percent = Math.floor(meta.percent);
      if (percent === lastPercent) return;
      lastPercent = percent;
      report(CELLS_SHARE + ((1 - CELLS_SHARE) * percent) / 100);
    },
  );
  report(1);
  return exactBuffer(bytes);
}
