import type { OutboxEntry } from '../../db/syncRows';
import { displayValue } from '../../domain/format';

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
  siteTags: 'Site tags',
  customAttributes: 'Custom attributes',
  meters: 'Meter',
};

/** A person's description of a queued write, e.g. "Account nickname → Main St store". */
export function describeWrite(entry: OutboxEntry): string {
  const what = ENTITY_NAMES[entry.entity] ?? entry.entity;
  if (entry.change.kind === 'patch') {
    const fields = Object.entries(entry.change.fields)
      .filter(([key]) => key !== 'version' && key !== 'updatedAt')
      .map(([key, value]) => `${key} → ${displayValue(value)}`);
    return `${what}: ${fields.join(', ')}`;
  }
  if (entry.change.kind === 'delete') return `${what}: delete`;
  return `${what}: save`;
}

/** The fields an entry changes, with the server's current value next to the user's. */
export function conflictFields(entry: OutboxEntry): { field: string; mine: string; theirs: string }[] {
  const theirs = entry.conflict?.theirs ?? null;
  const mine =
    entry.change.kind === 'patch' ? entry.change.fields : entry.change.kind === 'put' ? entry.change.row : {};
  return Object.keys(mine)
    .filter((field) => field !== 'version' && field !== 'updatedAt')
    .map((field) => ({
      field,
      mine: displayValue(mine[field]),
      theirs: theirs === null ? '(deleted)' : displayValue((theirs as Record<string, unknown>)[field]),
    }));
}
