// Column helpers shared by every area, so the conventions (money precision, sync columns) live in one place.
import {
  bigint,
  customType,
  foreignKey,
  index,
  integer,
  numeric,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PgColumn, ReferenceConfig } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/** Raw file content (PDFs, spreadsheets, uploads); drizzle-orm 0.45 has no built-in bytea. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  // pg hands back a Buffer and PGlite a Uint8Array; both are Uint8Array, so callers see one type.
  fromDriver(value) {
    return value;
  },
});

/** Money in dollars: numeric(14,2), read as a JS number (sums are done in integer cents by the domain). */
export function money(name: string) {
  return numeric(name, { precision: 14, scale: 2, mode: 'number' });
}

/** Usage amounts (kWh, therms, gallons, kW...): numeric(16,3), read as a JS number. */
export function usage(name: string) {
  return numeric(name, { precision: 16, scale: 3, mode: 'number' });
}

/** A timestamptz read and written as an ISO string. */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true, mode: 'string' });
}

/**
 * A required uuid column naming a row of a table every company shares (`() => vendors.id`), with the reference's
 * actions. A row of another company-owned table is named with `tenantRef` instead (docs/architecture.md §4 Several
 * machines).
 */
export function requiredRef(
  name: string,
  target: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) {
  return uuid(name).notNull().references(target, actions);
}

/** company_id of an online (unsynced) table: the owner company, without the sync version. */
export function companyIdColumn() {
  return integer('company_id')
    .notNull()
    .references(() => companies.id);
}

/**
 * The id of a company-owned row: a random uuid, unique by itself (clients address rows by it, and new ids are checked
 * against every company, server/src/http/newIds.ts), but keyed together with company_id by `tenantKey`.
 */
export function tenantId() {
  return uuid('id').notNull().defaultRandom();
}

/**
 * The primary key of a company-owned table, (id, company_id): Citus refuses a unique key of a table distributed by
 * company_id that lacks it (docs/architecture.md §4 Several machines). id comes first so lookups by id alone still read
 * the key's index.
 */
export function tenantKey(columns: { id: PgColumn; companyId: PgColumn }) {
  return primaryKey({ columns: [columns.id, columns.companyId] });
}

/**
 * A unique key of a company-owned table: the columns that make a row unique within its company, with company_id.
 * Companies never share rows, so widening the key by company_id loses no uniqueness the product relies on.
 */
export function tenantUnique(name: string, companyId: PgColumn, ...columns: [PgColumn, ...PgColumn[]]) {
  return unique(name).on(companyId, ...columns);
}

/**
 * A reference from one company-owned row to another of the same company: (column, company_id) → target (id,
 * company_id), so the two rows are placed on the same Citus worker and a row can never name another company's.
 * Named explicitly, since drizzle's generated names of two-column keys pass PostgreSQL's 63-character limit.
 */
export function tenantRef(
  name: string,
  from: { column: PgColumn; companyId: PgColumn },
  target: { id: PgColumn; companyId: PgColumn },
  onDelete?: 'cascade',
) {
  const reference = foreignKey({
    name,
    columns: [from.column, from.companyId],
    foreignColumns: [target.id, target.companyId],
  });
  return onDelete ? reference.onDelete(onDelete) : reference;
}

/** The columns every synced table carries (docs/architecture.md §4): owner company, row version, last change time. */
export function syncColumns() {
  return {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    // The company's counter value of the transaction that last wrote the row; the change feed orders by it.
    version: bigint('version', { mode: 'number' }).notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  };
}

/** The (company_id, version) index the change feed reads every synced table through. */
export function syncIndex(table: string, columns: { companyId: PgColumn; version: PgColumn }) {
  return index(`${table}_company_version_idx`).on(columns.companyId, columns.version);
}

/**
 * The metadata of a file whose bytes live in the file store (docs/architecture.md §15): the checked name, the content
 * type read from its bytes, its size, its sha-256 (the download's ETag) and the key the server made for it.
 */
export function fileColumns() {
  return {
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    // Unique within the company (`tenantUnique(…, storageKey)` in each table using these columns).
    storageKey: text('storage_key').notNull(),
  };
}
