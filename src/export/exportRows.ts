// Grid-shaped export columns (with value functions) to what the worker accepts: functions cannot cross
// to a worker, so the page maps each row through `column.value` and posts plain values in column order.
import { displayValue } from '../domain/format';
import type { ExportColumn, ExportColumnKind, ExportRow, ExportValue } from '../../workers/export/api';

/**
 * An export column in the grid's shape (src/ui/grid/columns.ts GridColumnDef): a grid column can be
 * passed as is. Values follow the grid's conventions: percent columns hold percents (12.5 = 12.50 %),
 * dates ISO text or epoch milliseconds, lists of services arrays or joined text.
 */
export interface ExportSourceColumn<Row> {
  title: string;
  kind: ExportColumnKind;
  /** Width in pixels, as in the grid; the sheet gets width / 7 characters (Calibri 11's digit width). */
  width?: number;
  /** The cell value (for 'link' columns without `href`: the URL). */
  value: (row: Row) => unknown;
  /** 'link' columns: the URL of a row's link (a grid link column's value is its text, not a URL). */
  href?: (row: Row) => string | null | undefined;
  /** 'link' columns: the text of every link (default: the title, e.g. 'VIEW BILL' or 'DOWNLOAD BILL'). */
  linkText?: string;
}

/** Pixels per Excel character unit. */
const PX_PER_CHAR = 7;

/** The serializable column the worker receives. */
export function toExportColumn<Row>(column: ExportSourceColumn<Row>): ExportColumn {
  const out: ExportColumn = { title: column.title, kind: column.kind };
  if (column.width !== undefined && column.width > 0)
    out.width = Math.round((column.width / PX_PER_CHAR) * 10) / 10;
  if (column.linkText !== undefined) out.linkText = column.linkText;
  return out;
}

/** A structured-clone-safe cell value: arrays become text lists, other objects their display text. */
export function toExportValue(value: unknown): ExportValue {
  if (value === null || value === undefined) return value;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return value;
    case 'bigint':
      return Number(value);
    case 'object':
      if (value instanceof Date) return value;
      if (Array.isArray(value)) {
        return value.map((item: unknown) =>
          item === null || item === undefined ? null : displayValue(item),
        );
      }
      return displayValue(value);
    default:
      return undefined;
  }
}

/** A grid percent (12.5, '12.5%') as the fraction Excel's % format expects (0.125); other values unchanged. */
export function percentToFraction(value: ExportValue): ExportValue {
  if (typeof value === 'number') return Number.isFinite(value) ? value / 100 : value;
  if (typeof value !== 'string' || value.trim() === '') return value;
  const number = Number(value.trim().replace(/%$/, '').replace(/,/g, ''));
  return Number.isFinite(number) ? number / 100 : value;
}

/** One row as the worker receives it. */
export function toExportRow<Row>(row: Row, columns: readonly ExportSourceColumn<Row>[]): ExportRow {
  return columns.map((column) => {
    if (column.kind === 'link' && column.href) return toExportValue(column.href(row));
    const value = toExportValue(column.value(row));
    return column.kind === 'percent' ? percentToFraction(value) : value;
  });
}
