// The change feed's shapes (docs/architecture.md §4), declared once for the server that writes it
// (server/src/sync/changeFeed.ts), the worker that reads it (workers/sync/apply.ts) and the page's database. The
// worker receives its pages in column form (src/domain/feedColumns.ts).

import { canUseAccruals } from './billPay';
import { canSeeCompanyUsers } from './contacts';
import { canOpenArea } from './nav';
import type { AreaKey, NavCompany, NavContext } from './nav';

/** The one definition of a synced entity: whose its rows are and how the device stores them. */
export interface SyncedEntityDefinition {
  /**
   * The area whose data the rows are (src/domain/nav.ts): the feed serves them only to users who may open that area of
   * the company, with the company's flags as they are now, as the API answers its routes (docs/architecture.md §4, §6).
   * Null: rows every user of the company reads (sites, accounts, bills, the company record, a user's own settings).
   */
  readonly area: AreaKey | null;
  /** A rule of the entity's own within its area (the users list: admins and consultants; accruals: their flag). */
  readonly readableBy?: (ctx: FeedContext) => boolean;
  /**
   * The device table's Dexie store spec (primary key, then indexes), as the latest schema version declares it
   * (src/db/schema.ts: a version that adds or changes the table takes it from here, `storesOf`).
   */
  readonly indexes: string;
  /**
   * The device schema version from which the entity is stored (src/db/schema.ts derives that version from it, with a
   * pull from the start: an older app skipped the entity's rows and its cursor moved past them). Entities stored
   * since the shipped versions (15 and below) are in the schema's history and leave it out.
   */
  readonly storedFrom?: number;
}

/** Whom the feed serves: the reader's roles and the company with its flags as they are now. */
export type FeedContext = NavContext & {
  readonly company: NavCompany & { readonly accrualsAccess: boolean };
};

/**
 * Every entity the change feed serves, by the name the client's local tables use, in the feed's order (its
 * tie-break within one version), with its definition. The company record comes last: the feed reads it directly, not
 * from a table map. The server's table map, the Dexie tables and the row-type map are typed against this list, so an
 * entity added here and not there (or there and not here) does not compile; tests/db/schema.test.ts holds the latest
 * Dexie schema to the indexes declared here, tests/db/feedRows.test.ts the device rows to the server's tables.
 */
export const SYNCED_ENTITIES = {
  locations: { area: null, indexes: 'id, companyId, [companyId+state]' },
  customAttributes: { area: null, indexes: 'id, companyId' },
  locationAttributeValues: { area: null, indexes: 'id, companyId, locationId, attributeId' },
  tags: { area: null, indexes: 'id, companyId' },
  siteTags: { area: null, indexes: 'id, companyId, locationId, tagId' },
  gridSettings: { area: null, indexes: 'id, companyId, [companyId+gridName]' },
  accounts: { area: null, indexes: 'id, companyId, locationId, vendorId, [companyId+accountNumber]' },
  meters: { area: null, indexes: 'id, companyId, accountId' },
  bills: {
    area: null,
    indexes: 'id, companyId, [companyId+billMonth], [accountId+billMonth], [locationId+billMonth]',
  },
  billLines: { area: null, indexes: 'id, companyId' },
  // Import batches reach who may open the imports area; the bills they bring reach every user, as all bills do.
  importBatches: { area: 'imports', indexes: 'id, companyId, createdAt', storedFrom: 16 },
  // Interval readings of Green Button files: read, like bills, by every user of the company.
  intervalMonths: { area: null, indexes: 'id, companyId, [accountId+month]', storedFrom: 16 },
  contracts: {
    area: 'contracts',
    indexes: 'id, companyId, endDate, [companyId+endDate], associatedContractId',
  },
  contractLinkedLocations: { area: 'contracts', indexes: 'id, companyId, contractId, locationId' },
  // The company documents are served by the contracts area's routes (server/src/areas/contracts/documents.ts).
  companyDocuments: { area: 'contracts', indexes: 'id, companyId' },
  contractDocuments: { area: 'contracts', indexes: 'id, companyId, contractId' },
  alerts: {
    area: 'alerts',
    indexes: 'id, companyId, [companyId+status], [companyId+importDate], accountId, locationId, billId',
  },
  alertNotes: { area: 'alerts', indexes: 'id, companyId, alertId' },
  budgets: { area: 'budgets', indexes: 'id, companyId, locationId' },
  budgetItems: { area: 'budgets', indexes: 'id, companyId, budgetId' },
  supportTickets: { area: 'tickets', indexes: 'id, companyId, jiraIssueId' },
  ticketComments: { area: 'tickets', indexes: 'id, companyId, ticketId' },
  ticketAttachments: { area: 'tickets', indexes: 'id, companyId, ticketId' },
  apDeliveries: { area: 'billdeliveries', indexes: 'id, companyId' },
  paymentConfirmations: { area: 'billpay', indexes: 'id, companyId, accountId' },
  clientDeposits: { area: 'billpay', indexes: 'id, companyId' },
  accruals: {
    area: 'billpay',
    readableBy: ({ roles, company }) => canUseAccruals(roles, company),
    indexes: 'id, companyId, accountId',
  },
  openCloseRequests: { area: 'opencloseaccounts', indexes: 'id, companyId, locationId' },
  openCloseNotes: { area: 'opencloseaccounts', indexes: 'id, companyId, requestId' },
  openCloseEvents: { area: 'opencloseaccounts', indexes: 'id, companyId, requestId' },
  energyStarMetrics: {
    area: 'companyEnergyStar',
    indexes: 'id, companyId, locationId, [locationId+metricMonth]',
  },
  energyStarNotes: { area: 'companyEnergyStar', indexes: 'id, companyId, locationId' },
  companyProfiles: { area: 'contacts', indexes: 'id, companyId' },
  companyUsers: {
    area: 'contacts',
    readableBy: ({ roles }) => canSeeCompanyUsers(roles),
    indexes: 'id, companyId',
  },
  reportFilters: { area: 'reports', indexes: 'id, companyId, [companyId+userId]' },
  companies: { area: null, indexes: 'id, parentId' },
} as const satisfies Record<string, SyncedEntityDefinition>;

/** Every synced entity's name, in the feed's order. */
export const SYNCED_ENTITY_NAMES = Object.keys(SYNCED_ENTITIES) as (keyof typeof SYNCED_ENTITIES)[];

/** Name of a synced entity, as it appears in the change feed and as its local table is called. */
export type SyncedEntityName = keyof typeof SYNCED_ENTITIES;

/** Whether the feed serves an entity's rows to this reader: the area rule of the API, then the entity's own. */
export function mayReadEntity(entity: SyncedEntityName, ctx: FeedContext): boolean {
  const rule: SyncedEntityDefinition = SYNCED_ENTITIES[entity];
  if (rule.area !== null && !canOpenArea(rule.area, ctx)) return false;
  return rule.readableBy === undefined || rule.readableBy(ctx);
}

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
   * accounts), a month (`YYYY-MM`): the bills of that month and earlier (they come the latest month first), or
   * PENDING_DETAILS: every bill is here, their lines and the alerts come last. Absent: nothing.
   */
  pendingBills?: string;
}

/**
 * Response headers of a feed page carrying its `cursor`, `hasMore` and `pendingBills` (when it has one) before its
 * body: a device asks the next page as soon as they arrive, so the link carries the next page while this one is still
 * downloading, except after the pages the first figures come from (docs/architecture.md §4 "Pull").
 */
export const FEED_CURSOR_HEADER = 'feed-cursor';
export const FEED_HAS_MORE_HEADER = 'feed-has-more';
export const FEED_PENDING_BILLS_HEADER = 'feed-pending-bills';

/** `ChangePage.pendingBills` once every bill is on the device and only their lines and alerts are still coming. */
export const PENDING_DETAILS = 'details';
