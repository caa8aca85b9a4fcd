import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
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
  siteTags,
  tags,
} from '../db/schema';

/** A table the change feed serves, with the columns the feed reads. */
export interface SyncedTable {
  table: PgTable;
  id: PgColumn;
  companyId: PgColumn;
  version: PgColumn;
  /** Rows private to one user (grid settings): only that user's rows are served. */
  userId?: PgColumn;
}

function synced(table: PgTable & { id: PgColumn; companyId: PgColumn; version: PgColumn }): SyncedTable {
  return { table, id: table.id, companyId: table.companyId, version: table.version };
}

/**
 * Every entity of the change feed by the name the client's local tables use (DESIGN.md §4). The company
 * record itself is served too, under `companies`, by the feed directly.
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
} satisfies Record<string, SyncedTable>;

/** Name of a synced entity, as it appears in the change feed. */
export type SyncedEntity = keyof typeof SYNCED_TABLES | 'companies';

/** The synced entity names in a stable order (the feed's tie-break within one version). */
export const SYNCED_ENTITY_NAMES = Object.keys(SYNCED_TABLES) as (keyof typeof SYNCED_TABLES)[];
