import { eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { SYNCED_ENTITY_NAMES } from '../../../src/domain/syncProtocol';
import type { SyncedEntityName } from '../../../src/domain/syncProtocol';
import {
  accounts,
  alertNotes,
  alerts,
  bills,
  budgetItems,
  budgets,
  companyDocuments,
  contractDocuments,
  contractLinkedLocations,
  contracts,
  customAttributes,
  gridSettings,
  locationAttributeValues,
  locations,
  meters,
  siteTags,
  tags,
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
  /** Rows private to one user (grid settings): only that user's rows are served. */
  userId?: PgColumn;
  /** Rows some callers may not see (consultant-only documents): the condition for this viewer, or none. */
  visibleTo?: (viewer: FeedViewer) => SQL | undefined;
  /** Columns that stay on the server (a file's storage key), by property name. */
  serverOnly?: readonly string[];
}

function synced(table: PgTable & { id: PgColumn; companyId: PgColumn; version: PgColumn }): SyncedTable {
  return { table, id: table.id, companyId: table.companyId, version: table.version };
}

/** Name of a synced entity, as it appears in the change feed (the shared list of src/domain/syncProtocol.ts). */
export type SyncedEntity = SyncedEntityName;

/** The entities served from a table of their own: all but the company record, which the feed reads directly. */
export type SyncedTableName = Exclude<SyncedEntity, 'companies'>;

/**
 * The table of every synced entity, by the name the client's local tables use (docs/architecture.md §4). Typed against the
 * shared entity list, so an entity the client stores and the server does not serve (or the reverse) fails to compile.
 */
export const SYNCED_TABLES = {
  locations: synced(locations),
  customAttributes: synced(customAttributes),
  locationAttributeValues: synced(locationAttributeValues),
  tags: synced(tags),
  siteTags: synced(siteTags),
  gridSettings: { ...synced(gridSettings), userId: gridSettings.userId },
  accounts: synced(accounts),
  meters: synced(meters),
  bills: synced(bills),
  contracts: synced(contracts),
  contractLinkedLocations: synced(contractLinkedLocations),
  contractDocuments: { ...synced(contractDocuments), serverOnly: ['storageKey'] },
  companyDocuments: {
    ...synced(companyDocuments),
    // spec 001 §6: documents a consultant keeps for the consultancy never reach a client's device.
    visibleTo: (viewer) => (viewer.isConsultant ? undefined : eq(companyDocuments.isConsultant, false)),
    serverOnly: ['storageKey'],
  },
  alerts: synced(alerts),
  alertNotes: synced(alertNotes),
  budgets: synced(budgets),
  budgetItems: synced(budgetItems),
} satisfies Record<SyncedTableName, SyncedTable>;

/** The table-backed entities in the feed's order (its tie-break within one version). */
export const SYNCED_TABLE_NAMES: readonly SyncedTableName[] = SYNCED_ENTITY_NAMES.filter(
  (name): name is SyncedTableName => name !== 'companies',
);
