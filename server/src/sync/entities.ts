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
  contractLinkedLocations,
  contracts,
  customAttributes,
  gridSettings,
  locationAttributeValues,
  locations,
  meters,
  reportFilters,
  siteTags,
  tags,
} from '../db/schema';

/** A table the change feed serves, with the columns the feed reads. */
export interface SyncedTable {
  table: PgTable;
  id: PgColumn;
  companyId: PgColumn;
  version: PgColumn;
  /** Rows private to one user (grid settings, saved report filters): only that user's rows are served. */
  userId?: PgColumn;
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
  alerts: synced(alerts),
  alertNotes: synced(alertNotes),
  budgets: synced(budgets),
  budgetItems: synced(budgetItems),
  reportFilters: { ...synced(reportFilters), userId: reportFilters.userId },
} satisfies Record<SyncedTableName, SyncedTable>;

/** The table-backed entities in the feed's order (its tie-break within one version). */
export const SYNCED_TABLE_NAMES: readonly SyncedTableName[] = SYNCED_ENTITY_NAMES.filter(
  (name): name is SyncedTableName => name !== 'companies',
);
