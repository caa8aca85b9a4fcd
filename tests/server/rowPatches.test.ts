// The writes that set fields of one row (ROW_PATCHES, src/domain/syncedWrites.ts) name fields their entity's table
// has: the device applies them to its copy and the server sets them in its update, so a field the table lacks would
// change the device's row alone.
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROW_PATCHES, patchFields } from '../../src/domain/syncedWrites';
import type { PatchInput, PatchWriteName } from '../../src/domain/syncedWrites';
import { SYNCED_TABLES } from '../../server/src/sync/entities';
import type { SyncedTableName } from '../../server/src/sync/entities';

const NAMES = Object.keys(ROW_PATCHES) as PatchWriteName[];

describe('the row patches of the synced writes', () => {
  it.each(NAMES)('%s sets columns of its entity, beside the version', (name) => {
    // What it sends does not change which fields it sets: any property read gives a text.
    const sent: unknown = new Proxy({}, { get: () => 'text' });
    const input = { body: sent, query: sent, now: '2026-01-02T03:04:05.000Z' } as PatchInput<typeof name>;
    const fields = Object.keys(patchFields(name, input));
    const columns = Object.keys(
      getTableColumns(SYNCED_TABLES[ROW_PATCHES[name].entity as SyncedTableName].table),
    );
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.filter((field) => !columns.includes(field))).toEqual([]);
    expect(fields).not.toContain('version');
  });
});
