import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { AppDb, SCHEMA_VERSIONS, dbNameFor, schemaHistory, versionsOfNewEntities } from '../../src/db/schema';
import { pullAgainFromStart } from '../../src/db/syncUpgrade';
import { SYNCED_ENTITIES, SYNCED_ENTITY_NAMES } from '../../src/domain/syncProtocol';

/**
 * The schema versions that have shipped, copied here on purpose: a shipped version is never edited, only
 * new versions are appended (docs/architecture.md §7). Append the new version here when you add one to schema.ts.
 */
const SHIPPED = [
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
  { version: 2, stores: { billMonthSummaries: '[companyId+billMonth]' }, upgrade: expect.any(Function) },
  {
    version: 3,
    stores: { outbox: '++seq, companyId, status, [companyId+status], *rowKeys, mutationId' },
    upgrade: expect.any(Function),
  },
  {
    version: 4,
    stores: {
      companyDocuments: 'id, companyId',
      outboxFiles: 'id, entrySeq',
      keptFiles: 'key, lastUsedAt, companyId',
      keptFileData: 'key',
    },
  },
  { version: 5, stores: { budgets: 'id, companyId, locationId' }, upgrade: expect.any(Function) },
  { version: 6, stores: { reportFilters: 'id, companyId, [companyId+userId]' } },
  {
    version: 7,
    stores: {
      openCloseRequests: 'id, companyId, locationId',
      openCloseNotes: 'id, companyId, requestId',
      openCloseEvents: 'id, companyId, requestId',
    },
  },
  {
    version: 8,
    stores: {
      energyStarMetrics: 'id, companyId, locationId, [locationId+metricMonth]',
      energyStarNotes: 'id, companyId, locationId',
      companyProfiles: 'id, companyId',
      companyUsers: 'id, companyId',
    },
    upgrade: expect.any(Function),
  },
  { version: 9, stores: { billLines: 'id, companyId' } },
  { version: 10, stores: { contractDocuments: 'id, companyId, contractId' }, upgrade: expect.any(Function) },
  {
    version: 11,
    stores: {
      apDeliveries: 'id, companyId',
      paymentConfirmations: 'id, companyId, accountId',
      clientDeposits: 'id, companyId',
      accruals: 'id, companyId, accountId',
    },
  },
  {
    version: 12,
    stores: {
      supportTickets: 'id, companyId, jiraIssueId',
      ticketComments: 'id, companyId, ticketId',
      ticketAttachments: 'id, companyId, ticketId',
    },
    upgrade: expect.any(Function),
  },
  { version: 13, stores: { billMonthSummaries: '[companyId+billMonth]' }, upgrade: expect.any(Function) },
  { version: 14, stores: {}, upgrade: expect.any(Function) },
  { version: 15, stores: { tableGenerations: 'table', pageAnswers: 'name, path' } },
];

describe('AppDb schema', () => {
  it('keeps every shipped version unchanged (versions only add)', () => {
    expect(SCHEMA_VERSIONS.slice(0, SHIPPED.length)).toEqual(SHIPPED);
  });

  it('stores every synced entity with the indexes its definition declares (src/domain/syncProtocol.ts)', () => {
    const latest: Record<string, string> = {};
    for (const shipped of SCHEMA_VERSIONS) Object.assign(latest, shipped.stores);
    for (const name of SYNCED_ENTITY_NAMES) expect(latest[name], name).toBe(SYNCED_ENTITIES[name].indexes);
  });

  it('derives the version that stores a new entity from its definition, with a pull from the start', () => {
    const next = (SCHEMA_VERSIONS.at(-1)?.version ?? 0) + 1;
    const withNewEntity = {
      ...SYNCED_ENTITIES,
      importBatches: { area: null, indexes: 'id, companyId', storedFrom: next },
      importRows: { area: null, indexes: 'id, companyId, batchId', storedFrom: next },
    };
    const derived = versionsOfNewEntities(withNewEntity).filter((entry) => entry.version === next);
    expect(derived).toEqual([
      {
        version: next,
        stores: { importBatches: 'id, companyId', importRows: 'id, companyId, batchId' },
        upgrade: pullAgainFromStart,
      },
    ]);
    const history = schemaHistory(SCHEMA_VERSIONS, derived);
    expect(history.at(-1)?.version).toBe(next);
    expect(() => schemaHistory(SCHEMA_VERSIONS, [{ version: next - 1, stores: {} }])).toThrow(
      /declared twice/,
    );
  });

  it('numbers versions in increasing order', () => {
    const numbers = SCHEMA_VERSIONS.map((entry) => entry.version);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('never drops a table in a later version', () => {
    for (let i = 1; i < SCHEMA_VERSIONS.length; i += 1) {
      const before = Object.keys(SCHEMA_VERSIONS[i - 1]?.stores ?? {});
      const after = SCHEMA_VERSIONS[i]?.stores ?? {};
      for (const table of before) expect(after[table]).not.toBeNull();
    }
  });

  it('has a table for every synced entity plus the bookkeeping tables', async () => {
    const db = new AppDb('schema-test', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.open();
    expect(db.tables.map((table) => table.name).sort()).toEqual(
      [
        ...SYNCED_ENTITY_NAMES,
        'meta',
        'outbox',
        'outboxFiles',
        'syncState',
        'billMonthSummaries',
        'keptFiles',
        'keptFileData',
        'tableGenerations',
        'pageAnswers',
      ].sort(),
    );
    const billIndexes = db.bills.schema.indexes.map((index) => index.name);
    expect(billIndexes).toEqual(
      expect.arrayContaining([
        'companyId',
        '[companyId+billMonth]',
        '[accountId+billMonth]',
        '[locationId+billMonth]',
      ]),
    );
    expect(db.outbox.schema.primKey.auto).toBe(true);
    expect(db.outbox.schema.idxByName.rowKeys?.multi).toBe(true);
    db.close();
  });

  it('declares only the latest version: the schema every version declared in turn makes, and a current database opens as it is', async () => {
    const indexedDB = new IDBFactory();
    const shapeOf = (db: Dexie) =>
      db.tables
        .map((table) => [
          table.name,
          table.schema.primKey.src,
          table.schema.indexes.map((index) => index.src).sort(),
        ])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const all = new AppDb('latest-test', { indexedDB, IDBKeyRange }, 'all');
    const latest = new AppDb('latest-test', { indexedDB, IDBKeyRange });
    expect(shapeOf(latest)).toEqual(shapeOf(all));
    expect(latest.verno).toBe(SCHEMA_VERSIONS.at(-1)?.version);

    await all.open();
    await all.locations.put({ id: 'site-1', companyId: 2, version: 7, name: 'Store 1' } as never);
    all.close();
    const native = () =>
      indexedDB.databases().then((found) => found.map(({ name, version }) => [name, version]));
    const before = await native();
    expect(await latest.locations.get('site-1')).toMatchObject({ name: 'Store 1' });
    expect(await native()).toEqual(before);
    latest.close();
  });

  it('pulls every company again from the start when version 8 adds entities, keeping the rows on the device', async () => {
    const indexedDB = new IDBFactory();
    const before = new Dexie('upgrade-8-test', { indexedDB, IDBKeyRange });
    for (const { version, stores } of SCHEMA_VERSIONS.filter((entry) => entry.version < 8))
      before.version(version).stores(stores);
    await before.open();
    await before.table('syncState').put({ companyId: 2, cursor: '4120', lastSyncAt: null, rowCounts: {} });
    await before.table('locations').put({ id: 'site-1', companyId: 2, version: 7, name: 'Store 1' });
    before.close();

    const db = new AppDb('upgrade-8-test', { indexedDB, IDBKeyRange });
    expect(await db.syncState.get(2)).toMatchObject({ companyId: 2, cursor: null });
    expect(await db.locations.get('site-1')).toMatchObject({ name: 'Store 1', version: 7 });
    expect(await db.energyStarMetrics.count()).toBe(0);
    db.close();
  });

  it('gives stored alerts their bill’s month when version 14 opens, null when the bill is not on the device', async () => {
    const indexedDB = new IDBFactory();
    const before = new Dexie('upgrade-14-test', { indexedDB, IDBKeyRange });
    for (const { version, stores } of SCHEMA_VERSIONS.filter((entry) => entry.version < 14))
      before.version(version).stores(stores);
    await before.open();
    await before.table('bills').put({ id: 'bill-1', companyId: 2, billMonth: '2026-03' });
    await before.table('alerts').bulkPut([
      { id: 'on-bill', companyId: 2, billId: 'bill-1' },
      { id: 'bill-elsewhere', companyId: 2, billId: 'bill-9' },
      { id: 'no-bill', companyId: 2, billId: null },
    ]);
    before.close();

    const db = new AppDb('upgrade-14-test', { indexedDB, IDBKeyRange });
    const months = (await db.alerts.toArray()).map(({ id, billMonth }) => [id, billMonth]);
    expect(Object.fromEntries(months)).toEqual({
      'on-bill': '2026-03',
      'bill-elsewhere': null,
      'no-bill': null,
    });
    db.close();
  });

  it('names one database per user', () => {
    expect(dbNameFor(42)).toBe('get-portal-u42');
  });
});
