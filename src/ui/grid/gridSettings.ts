// The saved column choice of a grid (spec 000 §3): the visible columns' ids as one comma list.
import { defaultVisibleIds } from './columns';
import type { GridColumnDef } from './columns';

// Ids are user-defined for custom attributes and may hold a comma: those are percent-escaped, so every
// ordinary id is saved exactly as it is.
const escapeId = (id: string): string => id.replace(/%/g, '%25').replace(/,/g, '%2C');
const unescapeId = (id: string): string => id.replace(/%2C/gi, ',').replace(/%25/g, '%');

/** The gridSettings text for visible column ids. */
export function serializeVisibleIds(ids: readonly string[]): string {
  return ids.map(escapeId).join(',');
}

/**
 * Visible column ids from saved gridSettings, in the columns' order. Ids of columns that no longer exist are
 * dropped; when nothing saved names a current column (or nothing was saved), the defaults apply.
 */
export function parseVisibleIds<Row>(
  saved: string | null | undefined,
  columns: readonly GridColumnDef<Row>[],
): string[] {
  if (saved === null || saved === undefined || saved.trim() === '') return defaultVisibleIds(columns);
  const chosen = new Set(saved.split(',').map((id) => unescapeId(id.trim())));
  const visible = columns.filter((column) => chosen.has(column.id)).map((column) => column.id);
  return visible.length > 0 ? visible : defaultVisibleIds(columns);
}

/** Ids in the columns' order, unknown ones dropped: the one form visible ids are kept and compared in. */
export function orderedIds<Row>(ids: readonly string[], columns: readonly GridColumnDef<Row>[]): string[] {
  const chosen = new Set(ids);
  return columns.filter((column) => chosen.has(column.id)).map((column) => column.id);
}
