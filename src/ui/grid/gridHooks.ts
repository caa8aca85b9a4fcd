// Small hooks of the Grid: the debounced filter, the selection that stays on its row, the grid's name.
import { CompactSelection } from '@glideapps/glide-data-grid';
import type { GridSelection } from '@glideapps/glide-data-grid';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RefObject } from 'react';

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

const NO_SELECTION: GridSelection = { columns: CompactSelection.empty(), rows: CompactSelection.empty() };

function cellSelection(col: number, row: number): GridSelection {
  return {
    current: { cell: [col, row], range: { x: col, y: row, width: 1, height: 1 }, rangeStack: [] },
    columns: CompactSelection.empty(),
    rows: CompactSelection.empty(),
  };
}

type Selected = { readonly id: string | number; readonly col: number; readonly position: number };

function selectionOf<Row>(
  selected: Selected | null,
  rowAt: (position: number) => Row | undefined,
  rowCount: number,
  getRowId: (row: Row) => string | number,
): GridSelection {
  if (!selected) return NO_SELECTION;
  const at = rowAt(selected.position);
  if (at !== undefined && getRowId(at) === selected.id) return cellSelection(selected.col, selected.position);
  // The row moved: one pass over the display order finds it again.
  for (let position = 0; position < rowCount; position++) {
    const row = rowAt(position);
    if (row !== undefined && getRowId(row) === selected.id) return cellSelection(selected.col, position);
  }
  return NO_SELECTION;
}

/**
 * The focused cell, kept on its row (by id) when a sync changes the rows; cleared when the row is gone.
 * Returns glide's controlled selection, its setter, and `clear` for sorting and filtering, after which the
 * user expects the top of the new order rather than a jump to wherever the focused row went.
 */
export function useSelectionFollowsRow<Row>(
  rowAt: (position: number) => Row | undefined,
  rowCount: number,
  getRowId: (row: Row) => string | number,
): [GridSelection, (selection: GridSelection) => void, () => void] {
  const [selected, setSelected] = useState<Selected | null>(null);
  const selection = useMemo(
    () => selectionOf(selected, rowAt, rowCount, getRowId),
    [selected, rowAt, rowCount, getRowId],
  );
  const setSelection = useCallback(
    (next: GridSelection) => {
      const cell = next.current?.cell;
      const row = cell ? rowAt(cell[1]) : undefined;
      setSelected(cell && row !== undefined ? { id: getRowId(row), col: cell[0], position: cell[1] } : null);
    },
    [rowAt, getRowId],
  );
  const clear = useCallback(() => setSelected(null), []);
  return [selection, setSelection, clear];
}

/**
 * Names glide's accessibility table (role="grid"), which glide renders without one; re-applied when glide
 * re-creates the table.
 */
export function useAccessibleName(container: RefObject<HTMLElement | null>, label: string): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    const apply = () => {
      const table = root.querySelector('table[role="grid"]');
      if (table && table.getAttribute('aria-label') !== label) table.setAttribute('aria-label', label);
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [container, label]);
}

/** The element's inner width in pixels, followed as it changes (undefined until measured). */
export function useElementWidth(element: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number | undefined>(undefined);
  useEffect(() => {
    const box = element.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    // The observer reports the size once at the start, then at every change.
    const observer = new ResizeObserver(() => setWidth(box.clientWidth));
    observer.observe(box);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
