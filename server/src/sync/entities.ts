import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { SYNCED_ENTITY_NAMES } from '../../../src/domain/syncProtocol';
import type { SyncedEntityName } from '../../../src/domain/syncProtocol';
import * as schema from '../db/schema';
import {
  SYNCED_ALERT_COLUMNS,
  alerts,
  companyDocuments,
  gridSettings,
  importBatches,
  reportFilters,
  ticketAttachments,
  contractDocuments,
  users,
} from '../db/schema';

/** Who reads the feed: some rows are served to some callers only. */
export interface FeedViewer {
  userId: number;
  isConsultant: boolean;
}

/** A table the change feed serves, with the columns the feed reads. */
export interface SyncedTable {
  table: PgTable;
  id: PgColumn;
  companyId: PgColumn;
  version: PgColumn;
  /** Rows private to one user (grid settings, saved report filters): only that user's rows are served. */
  userId?: PgColumn;
  /** Rows some callers may not see (consultant-only documents): the condition for this viewer, or none. */
  visibleTo?: (viewer: FeedViewer) => SQL | undefined;
  /** Columns that stay on the server (a file's storage key), by property name. */
  serverOnly?: readonly string[];
  /** The columns served, when the feed must not send the whole row (users: never a password hash). */
  columns?: SelectedFields;
}

/** The entry of a table; it keeps the table's own type, so its rows' type can be checked against the device's. */
function synced<T extends PgTable & { id: PgColumn; companyId: PgColumn; version: PgColumn }>(
  table: T,
): Omit<SyncedTable, 'table'> & { table: T } {
  return { table, id: table.id, companyId: table.companyId, version: table.version };
}

/**
 * What the Contacts page shows of a company's users: names, email, active flag and roles (one text[] gathered from
 * user_roles), with the id as text like every other entity id. Never the password hash or anything of sign-in.
 */
const COMPANY_USER_COLUMNS = {
  id: sql<string>`${users.id}::text`.as('id'),
  companyId: users.companyId,
  version: users.version,
  updatedAt: users.updatedAt,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isActive: users.isActive,
  roles: sql<
    string[]
  >`coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = ${users.id}), '{}')`.as(
    'roles',
  ),
} satisfies SelectedFields;

/** Name of a synced entity, as it appears in the change feed (the shared list of src/domain/syncProtocol.ts). */
export type SyncedEntity = SyncedEntityName;

/** The entities served from a table of their own: all but the company record, which the feed reads directly. */
export type SyncedTableName = Exclude<SyncedEntity, 'companies'>;

/** The feed's options of the entities whose rows are not served whole to every reader of their area. */
const SERVED_WITH_OPTIONS = {
  gridSettings: { ...synced(gridSettings), userId: gridSettings.userId },
  contractDocuments: { ...synced(contractDocuments), serverOnly: ['storageKey'] as const },
  companyDocuments: {
    ...synced(companyDocuments),
    // spec 001 §6: documents a consultant keeps for the consultancy never reach a client's device.
    visibleTo: (viewer: FeedViewer) =>
      viewer.isConsultant ? undefined : eq(companyDocuments.isConsultant, false),
    serverOnly: ['storageKey'] as const,
  },
  ticketAttachments: {
    ...synced(ticketAttachments),
    // An upload of the spec's two steps is not part of a ticket until finalize_attachments binds it.
    visibleTo: () => eq(ticketAttachments.isTemporary, false),
    serverOnly: ['storageKey'] as const,
  },
  // What an import keeps for its undo (the bills it replaced, the sites and accounts it created) is the server's
  // (docs/architecture.md §14 Imports).
  importBatches: { ...synced(importBatches), serverOnly: ['replaced', 'created'] as const },
  alerts: { ...synced(alerts), columns: SYNCED_ALERT_COLUMNS },
  companyUsers: { ...synced(users), columns: COMPANY_USER_COLUMNS },
  reportFilters: { ...synced(reportFilters), userId: reportFilters.userId },
} satisfies Partial<Record<SyncedTableName, SyncedTable>>;

/** The entities served whole from the table of their own name in the schema (server/src/db/schema). */
type ServedWhole = Exclude<SyncedTableName, keyof typeof SERVED_WITH_OPTIONS>;

/** The table of an entity served whole: the schema's export of the entity's name (a compile error if there is none). */
type WholeEntry<Name extends ServedWhole> = ReturnType<typeof synced<(typeof schema)[Name]>>;

/**
 * The table of every synced entity, by the name the client's local tables use (docs/architecture.md §4, §11): the
 * schema's table of the same name unless the entity has options above. Who may read its rows is the shared entity
 * rule (src/domain/syncProtocol.ts, mayReadEntity). Typed against the shared entity list, so an entity the client
 * stores and the server does not serve (or the reverse) fails to compile.
 */
export const SYNCED_TABLES = {
  ...(Object.fromEntries(
    SYNCED_ENTITY_NAMES.filter(
      (name): name is ServedWhole => name !== 'companies' && !(name in SERVED_WITH_OPTIONS),
    ).map((name) => [name, synced(schema[name])]),
  ) as { [Name in ServedWhole]: WholeEntry<Name> }),
  ...SERVED_WITH_OPTIONS,
} satisfies Record<SyncedTableName, SyncedTable>;

/** The table-backed entities in the feed's order (its tie-break within one version). */
export const SYNCED_TABLE_NAMES: readonly SyncedTableName[] = SYNCED_ENTITY_NAMES.filter(
  (name): name is SyncedTableName => name !== 'companies',
);
