// The local database (docs/architecture.md §1, §7): one Dexie class with its whole version history. A shipped version
// is never edited; changes add a version (tests/db/schema.test.ts guards the shipped ones).
import { Dexie } from 'dexie';
import type { DexieOptions, PromiseExtended, Table, Transaction } from 'dexie';
import {
  SUMMARY_TABLE,
  billMonthSummaryMiddleware,
  summarizeStoredBills,
  summarizeStoredBillsAgain,
} from './billMonthSummaries';
import type { BillMonthSummaryRow } from './billMonthSummaries';
import { fillAlertBillMonths } from './alertBillMonthUpgrade';
import { upgradeAlertsAndBudgets } from './alertsBudgetsUpgrade';
import { upgradeOutbox } from './outboxUpgrade';
import { pullAgainFromStart } from './syncUpgrade';
import type { PageAnswerRow } from './pageAnswers';
import { GENERATIONS_TABLE, PAGE_ANSWERS_TABLE, tableGenerationsMiddleware } from './tableGenerations';
import type { TableGenerationRow } from './tableGenerations';
import type { SyncedRows } from './rows';
import { SYNCED_ENTITIES } from '../domain/syncProtocol';
import type { SyncedEntityDefinition, SyncedEntityName } from '../domain/syncProtocol';
import type { KeptFileDataRow, KeptFileRow } from './keptFiles';
import type { MetaRow, OutboxDraft, OutboxEntry, OutboxFileRow, SyncStateRow } from './syncRows';

/** One version of the schema: Dexie store specs by table name (new or changed tables only), and its data step. */
export interface SchemaVersion {
  version: number;
  stores: Readonly<Record<string, string>>;
  upgrade?: (transaction: Transaction) => Promise<void>;
}

/** Every schema version written by hand, oldest first. Only ever append. */
const WRITTEN_VERSIONS: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      companies: 'id, parentId',
      locations: 'id, companyId, [companyId+state]',
      customAttributes: 'id, companyId',
      locationAttributeValues: 'id, companyId, locationId, attributeId',
      tags: 'id, companyId',
      siteTags: 'id, companyId, locationId, tagId',
      gridSettings: 'id, companyId, [companyId+gridName]',
      accounts: 'id, companyId, locationId, vendorId, [companyId+accountNumber]',
      meters: 'id, companyId, accountId',
      bills:
        'id, companyId, [companyId+billMonth], accountId, [accountId+billMonth], locationId, [locationId+billMonth], vendorId',
      contracts: 'id, companyId, endDate, [companyId+endDate], associatedContractId',
      contractLinkedLocations: 'id, companyId, contractId, locationId',
      alerts: 'id, companyId, [companyId+status], [companyId+importDate], accountId, locationId, billId',
      alertNotes: 'id, companyId, alertId',
      budgets: 'id, companyId, locationId, [companyId+year]',
      budgetItems: 'id, companyId, budgetId',
      outbox: '++seq, companyId, status, [companyId+status], [entity+entityId], mutationId',
      syncState: 'companyId',
      meta: 'key',
    },
  },
  {
    // The overviews read a year of a company's figures from 12 summaries instead of tens of thousands of bills.
    version: 2,
    stores: { [SUMMARY_TABLE]: '[companyId+billMonth]' },
    upgrade: summarizeStoredBills,
  },
  {
    // A queued write may change several rows (a site's tag set, a company's attribute list): entries list their
    // rows' effects, and `rowKeys` (one `entity/id` per row, multiEntry) finds the entries of a row.
    version: 3,
    stores: { outbox: '++seq, companyId, status, [companyId+status], *rowKeys, mutationId' },
    upgrade: upgradeOutbox,
  },
  {
    // Company documents sync (metadata); files travel beside them (docs/architecture.md §15): a queued upload's
    // file waits in outboxFiles next to its entry, and downloads are kept on the device in keptFiles (what the LRU
    // reads) and keptFileData (the bytes, read only when a file opens).
    version: 4,
    stores: {
      companyDocuments: 'id, companyId',
      outboxFiles: 'id, entrySeq',
      keptFiles: 'key, lastUsedAt, companyId',
      keptFileData: 'key',
    },
  },
  {
    // Budgets cover any run of months (startMonth, monthCount) instead of a calendar year; alerts name the audit that
    // raised them. Stored rows are brought to the new shape.
    version: 5,
    stores: { budgets: 'id, companyId, locationId' },
    upgrade: upgradeAlertsAndBudgets,
  },
  {
    // Saved report filters are synced per user and company, so reports keep their filters offline.
    version: 6,
    stores: { reportFilters: 'id, companyId, [companyId+userId]' },
  },
  {
    // Open/close account requests, their notes and history are synced (docs/architecture.md §14): the list filters
    // a company's requests, a request page reads its notes and events.
    version: 7,
    stores: {
      openCloseRequests: 'id, companyId, locationId',
      openCloseNotes: 'id, companyId, requestId',
      openCloseEvents: 'id, companyId, requestId',
    },
  },
  {
    // ENERGY STAR metrics and notes, the company profile and its users list become synced entities. An earlier app
    // skipped them in pages it pulled from a newer server, so every company pulls again from the start.
    version: 8,
    stores: {
      energyStarMetrics: 'id, companyId, locationId, [locationId+metricMonth]',
      energyStarNotes: 'id, companyId, locationId',
      companyProfiles: 'id, companyId',
      companyUsers: 'id, companyId',
    },
    upgrade: pullAgainFromStart,
  },
  {
    // Every bill's charge and usage lines, one row per bill keyed by the bill's id, so a bill opens offline with its
    // lines (docs/architecture.md §14 Bills).
    version: 9,
    stores: { billLines: 'id, companyId' },
  },
  {
    // Documents associated with a contract sync like company documents (docs/architecture.md §14 Contracts). An app
    // without the table skipped their rows in pages it pulled, so every company pulls again from the start.
    version: 10,
    stores: { contractDocuments: 'id, companyId, contractId' },
    upgrade: pullAgainFromStart,
  },
  {
    // Accounts payable and bill pay read offline (docs/architecture.md §14): AP deliveries, payment confirmations,
    // client deposits and accrual rows; pages filter a company's rows in memory, so the company index is enough.
    version: 11,
    stores: {
      apDeliveries: 'id, companyId',
      paymentConfirmations: 'id, companyId, accountId',
      clientDeposits: 'id, companyId',
      accruals: 'id, companyId, accountId',
    },
  },
  {
    // Support tickets sync with their comments and attachments (metadata), so the list reads the device and a ticket
    // written offline is queued (docs/architecture.md §14 Support). An earlier app skipped them in pages it pulled
    // from a newer server, so every company pulls again from the start.
    version: 12,
    stores: {
      supportTickets: 'id, companyId, jiraIssueId',
      ticketComments: 'id, companyId, ticketId',
      ticketAttachments: 'id, companyId, ticketId',
    },
    upgrade: pullAgainFromStart,
  },
  {
    // Bill month summaries carry the bills' new charges, so the Bills page totals a range without reading its bills:
    // made again from the stored bills.
    version: 13,
    stores: { [SUMMARY_TABLE]: '[companyId+billMonth]' },
    upgrade: summarizeStoredBillsAgain,
  },
  {
    // Alerts carry their bill's month, so the overviews place open alerts in the latest 12 months without reading
    // thousands of bills at mount (docs/architecture.md §9 Cold start): stored alerts get it from their bills.
    version: 14,
    stores: {},
    upgrade: fillAlertBillMonths,
  },
  {
    // A page's last answer is stored with the tokens of the tables it read, so a reload shows it from one record
    // while those tables are unchanged (docs/architecture.md §9 Cold start). Both tables are the device's own.
    version: 15,
    stores: { [GENERATIONS_TABLE]: 'table', [PAGE_ANSWERS_TABLE]: 'name, path' },
  },
  {
    // Bills without the indexes no query reads: `accountId` and `locationId` (their `[…+billMonth]` compounds answer
    // every read by account or site, src/db/queries/bills.ts) and `vendorId`. Each index is written with every bill,
    // and a new device's first sync is bound by its writes once the feed is lean (bench:field).
    version: 17,
    stores: { bills: 'id, companyId, [companyId+billMonth], [accountId+billMonth], [locationId+billMonth]' },
  },
];

/**
 * The versions that add synced entities, one per `storedFrom` of their definitions (src/domain/syncProtocol.ts): the
 * entities' store specs, then a pull of every company from the start, since an older app skipped their rows in the
 * pages it pulled and its cursor moved past them.
 */
export function versionsOfNewEntities(
  definitions: Readonly<Record<string, SyncedEntityDefinition>>,
): SchemaVersion[] {
  const byVersion = new Map<number, Record<string, string>>();
  for (const [name, definition] of Object.entries(definitions)) {
    if (definition.storedFrom === undefined) continue;
    const stores = byVersion.get(definition.storedFrom) ?? {};
    stores[name] = definition.indexes;
    byVersion.set(definition.storedFrom, stores);
  }
  return [...byVersion].map(([version, stores]) => ({ version, stores, upgrade: pullAgainFromStart }));
}

/**
 * The written versions and the derived ones in one history, oldest first; a version number written twice (by hand
 * and by a definition) is a programming error, refused at load rather than letting Dexie keep one of them.
 */
export function schemaHistory(
  written: readonly SchemaVersion[],
  derived: readonly SchemaVersion[],
): SchemaVersion[] {
  const history = [...written, ...derived].sort((a, b) => a.version - b.version);
  history.forEach((entry, index) => {
    if (index > 0 && history[index - 1]?.version === entry.version) {
      throw new Error(`Schema version ${entry.version} is declared twice`);
    }
  });
  return history;
}

/** Every schema version ever shipped, oldest first. */
export const SCHEMA_VERSIONS: readonly SchemaVersion[] = schemaHistory(
  WRITTEN_VERSIONS,
  versionsOfNewEntities(SYNCED_ENTITIES),
);

/** The database name of a user: one database per user, so logout can delete it whole (docs/architecture.md §5). */
export function dbNameFor(userId: number): string {
  return `get-portal-u${userId}`;
}

/** A Dexie table of every synced entity, keyed as its rows are (src/domain/syncProtocol.ts SYNCED_ENTITIES). */
type SyncedTables = { [Entity in keyof SyncedRows]: Table<SyncedRows[Entity], SyncedRows[Entity]['id']> };

/**
 * The Dexie store specs of synced entities as their definitions declare them (src/domain/syncProtocol.ts): a version
 * that adds or changes a synced table takes its spec from here, so the definition is the one place it is written.
 */
export function storesOf(entities: readonly SyncedEntityName[]): Record<string, string> {
  return Object.fromEntries(entities.map((name) => [name, SYNCED_ENTITIES[name].indexes]));
}

/** The local database of one user: the tables of the synced entities (typed from their rows) and its own. */
// A class and an interface of one name merge: the synced tables are declared once, from SyncedRows, not one by one.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface AppDb extends SyncedTables {
  outbox: Table<OutboxEntry, number, OutboxDraft>;
  outboxFiles: Table<OutboxFileRow, string>;
  keptFiles: Table<KeptFileRow, string>;
  keptFileData: Table<KeptFileDataRow, string>;
  syncState: Table<SyncStateRow, number>;
  meta: Table<MetaRow, string>;
  billMonthSummaries: Table<BillMonthSummaryRow, [number, string]>;
  tableGenerations: Table<TableGenerationRow, string>;
  pageAnswers: Table<PageAnswerRow, string>;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class AppDb extends Dexie {
  /** The first open's look at the device: an older database is brought to the latest version first. */
  private upgraded: Promise<void> | null = null;

  /**
   * `versions`: 'latest' declares only the latest version as one merged spec. Dexie parses every declared version
   * again at each declaration (quadratic: 40–80 ms for 15 versions, on the main thread before the first render), and
   * a database already at the latest version needs none of the older ones. 'all' declares every version with its data
   * step; `open` uses such an instance first when the device's database is older.
   */
  constructor(
    name: string,
    private readonly options?: DexieOptions,
    versions: 'latest' | 'all' = 'latest',
  ) {
    super(name, options);
    const latest = latestVersion();
    for (const { version, stores, upgrade } of versions === 'all' ? SCHEMA_VERSIONS : [latest]) {
      const declared = this.version(version).stores(
        version === latest.version ? storesAsOf(version) : stores,
      );
      if (upgrade) declared.upgrade(upgrade);
    }
    if (versions === 'all') this.upgraded = Promise.resolve();
    // Keeps billMonthSummaries in step with every write to bills.
    this.use(billMonthSummaryMiddleware);
    // Gives every written table a new token in the write's transaction (stored page answers trust them).
    this.use(tableGenerationsMiddleware);
  }

  /**
   * Opens as Dexie does (also when a first query opens it). A database on the device older than the latest version
   * is first opened by an instance that declares every version, so their data steps run in order as they always did.
   */
  override open(): PromiseExtended<Dexie> {
    // A failed upgrade is tried again at the next open, as Dexie tries a failed open again.
    this.upgraded ??= this.upgradeIfOlder().catch((error: unknown) => {
      this.upgraded = null;
      throw error;
    });
    return Dexie.Promise.resolve(this.upgraded).then(() => super.open());
  }

  private async upgradeIfOlder(): Promise<void> {
    const indexedDB = (this.options?.indexedDB as IDBFactory | undefined) ?? Dexie.dependencies.indexedDB;
    const installed = await installedVersionOf(this.name, indexedDB);
    // Absent (a new device) or current: the latest schema is all it takes. Unknown: upgrade as if older.
    if (installed === 0 || installed >= nativeVersionOf(latestVersion().version)) return;
    const upgrader = new AppDb(this.name, this.options, 'all');
    try {
      await upgrader.open();
    } finally {
      upgrader.close();
    }
  }
}

function latestVersion(): SchemaVersion {
  const latest = SCHEMA_VERSIONS.at(-1);
  if (!latest) throw new Error('no schema version');
  return latest;
}

/** Every table's spec as of `version`: the specs of the versions up to it, later ones winning (as Dexie merges them). */
function storesAsOf(version: number): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const shipped of SCHEMA_VERSIONS)
    if (shipped.version <= version) Object.assign(merged, shipped.stores);
  return merged;
}

/** IndexedDB's version number of a Dexie version (Dexie multiplies by 10). */
function nativeVersionOf(version: number): number {
  return Math.round(version * 10);
}

/**
 * The IndexedDB version of the database on the device, 0 when there is none, -1 when the browser cannot tell
 * (`indexedDB.databases()` is missing or fails). Listing the databases opens none, so nothing is created here.
 */
async function installedVersionOf(name: string, indexedDB: IDBFactory | undefined): Promise<number> {
  try {
    if (!indexedDB || typeof indexedDB.databases !== 'function') return -1;
    const found = (await indexedDB.databases()).find((database) => database.name === name);
    return found?.version ?? 0;
  } catch {
    return -1;
  }
}

/** Opens (lazily, on first use) the database of a user. */
export function openAppDb(userId: number, options?: DexieOptions): AppDb {
  return new AppDb(dbNameFor(userId), options);
}
