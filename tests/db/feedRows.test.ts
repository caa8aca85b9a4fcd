// The device's row types (src/db/rows.ts) agree with the server's tables (server/src/db/schema) column for column, as
// the change feed serves them (server/src/sync/entities.ts: all columns but the server-only ones, or a chosen list):
// same names, and the same types once in JSON (dates as text), where the device may narrow a text column to the
// domain's union of values (an open/close event's kind) but never its nullability. The check is made by the compiler
// (`npm test` runs `tsc -b` over tests/): a column added on one side and not the other fails the typecheck.
import { getTableColumns } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { describe, expect, it } from 'vitest';
import type { SyncedRows } from '../../src/db/rows';
import { SYNCED_ENTITY_NAMES } from '../../src/domain/syncProtocol';
import { SYNCED_TABLES, SYNCED_TABLE_NAMES } from '../../server/src/sync/entities';
import type { SyncedTableName } from '../../server/src/sync/entities';

type Tables = typeof SYNCED_TABLES;
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** A row once in JSON: dates become text. */
type Json<T> = { [K in keyof T]: Exclude<T[K], Date> | (Date extends T[K] ? string : never) };
type ServerOnly<E extends SyncedTableName> = Tables[E] extends {
  serverOnly: readonly (infer S extends string)[];
}
  ? S
  : never;
/** The row of an entity as the feed sends it. */
type FeedRow<E extends SyncedTableName> = Tables[E] extends { columns: infer C }
  ? Json<SelectResultFields<C>>
  : Json<Omit<Tables[E]['table']['$inferSelect'], ServerOnly<E>>>;

/** A device field agrees with the feed's: the same type, or a text column narrowed with the same nullability. */
type Agrees<Device, Feed> =
  Equal<Device, Feed> extends true
    ? true
    : [Device] extends [Feed]
      ? [NonNullable<Feed>] extends [string]
        ? Equal<null extends Device ? 1 : 0, null extends Feed ? 1 : 0>
        : false
      : false;
/** The columns of an entity on which the two sides disagree (never when they agree). */
type Disagreements<E extends SyncedTableName> =
  | Exclude<keyof SyncedRows[E], keyof FeedRow<E>>
  | Exclude<keyof FeedRow<E>, keyof SyncedRows[E]>
  | {
      [K in keyof SyncedRows[E] & keyof FeedRow<E>]: Agrees<SyncedRows[E][K], FeedRow<E>[K]> extends true
        ? never
        : K;
    }[keyof SyncedRows[E] & keyof FeedRow<E>];
/** Every entity's disagreements, `never` each: a compile error names the entity and its columns otherwise. */
const agreement: { [E in SyncedTableName]: Disagreements<E> extends never ? true : Disagreements<E> } =
  Object.fromEntries(SYNCED_TABLE_NAMES.map((name) => [name, true])) as {
    [E in SyncedTableName]: true;
  };

describe('device rows and server tables', () => {
  it('are compared for every table-backed synced entity', () => {
    expect(Object.keys(agreement).sort()).toEqual(
      SYNCED_ENTITY_NAMES.filter((name) => name !== 'companies').sort(),
    );
  });

  it('name only columns the server has, and hide its server-only ones from the feed', () => {
    for (const name of SYNCED_TABLE_NAMES) {
      const entry = SYNCED_TABLES[name];
      const columns = Object.keys(getTableColumns(entry.table));
      for (const hidden of entry.serverOnly ?? []) expect(columns).toContain(hidden);
    }
  });
});
