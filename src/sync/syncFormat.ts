import { primaryEffect } from '../db/rowState';
import type { OutboxEntry } from '../db/syncRows';
import { displayValue } from '../domain/format';
import { applyLocalChange } from '../domain/sync';

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** "2 minutes ago", "just now"; "never" without a time. */
export function timeAgo(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never';
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

/** Bytes as KB / MB for the size of an offline copy. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

const ENTITY_NAMES: Record<string, string> = {
  accounts: 'Account',
  gridSettings: 'Grid columns',
  locations: 'Location',
  siteTags: 'Tags',
  customAttributes: 'Custom attributes',
  meters: 'Meter',
};

/** A person's description of a queued write, e.g. "Account: nickname → Main St store". */
export function describeWrite(entry: OutboxEntry): string {
  if (entry.label) return entry.label;
  const { entity, change } = primaryEffect(entry);
  const what = ENTITY_NAMES[entity] ?? entity;
  if (change.kind === 'patch') {
    const fields = Object.entries(change.fields)
      .filter(([key]) => key !== 'version' && key !== 'updatedAt')
      .map(([key, value]) => `${key} → ${displayValue(value)}`);
    return `${what}: ${fields.join(', ')}`;
  }
  if (change.kind === 'delete') return `${what}: delete`;
  return `${what}: save`;
}

/** One line of a conflict: a field (or a set of rows) with the user's value next to the server's. */
export interface ConflictLine {
  field: string;
  mine: string;
  theirs: string;
}

/** The fields a one-row write changes, with the server's current value next to the user's. */
export function conflictFields(entry: OutboxEntry): ConflictLine[] {
  const theirs = entry.conflict?.theirs ?? null;
  const { change } = primaryEffect(entry);
  const mine = change.kind === 'patch' ? change.fields : change.kind === 'put' ? change.row : {};
  return Object.keys(mine)
    .filter((field) => field !== 'version' && field !== 'updatedAt')
    .map((field) => ({
      field,
      mine: displayValue(mine[field]),
      theirs: theirs === null ? '(deleted)' : displayValue((theirs as Record<string, unknown>)[field]),
    }));
}

/** How a row of a set reads to a person (a tag's text, an attribute's name); null leaves it out. */
export type RowLabeller = (entity: string, row: Record<string, unknown>) => string | null;

function listOf(rows: readonly Record<string, unknown>[], entity: string, labelOf: RowLabeller): string {
  // Ordered lists (custom attributes) read in their order; sets (tags) alphabetically.
  const hasOrder = rows.some((row) => typeof row.position === 'number');
  const ordered = hasOrder ? [...rows].sort((a, b) => Number(a.position) - Number(b.position)) : rows;
  const labels = ordered.flatMap((row) => labelOf(entity, row) ?? []);
  if (!hasOrder) labels.sort((a, b) => a.localeCompare(b));
  return labels.length > 0 ? labels.join(', ') : '(none)';
}

/**
 * The sets a multi-row write replaces (the entities its answer carries, besides its own row), each as the user's
 * rows after the write next to the rows the server has now.
 */
export function conflictSets(entry: OutboxEntry, labelOf: RowLabeller): ConflictLine[] {
  const own = primaryEffect(entry).entity;
  const carried = entry.conflict?.rows ?? [];
  const entities = [...new Set(Object.values(entry.answerRows ?? {}))].filter((entity) => entity !== own);
  return entities.map((entity) => {
    const mine = entry.effects.flatMap((effect) => {
      if (effect.entity !== entity) return [];
      const after = applyLocalChange(effect.inverse, effect.change);
      return after ? [after] : [];
    });
    const theirs = carried.filter((item) => item.entity === entity).map((item) => item.row);
    return {
      field: ENTITY_NAMES[entity] ?? entity,
      mine: listOf(mine, entity, labelOf),
      theirs: listOf(theirs, entity, labelOf),
    };
  });
}
