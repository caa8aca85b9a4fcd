// Column helpers shared by every area, so the conventions (money precision, sync columns) live in one place.
import { bigint, customType, index, integer, numeric, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/** A required uuid column naming a row of another table (`() => locations.id`), with the reference's actions. */
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
    storageKey: text('storage_key').notNull().unique(),
  };
}
