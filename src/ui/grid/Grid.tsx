import { DataEditor, GridCellKind } from '@glideapps/glide-data-grid';
import type { GridCell, GridColumn, GridMouseEventArgs, Item, Theme } from '@glideapps/glide-data-grid';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import '@glideapps/glide-data-grid/dist/index.css';
import { EMPTY_CELL_TEXT } from '../../domain/format';
import { ColumnChooser } from './ColumnChooser';
import { GridToolbar } from './GridToolbar';
import { GridTooltip } from './GridTooltip';
import type { GridTooltipHandle } from './GridTooltip';
import { isTextTruncated, makeDrawCell } from './cellDrawing';
import {
  MIN_WIDTH,
  NARROW_GRID_WIDTH,
  columnWidth,
  defaultVisibleIds,
  fitColumnWidths,
  formatCell,
  isNumericKind,
  keyColumnsFirst,
} from './columns';
import type { CellValue, GridColumnDef } from './columns';
import { useAccessibleName, useDebouncedValue, useElementWidth, useSelectionFollowsRow } from './gridHooks';
import { useGridOrder } from './useGridOrder';
import type { GridSettingsState } from './useGridSettings';
import { HEADER_HEIGHT, ROW_HEIGHT, hoverRowBackground, useGridTheme } from './useGridTheme';
import './grid.css';

/** Props of a data grid. Keep `columns` and `rows` stable between renders (a constant, useMemo, a live query). */
export type GridProps<Row> = {
  /**
   * The user's column choice (useGridSettings): the page holds it, as its export needs the same visible columns the
   * grid shows.
   */
  readonly settings: GridSettingsState;
  /** Accessible name of the grid, e.g. 'Locations'. */
  readonly label: string;
  readonly columns: readonly GridColumnDef<Row>[];
  /** The rows; while `isPartial`, undefined where a row is not read yet (its cells show blank). */
  readonly rows: readonly (Row | undefined)[];
  /**
   * The rows are still being read (a page that reads a large range in chunks): the grid shows them in their own
   * order, and a sort or quick filter asked for meanwhile applies once this turns false.
   */
  readonly isPartial?: boolean;
  /** The rows on screen changed: positions `from` to `to` (while `isPartial`, indexes into `rows`). */
  readonly onShowRows?: (from: number, to: number) => void;
  readonly getRowId: (row: Row) => string | number;
  /** Opens a row: a click on it, or Enter on its focused cell. */
  readonly onRowActivate?: (row: Row) => void;
  /** Shows 'Loading…' (aria-busy) instead of the rows. */
  readonly isLoading?: boolean;
  /** Shown when there are no rows at all. */
  readonly emptyText?: string;
  /** The page's controls, placed in the toolbar before the column chooser. */
  readonly toolbar?: ReactNode;
  /** Height of the grid area (header and rows), in pixels or any CSS length. */
  readonly height?: number | string;
  /** Columns kept in view while scrolling sideways. */
  readonly freezeColumns?: number;
  /**
   * Changes when cells show something new that is not in `rows` or `columns` (a row selection read from the page's
   * state): the visible cells are drawn again, without sorting or indexing the rows anew.
   */
  readonly revision?: unknown;
  /** The quick filter's text when the grid mounts: a page opened filtered (`?search=`, as GET AI opens pages). */
  readonly initialFilter?: string;
};

const FILTER_DELAY_MS = 150;
/** Pixels of the frame the columns leave free: glide's vertical scrollbar (overlay or classic) and a margin. */
const SCROLLBAR_ALLOWANCE = 18;
const NO_ROWS: readonly never[] = [];
const NOT_READ_CELL: GridCell = {
  kind: GridCellKind.Text,
  data: '',
  displayData: '',
  allowOverlay: false,
  readonly: true,
};
const SORT_ARROW = { asc: ' ↑', desc: ' ↓' } as const;
const isBlank = (value: CellValue): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * A data grid for up to 100,000 rows (glide-data-grid, drawn on canvas): quick filter, sort by header click
 * (ascending, descending, off), column chooser saved per user, 'N/A' for empty cells, long text ending in '…'
 * with the full text on hover, keyboard navigation, and a row click or Enter opening the row.
 */
export function Grid<Row>({
  settings,
  label,
  columns,
  rows,
  isPartial = false,
  onShowRows,
  getRowId,
  onRowActivate,
  isLoading = false,
  emptyText = 'No Data Available',
  toolbar,
  height = 560,
  freezeColumns = 0,
  revision,
  initialFilter = '',
}: GridProps<Row>) {
  const theme = useGridTheme();
  const [filter, setFilter] = useState(initialFilter);
  const query = useDebouncedValue(filter, FILTER_DELAY_MS);
  const [widths, setWidths] = useState<ReadonlyMap<string, number>>(new Map());
  const [hoverRow, setHoverRow] = useState<number | null>(null);
  const tooltip = useRef<GridTooltipHandle>(null);
  const container = useRef<HTMLDivElement>(null);
  useAccessibleName(container, label);
  // Glide sizes its canvas from a ResizeObserver and draws nothing until it answers, a render later: the body's
  // size, measured before the grid mounts, lets the first frame with rows already show them. Glide reads it when it
  // mounts only, so a grid whose rows are there at once (a remembered or stored answer) mounts one synchronous
  // render later, once the layout effect has measured the body — still before the browser paints.
  const [bodySize, setBodySize] = useState<readonly [number, number] | undefined>(undefined);
  useLayoutEffect(() => {
    const body = container.current;
    if (body && bodySize === undefined) setBodySize([body.clientWidth, body.clientHeight]);
  }, [bodySize]);

  const bodyWidth = useElementWidth(container);
  const isNarrow = bodyWidth !== undefined && bodyWidth < NARROW_GRID_WIDTH;
  // On a phone the fields a row is read by come first (docs/architecture.md §13, the grid kit).
  const visibleColumns = useMemo(() => {
    const visible = new Set(settings.visibleIds);
    const shown = columns.filter((column) => visible.has(column.id));
    return isNarrow ? keyColumnsFirst(shown) : shown;
  }, [columns, settings.visibleIds, isNarrow]);
  // Only complete rows are sorted or searched: until then, none (a sort or filter asked for waits).
  const completeRows = isPartial ? NO_ROWS : (rows as readonly Row[]);
  const ordered = useGridOrder<Row>(completeRows, visibleColumns, isPartial ? '' : query);
  const { sort, requestSort } = ordered;
  const order = isPartial ? null : ordered.order;
  const isSorting = ordered.isSorting || (isPartial && sort !== null);
  const isFiltering = ordered.isFiltering || (isPartial && query.trim() !== '');
  const rowCount = order ? order.length : rows.length;
  const rowAt = useCallback(
    (position: number): Row | undefined => rows[order ? (order[position] ?? -1) : position],
    [rows, order],
  );
  const [selection, setSelection, clearSelection] = useSelectionFollowsRow(rowAt, rowCount, getRowId);

  const onFilterChange = useCallback(
    (text: string) => {
      setFilter(text);
      clearSelection();
    },
    [clearSelection],
  );

  const linkTheme = useMemo<Partial<Theme>>(() => ({ textDark: theme.linkColor }), [theme]);
  const drawCell = useMemo(
    () => makeDrawCell((override) => override === linkTheme, hoverRow),
    [linkTheme, hoverRow],
  );
  const widthOf = useCallback(
    (column: GridColumnDef<Row>) => widths.get(column.id) ?? columnWidth(column),
    [widths],
  );

  // The columns shrink toward their minimums to fit the frame, so the last one is not cut off at its edge; a width
  // the user dragged stays as it is.
  const fittedWidths = useMemo(() => {
    const wanted = visibleColumns.map(widthOf);
    if (bodyWidth === undefined) return wanted;
    const minimums = visibleColumns.map((column, index) =>
      widths.has(column.id) ? (wanted[index] ?? 0) : Math.min(MIN_WIDTH[column.kind], wanted[index] ?? 0),
    );
    // The frame's borders and glide's vertical scrollbar take from the width the columns can use.
    const available = bodyWidth - SCROLLBAR_ALLOWANCE;
    if (!isNarrow) return fitColumnWidths(wanted, minimums, available);
    // On a phone the key columns, first, share the screen; the others follow at their widths, a swipe away.
    const keys = visibleColumns.flatMap((column, index) => (column.isKey === true ? [index] : []));
    const keyMinimums = keys.map((index) => minimums[index] ?? 0);
    // As close to the screen's width as their minimums allow, even when those are a little wider.
    const fittedKeys = fitColumnWidths(
      keys.map((index) => wanted[index] ?? 0),
      keyMinimums,
      Math.max(
        available,
        keyMinimums.reduce((sum, width) => sum + width, 0),
      ),
    );
    return wanted.map((width, index) => {
      const key = keys.indexOf(index);
      return key < 0 ? width : (fittedKeys[key] ?? width);
    });
  }, [visibleColumns, widthOf, widths, bodyWidth, isNarrow]);

  const gridColumns = useMemo<GridColumn[]>(
    () =>
      visibleColumns.map((column, index) => {
        const sorted = sort?.columnId === column.id ? sort.direction : null;
        return {
          id: column.id,
          title: sorted ? column.title + SORT_ARROW[sorted] : column.title,
          width: fittedWidths[index] ?? widthOf(column),
          themeOverride: sorted ? { textHeader: theme.textDark } : undefined,
        };
      }),
    [visibleColumns, sort, widthOf, fittedWidths, theme],
  );

  const isClickable = onRowActivate !== undefined;
  const getCellContent = useCallback(
    ([col, position]: Item): GridCell => {
      const column = visibleColumns[col];
      const row = rowAt(position);
      // A row not read yet is blank, not 'N/A'.
      if (row === undefined) return NOT_READ_CELL;
      const value = column ? column.value(row) : null;
      const text = column ? formatCell(column.kind, value) : EMPTY_CELL_TEXT;
      const isEmpty = isBlank(value);
      if (column?.kind === 'check')
        return {
          kind: GridCellKind.Boolean,
          data: value === 1,
          allowOverlay: false,
          readonly: true,
          copyData: text,
          cursor: 'pointer',
          activationBehaviorOverride: 'single-click',
        };
      const isLink = column?.kind === 'link' && !isEmpty;
      return {
        kind: GridCellKind.Text,
        data: text,
        displayData: text,
        allowOverlay: false,
        readonly: true,
        copyData: text,
        contentAlign: column && isNumericKind(column.kind) ? 'right' : undefined,
        style: isEmpty ? 'faded' : 'normal',
        themeOverride: isLink ? linkTheme : undefined,
        cursor: isClickable || (isLink && column.onLinkClick) ? 'pointer' : undefined,
        // A link opens on one click even in a grid whose rows do not.
        activationBehaviorOverride: isLink && column.onLinkClick ? 'single-click' : undefined,
      };
    },
    // `revision` is read by the columns' value functions, not here: a new one only asks for a redraw.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [visibleColumns, rowAt, linkTheme, isClickable, revision],
  );

  const onCellActivated = useCallback(
    ([col, position]: Item) => {
      const column = visibleColumns[col];
      const row = rowAt(position);
      if (row === undefined) return;
      const acts = column?.kind === 'link' || column?.kind === 'check';
      if (acts && column.onLinkClick && !isBlank(column.value(row))) column.onLinkClick(row);
      else onRowActivate?.(row);
    },
    [visibleColumns, rowAt, onRowActivate],
  );

  const onHeaderClicked = useCallback(
    (col: number) => {
      const column = visibleColumns[col];
      if (!column || column.isSortable === false) return;
      requestSort(column.id);
      clearSelection();
    },
    [visibleColumns, requestSort, clearSelection],
  );

  const onItemHovered = useCallback(
    (args: GridMouseEventArgs) => {
      if (args.kind !== 'cell') {
        setHoverRow(null);
        tooltip.current?.hide();
        return;
      }
      const [col, position] = args.location;
      setHoverRow(position);
      const column = visibleColumns[col];
      const row = rowAt(position);
      const text = column && row !== undefined ? formatCell(column.kind, column.value(row)) : '';
      const fullTheme = {
        cellHorizontalPadding: 12,
        baseFontStyle: '14px',
        fontFamily: 'sans-serif',
        ...theme,
      };
      if (column && isTextTruncated(text, fittedWidths[col] ?? widthOf(column), fullTheme))
        tooltip.current?.show(text, args.bounds);
      else tooltip.current?.hide();
    },
    [visibleColumns, rowAt, theme, widthOf, fittedWidths],
  );

  const hoverTheme = useMemo<Partial<Theme>>(() => ({ bgCell: hoverRowBackground(theme) }), [theme]);
  const getRowThemeOverride = useCallback(
    (row: number) => (row === hoverRow ? hoverTheme : undefined),
    [hoverRow, hoverTheme],
  );

  const onColumnResize = useCallback((column: GridColumn, size: number) => {
    if (column.id !== undefined) setWidths((current) => new Map(current).set(column.id ?? '', size));
  }, []);
  const hideTooltip = useCallback(() => {
    setHoverRow(null);
    tooltip.current?.hide();
  }, []);
  const onVisibleRegionChanged = useCallback(
    (range: { y: number; height: number }) => {
      hideTooltip();
      onShowRows?.(range.y, range.y + range.height);
    },
    [hideTooltip, onShowRows],
  );
  // Sorting or filtering moves rows under a still pointer: the tooltip would describe another row.
  useEffect(() => tooltip.current?.hide(), [order]);

  const isEmpty = !isLoading && rows.length === 0;
  const isFilteredEmpty = !isLoading && !isEmpty && rowCount === 0;
  return (
    <div className="data-grid" aria-busy={isLoading || undefined}>
      <GridToolbar
        filter={filter}
        onFilterChange={onFilterChange}
        shownCount={rowCount}
        totalCount={rows.length}
        isFiltering={isFiltering}
        isSorting={isSorting}
        isLoading={isLoading}
      >
        {toolbar}
        <ColumnChooser
          columns={columns}
          visibleIds={settings.visibleIds}
          defaultIds={defaultVisibleIds(columns)}
          gridLabel={label}
          onApply={(ids) => {
            settings
              .setVisibleIds(ids)
              .catch((error: unknown) => console.error('Saving the grid columns failed', error));
          }}
        />
      </GridToolbar>
      <div ref={container} className="data-grid__body" style={{ height }} onMouseLeave={hideTooltip}>
        {isLoading ? (
          <div className="data-grid__message data-grid__message--loading" role="status">
            <span className="spinner" aria-hidden="true" />
            Loading…
          </div>
        ) : bodySize === undefined ? null : (
          <DataEditor
            columns={gridColumns}
            rows={rowCount}
            getCellContent={getCellContent}
            theme={theme}
            width="100%"
            height="100%"
            initialSize={bodySize}
            rowHeight={ROW_HEIGHT}
            headerHeight={HEADER_HEIGHT}
            rowMarkers="none"
            smoothScrollX
            smoothScrollY
            freezeColumns={freezeColumns}
            rangeSelect="cell"
            columnSelect="none"
            rowSelect="none"
            gridSelection={selection}
            onGridSelectionChange={setSelection}
            cellActivationBehavior={isClickable ? 'single-click' : 'second-click'}
            onCellActivated={onCellActivated}
            onHeaderClicked={onHeaderClicked}
            onItemHovered={onItemHovered}
            onVisibleRegionChanged={onVisibleRegionChanged}
            onColumnResize={onColumnResize}
            getRowThemeOverride={getRowThemeOverride}
            drawCell={drawCell}
            getCellsForSelection
            editOnType={false}
            keybindings={{ activateCell: 'Enter', search: false }}
          />
        )}
        {(isEmpty || isFilteredEmpty) && (
          <div className="data-grid__message data-grid__message--below-header" role="status">
            {isEmpty ? emptyText : `No rows match “${query.trim()}”.`}
          </div>
        )}
      </div>
      <GridTooltip ref={tooltip} />
    </div>
  );
}
