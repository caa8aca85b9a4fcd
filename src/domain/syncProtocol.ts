// The change feed's shapes (docs/architecture.md §4), declared once for the server that writes it
// (server/src/sync/changeFeed.ts), the worker that reads it (workers/sync/apply.ts) and the page's database. The
// worker receives its pages in column form (src/domain/feedColumns.ts).

/**
 * Every entity the change feed serves, by the name the client's local tables use, in the feed's order (its
 * tie-break within one version). The company record comes last: the feed reads it directly, not from a table map.
 * The server's table map, the Dexie schema and the row-type map are all typed against this list, so an entity added
 * here and not there (or there and not here) does not compile.
 */
export const SYNCED_ENTITY_NAMES = [
  'locations',
  'customAttributes',
  'locationAttributeValues',
  'tags',
  'siteTags',
  'gridSettings',
  'accounts',
  'meters',
  'bills',
  'billLines',
  'contracts',
  'contractLinkedLocations',
  'companyDocuments',
  'contractDocuments',
  'alerts',
  'alertNotes',
  'budgets',
  'budgetItems',
  'supportTickets',
  'ticketComments',
  'ticketAttachments',
  'apDeliveries',
  'paymentConfirmations',
  'clientDeposits',
  'accruals',
  'openCloseRequests',
  'openCloseNotes',
  'openCloseEvents',
  'energyStarMetrics',
  'energyStarNotes',
  'companyProfiles',
  'companyUsers',
  'reportFilters',
  'companies',
] as const;

/** Name of a synced entity, as it appears in the change feed and as its local table is called. */
export type SyncedEntityName = (typeof SYNCED_ENTITY_NAMES)[number];

/** Whether a change-feed entity name is one this client stores (newer servers may send more). */
export function isSyncedEntityName(name: string): name is SyncedEntityName {
  return (SYNCED_ENTITY_NAMES as readonly string[]).includes(name);
}

/**
 * One change of the feed: a row to store, or an id to delete. The server writes only the entities it knows
 * (`Entity` narrowed); a reader takes any name, since a newer server may send entities it does not store.
 */
export interface Change<Entity extends string = string> {
  entity: Entity;
  op: 'put' | 'del';
  id: string;
  version: number;
  row?: Record<string, unknown>;
}

/** A page of the change feed. */
export interface ChangePage<Entity extends string = string> {
  changes: Change<Entity>[];
  /** Pass back as `since` to continue; it always ends on a whole version. */
  cursor: string;
  hasMore: boolean;
  /**
   * In a full pull, which bills are still to come after this page: `'all'` (the pull sends them after the sites and
   * accounts), a month (`YYYY-MM`): the bills of that month and earlier (they come newest month first), or
   * PENDING_DETAILS: every bill is here, their lines and the alerts come last. Absent: nothing.
   */
  pendingBills?: string;
}

/** `ChangePage.pendingBills` once every bill is on the device and only their lines and alerts are still coming. */
export const PENDING_DETAILS = 'details';
