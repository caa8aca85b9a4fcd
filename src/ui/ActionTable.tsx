import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import './table.css';

/** One column of a table: its header and how a row fills its cell. */
export interface TableColumn<Row> {
  key: string;
  header: string;
  /** Numbers line up on the right. */
  isNumeric?: boolean;
  /** The cell names its row (a `th` with scope="row"), as a bill month names a bill's row. */
  isRowHeader?: boolean;
  /** A class of the column's cells beside the table's own (e.g. `data-table__mono` for identifiers). */
  cellClassName?: string;
  /**
   * One of the fields a row is read by: on a narrow frame (a phone), where each row becomes a card of labelled
   * fields (table.css), the key fields come first.
   */
  isKey?: boolean;
  render: (row: Row) => ReactNode;
}

/** Props of the table element shared by ActionTable and PagedTable. */
export type DataTableProps<Row> = {
  /** The table's accessible name, shown to screen readers only (the section's heading names it visibly). */
  caption?: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  getKey: (row: Row) => string | number;
  /** The row's buttons or links, in a last column whose header only screen readers hear ("Actions"). */
  actions?: (row: Row) => ReactNode;
  /** Rows drawn with a warning tint (a bill whose invoice is missing). */
  isRowFlagged?: (row: Row) => boolean;
  /** Tighter, wrapping cells without the header band, for a table inside a dialog (the Sync panel). */
  isCompact?: boolean;
};

function cellClass<Row>(column: TableColumn<Row>): string | undefined {
  const classes = [column.isNumeric ? 'is-num' : '', column.cellClassName ?? ''].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

/**
 * The `<table>` itself: hidden caption, column headers, one row per item (the first cells may name the row). Each
 * cell carries its column's header, which a narrow frame shows beside the value when rows become cards; the roles
 * are explicit because a table laid out as cards loses its implicit ones in some browsers.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  getKey,
  actions,
  isRowFlagged,
  isCompact = false,
}: DataTableProps<Row>) {
  return (
    <table
      role="table"
      className={isCompact ? 'data-table data-table--compact' : 'data-table data-table--cards'}
    >
      {caption === undefined ? null : <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr role="row">
          {columns.map((column) => (
            <th
              key={column.key}
              role="columnheader"
              scope="col"
              className={column.isNumeric ? 'is-num' : undefined}
            >
              {column.header}
            </th>
          ))}
          {actions ? (
            <th role="columnheader" scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={getKey(row)} role="row" data-flagged={isRowFlagged?.(row) || undefined}>
            {columns.map((column) => {
              const Cell = column.isRowHeader ? 'th' : 'td';
              return (
                <Cell
                  key={column.key}
                  scope={column.isRowHeader ? 'row' : undefined}
                  role={column.isRowHeader ? 'rowheader' : 'cell'}
                  className={cellClass(column)}
                  data-label={column.header}
                  data-key={column.isKey || undefined}
                >
                  {column.render(row)}
                </Cell>
              );
            })}
            {actions ? (
              <td role="cell" className="data-table__actions">
                {actions(row)}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Props of an action table. */
export type ActionTableProps<Row> = Omit<DataTableProps<Row>, 'rows'> & {
  /** Undefined while loading. */
  rows: readonly Row[] | undefined;
  /** Said while the rows load; nothing shows while loading without it. */
  loadingText?: string;
  /** Said in place of the table when there are no rows; without it an empty table shows its headers. */
  emptyText?: ReactNode;
};

/**
 * A plain accessible table of a short list (a record's meters, generated files, pending invitations, synced
 * companies), all rows at once, each with its own buttons or links; the loading and empty texts in its place. Long
 * lists page with PagedTable instead (spec 000 §2).
 */
export function ActionTable<Row>({ rows, loadingText, emptyText, ...table }: ActionTableProps<Row>) {
  if (rows === undefined)
    return loadingText === undefined ? null : (
      <p className="muted" aria-busy="true">
        {loadingText}
      </p>
    );
  if (rows.length === 0 && emptyText !== undefined) return <p className="muted">{emptyText}</p>;
  return (
    <TableScroll caption={table.caption}>
      <DataTable rows={rows} {...table} />
    </TableScroll>
  );
}

/**
 * The box a wide table scrolls sideways in. While its table is wider than it, the box is a named region that takes
 * focus, so a keyboard user can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable); a table that fits
 * adds no tab stop.
 */
export function TableScroll({ caption, children }: { caption?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [isScrolling, setScrolling] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // The observer reports the sizes once at the start and at every change of the box or its table.
    const observer = new ResizeObserver(() => setScrolling(element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={box}
      className="data-table-scroll"
      {...(isScrolling ? { tabIndex: 0, role: 'region', 'aria-label': caption ?? 'Table' } : {})}
    >
      {children}
    </div>
  );
}
