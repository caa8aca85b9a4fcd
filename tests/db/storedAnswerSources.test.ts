// Every stored page answer names the tables its query reads (src/db/pageAnswers.ts): a table left out would let a
// reload show an answer its data no longer gives. Each source's query runs here on a company with a row in every
// table it may touch, and the tables it read must be among those its source names.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { DBCore, DBCoreTable } from 'dexie';
import {
  ACCOUNTS_OVERVIEW_SOURCE,
  ACCOUNT_ROWS_SOURCE,
  accountListRows,
  accountsOverviewOf,
} from '../../src/db/queries/accountPages';
import { alertList, ALERT_LIST_SOURCE } from '../../src/db/queries/alerts';
import {
  COMPANY_OVERVIEW_SOURCE,
  companyOverview,
  LOCATION_LIST_SOURCE,
  locationList,
} from '../../src/db/queries/locations';
import type { PageAnswerSource } from '../../src/db/pageAnswers';
import { defaultAlertFilter } from '../../src/domain/alertList';
import { parseRoles } from '../../src/domain/roles';
import { companyRow } from '../helpers/localRows';
import type { AppDb } from '../../src/db/schema';
import { openLocalDb } from '../helpers/localDb';
import {
  accountRow,
  alertRow,
  base,
  billRow,
  contractRow,
  locationRow,
  service,
} from './queries/locationRows';

const C = 1;

/** A database that records the tables each read touches. */
function recordingDb(): { db: AppDb; read: Set<string> } {
  const db = openLocalDb();
  const read = new Set<string>();
  const recorded = (table: DBCoreTable): DBCoreTable => ({
    ...table,
    get: (req) => (read.add(table.name), table.get(req)),
    getMany: (req) => (read.add(table.name), table.getMany(req)),
    query: (req) => (read.add(table.name), table.query(req)),
    openCursor: (req) => (read.add(table.name), table.openCursor(req)),
    count: (req) => (read.add(table.name), table.count(req)),
  });
  db.use({
    stack: 'dbcore',
    name: 'recordReads',
    create: (down: DBCore) => ({ ...down, table: (name: string) => recorded(down.table(name)) }),
  });
  return { db, read };
}

async function seedCompany(db: AppDb): Promise<void> {
  const site = locationRow('l1', C);
  const account = accountRow('a1', C, 'l1', 'electric');
  const bills = ['2025-12', '2026-01', '2026-02'].map((month) =>
    billRow(`b-${month}`, account, month, [service('electric', 100, 1000)]),
  );
  const missing = billRow('b-missing', account, '2026-03', [], {
    isInvoiceMissing: true,
    totalNewCharges: 0,
  });
  await db.companies.put(companyRow({ id: C, name: 'Acme' }));
  await db.locations.put(site);
  await db.accounts.put(account);
  await db.bills.bulkPut([...bills, missing]);
  await db.alerts.put(alertRow('al1', bills[2]!, { importDate: '2026-02-20' }));
  await db.contracts.put(contractRow('k1', C, '2026-04-30'));
  await db.customAttributes.put({ ...base('ca1', C), attributeName: 'Region', position: 1 });
  await db.locationAttributeValues.put({
    ...base('v1', C),
    locationId: 'l1',
    attributeId: 'ca1',
    value: 'North',
  });
  await db.tags.put({ ...base('t1', C), text: 'Retail', isActive: true });
  await db.siteTags.put({ ...base('st1', C), locationId: 'l1', tagId: 't1' });
}

async function tablesRead(source: PageAnswerSource, run: (db: AppDb) => Promise<unknown>): Promise<string[]> {
  const { db, read } = recordingDb();
  await seedCompany(db);
  read.clear();
  await run(db);
  db.close();
  const names = [...read].sort();
  expect(names.length).toBeGreaterThan(0);
  expect(names.filter((name) => !source.tables.includes(name))).toEqual([]);
  return names;
}

describe('stored page answers name every table their query reads', () => {
  it('the Locations list', async () => {
    await tablesRead(LOCATION_LIST_SOURCE, (db) => locationList(db, C));
  });
  it('the company overview', async () => {
    await tablesRead(COMPANY_OVERVIEW_SOURCE, (db) =>
      companyOverview(db, C, { contracts: true, today: '2026-03-10' }),
    );
  });
  it('the accounts grid', async () => {
    await tablesRead(ACCOUNT_ROWS_SOURCE, (db) => accountListRows(db, [C]));
  });
  it('the accounts overview', async () => {
    await tablesRead(ACCOUNTS_OVERVIEW_SOURCE, (db) =>
      accountsOverviewOf(db, [C], parseRoles('consultant'), '2026-03-10'),
    );
  });
  it('the alerts list', async () => {
    await tablesRead(ALERT_LIST_SOURCE, (db) => alertList(db, C, defaultAlertFilter('2026-03-10')));
  });
});
