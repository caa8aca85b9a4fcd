// The typed column list every grid is described by, and how each kind of value reads in a cell.
import { monthLabel } from '../../domain/dates';
import { EMPTY_CELL_TEXT, displayValue, formatAmount, formatDay } from '../../domain/format';
import { monthKey } from '../../domain/totals';
import { formatCurrency } from '../../domain/money';
import type { ExtraColumn } from '../../domain/grid';

/**
 * How a column's values are shown: number (en-US, up to 2 decimals), currency ($1,234.50), percent (12.50%),
 * date (MM/DD/YYYY), month ('Nov 2025' for '2025-11', sorted by its value), text, link (text drawn as a link that
 * opens on click), check (a checkbox, ticked for a value of 1, that acts on click like a link). Numeric kinds are
 * right-aligned.
 */
export type ColumnKind = 'text' | 'number' | 'currency' | 'percent' | 'date' | 'month' | 'link' | 'check';

/** What a column reads from a row; null, undefined and blank text show as 'N/A'. */
export type CellValue = string | number | null | undefined;

/** One column of a grid. */
export type GridColumnDef<Row> = {
  /** Stable key: saved in the user's grid settings, so never rename one in use. */
  readonly id: string;
  readonly title: string;
  /** Pixels; defaults by kind (DEFAULT_WIDTH). */
  readonly width?: number;
  readonly kind: ColumnKind;
  /** Numbers for number/currency/percent; ISO dates ('2025-03-01' or a timestamp) or epoch ms for dates. */
  readonly value: (row: Row) => CellValue;
  /** Offered in the column chooser but not shown until the user picks it. */
  readonly isHiddenByDefault?: boolean;
  /** Whether a header click sorts by it (default true). */
  readonly isSortable?: boolean;
  /** Link columns: what a click on the cell opens; the row's own action (onRowActivate) when absent. */
  readonly onLinkClick?: (row: Row) => void;
  /**
   * One of the fields a row is read by (a bill's amount, a site's name): on a narrow grid (a phone) the key columns
   * come first, so they are on screen without scrolling sideways (keyColumnsFirst).
   */
  readonly isKey?: boolean;
};

/** Column widths by kind when a column names none. */
export const DEFAULT_WIDTH: Readonly<Record<ColumnKind, number>> = {
  text: 180,
  number: 120,
  currency: 130,
  percent: 100,
  date: 120,
  month: 110,
  link: 180,
  check: 76,
};

const percentFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** US dates, MM/DD/YYYY. ISO text keeps its calendar day (no time-zone shift); epoch ms are read as UTC. */
export function formatDate(value: string | number): string {
  if (typeof value === 'number') {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return EMPTY_CELL_TEXT;
    return formatDate(date.toISOString());
  }
  return formatDay(value) ?? displayValue(value);
}

function asNumber(value: string | number): number | null {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The text a cell shows: 'N/A' when empty, else the value formatted by the column's kind (en-US). */
export function formatCell(kind: ColumnKind, value: CellValue): string {
  if (value === null || value === undefined) return EMPTY_CELL_TEXT;
  if (typeof value === 'string' && value.trim() === '') return EMPTY_CELL_TEXT;
  switch (kind) {
    case 'text':
    case 'link':
      return displayValue(value);
    case 'date':
      return formatDate(value);
    case 'month':
      return typeof value === 'string' && monthKey(value) !== undefined
        ? monthLabel(value)
        : displayValue(value);
    case 'check':
      return value === 1 ? 'Yes' : 'No';
    case 'number':
    case 'currency':
    case 'percent': {
      const number = asNumber(value);
      // Text that is not a number is shown as it is rather than hidden behind 'N/A'.
      if (number === null) return typeof value === 'number' ? EMPTY_CELL_TEXT : displayValue(value);
      if (kind === 'currency') return formatCurrency(number);
      if (kind === 'percent') return `${percentFormat.format(number)}%`;
      return formatAmount(number);
    }
  }
}

/** Whether a kind's cells are right-aligned, so digits line up. */
export function isNumericKind(kind: ColumnKind): boolean {
  return kind === 'number' || kind === 'currency' || kind === 'percent';
}

/**
 * The narrowest a column is set to make a grid fit its frame: enough for a date, a month or an amount in full, and
 * for the start of a text (the rest ends in '…', whole on hover).
 */
export const MIN_WIDTH: Readonly<Record<ColumnKind, number>> = {
  text: 100,
  number: 84,
  currency: 100,
  percent: 76,
  date: 112,
  month: 96,
  link: 96,
  check: 60,
};

/** Below this frame width (a phone) a grid shows its key columns first. */
export const NARROW_GRID_WIDTH = 600;

/** The columns with the key ones first, each group in its own order (GridColumnDef.isKey). */
export function keyColumnsFirst<Column extends { readonly isKey?: boolean }>(
  columns: readonly Column[],
): Column[] {
  return [
    ...columns.filter((column) => column.isKey === true),
    ...columns.filter((column) => column.isKey !== true),
  ];
}

/**
 * Column widths that fit `available` pixels where they can: when the columns are wider than that, each shrinks
 * toward its minimum in proportion to what it can give, so the last column is not cut off at the frame's edge. A
 * grid whose minimums do not fit either keeps its widths and scrolls sideways; widths that fit already are kept.
 */
export function fitColumnWidths(
  widths: readonly number[],
  minimums: readonly number[],
  available: number,
): number[] {
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (total <= available) return [...widths];
  const floors = widths.map((width, index) => Math.min(width, minimums[index] ?? width));
  const slack = widths.reduce((sum, width, index) => sum + width - (floors[index] ?? width), 0);
  // Cutting every column to its minimum and still scrolling would only make it harder to read.
  if (slack <= 0 || total - slack > available) return [...widths];
  const share = Math.min(1, (total - available) / slack);
  // Whole pixels, rounded down, so rounding never pushes the sum past `available`.
  return widths.map((width, index) => {
    const floor = floors[index] ?? width;
    return Math.floor(width - (width - floor) * share);
  });
}

/** A column's width in pixels. */
export function columnWidth(column: GridColumnDef<never>): number {
  return column.width ?? DEFAULT_WIDTH[column.kind];
}

/** Ids of the columns shown when the user has saved no choice. */
export function defaultVisibleIds<Row>(columns: readonly GridColumnDef<Row>[]): string[] {
  return columns.filter((column) => column.isHiddenByDefault !== true).map((column) => column.id);
}

/**
 * Text columns for a grid's extra fields (custom attributes, spec 000 §9; accounts' hidden extras, 001 §5),
 * reading each field with `read`.
 */
export function extraGridColumns<Row>(
  extras: readonly ExtraColumn[],
  read: (row: Row, field: string) => CellValue,
): GridColumnDef<Row>[] {
  return extras.map((extra) => ({
    id: extra.field,
    title: extra.title,
    width: extra.width,
    kind: 'text',
    value: (row: Row) => read(row, extra.field),
    isHiddenByDefault: extra.hidden === true,
    isSortable: extra.sortable ?? true,
  }));
}

/** The keys of a row whose values a cell can show as they are. */
export type CellKey<Row> = { [K in keyof Row]-?: Row[K] extends CellValue ? K : never }[keyof Row] & string;

/** What a column may add to its id, title, width and value. */
export type ColumnOptions<Row> = Pick<
  GridColumnDef<Row>,
  'isHiddenByDefault' | 'isSortable' | 'onLinkClick' | 'isKey'
>;

/**
 * Makes the columns of one kind: `(id, title, width)` reads the row's field of that name; `(id, title, width,
 * value)` reads what `value` returns.
 */
export type ColumnBuilder = {
  <Row>(
    id: CellKey<Row>,
    title: string,
    width?: number,
    value?: undefined,
    options?: ColumnOptions<Row>,
  ): GridColumnDef<Row>;
  <Row>(
    id: string,
    title: string,
    width: number | undefined,
    value: (row: Row) => CellValue,
    options?: ColumnOptions<Row>,
  ): GridColumnDef<Row>;
};

function columnsOfKind(kind: ColumnKind): ColumnBuilder {
  return <Row>(
    id: string,
    title: string,
    width?: number,
    value?: (row: Row) => CellValue,
    options?: ColumnOptions<Row>,
  ): GridColumnDef<Row> => ({
    id,
    title,
    kind,
    ...(width === undefined ? {} : { width }),
    // Without `value` the overloads have checked that `id` names a field holding a cell value.
    value: value ?? ((row: Row) => (row as Readonly<Record<string, CellValue>>)[id]),
    ...options,
  });
}

/** Text columns. */
export const textColumn = columnsOfKind('text');
/** Number columns (en-US, up to 2 decimals). */
export const numberColumn = columnsOfKind('number');
/** Money columns ($1,234.50). */
export const moneyColumn = columnsOfKind('currency');
/** Percent columns (12.50%). */
export const percentColumn = columnsOfKind('percent');
/** Date columns (MM/DD/YYYY). */
export const dateColumn = columnsOfKind('date');
/** Link columns: text drawn as a link; `options.onLinkClick` says what a click opens (else the row's action). */
export const linkColumn = columnsOfKind('link');
/** Bill-month columns ('Nov 2025', the name every page gives a month; sorted by the `YYYY-MM` value). */
export const monthColumn = columnsOfKind('month');
/** Checkbox columns: ticked where the value is 1; `options.onLinkClick` says what a click does. */
export const checkColumn = columnsOfKind('check');
