// The import API on the real server (docs/architecture.md §14 Imports): a file applied once as a batch, all rows or
// none, duplicates skipped, undone through the feed's delete path.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIMEOUT_MS, startDemoServer } from '../helpers/demoServer';
import type { DemoServer } from '../helpers/demoServer';
import type { EarlierStatement } from '../../src/domain/bills';
import { espiFeed, evenReadings } from '../domain/imports/greenButton/espiFeed';

interface Batch {
  id: string;
  status: string;
  counts: { bills: number; duplicates: number; lines: number };
  totals: { unit: string | null; usage: number; cost: number }[];
  errors: { row: number; field: string; message: string }[];
}

/** An Idempotency-Key as the device writes one: `{clientId}:{mutationId}`. */
let mutation = 0;
const newKey = () => `imports-test:${++mutation}`;

let demo: DemoServer;
let northwind: number;
let account: { id: string; account_number: string; vendor_name: string };

const HEADERS = [
  'Account Number',
  'Vendor',
  'Service',
  'Read Date From',
  'Read Date To',
  'Usage',
  'Unit',
  'Total Charges',
];

function rowsFor(months: string[]): string[][] {
  return months.map((month) => [
    account.account_number,
    account.vendor_name,
    'Electric',
    `${month}-01`,
    `${month}-28`,
    '1200',
    'kWh',
    '150.25',
  ]);
}

function csv(rows: string[][]): string {
  return [HEADERS, ...rows]
    .map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(','))
    .join('\r\n');
}

function post(
  body: Record<string, unknown>,
  key = newKey(),
  role: 'northwindAdmin' | 'northwindClient' | 'harborClient' = 'northwindAdmin',
) {
  return demo.as<Batch & { error?: { message: string } }>(
    role,
    'POST',
    `/api/companies/${northwind}/imports`,
    {
      body,
      headers: { 'Idempotency-Key': key },
    },
  );
}

async function billsOfBatch(id: string): Promise<number> {
  const [row] = await demo.rows<{ n: number }>(
    sql`select count(*)::int as n from bills where import_batch_id = ${id}`,
  );
  return row?.n ?? 0;
}

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  const [first] = await demo.rows<{ id: string; account_number: string; vendor_name: string }>(
    sql`select id, account_number, vendor_name from accounts where company_id = ${northwind} order by account_number limit 1`,
  );
  if (!first) throw new Error('no account');
  account = first;
}, SEED_TIMEOUT_MS);

afterAll(() => demo.server.close());

describe('POST /companies/:companyId/imports', () => {
  it('applies a CSV once, replays by Idempotency-Key, skips duplicates and undoes', async () => {
    const body = {
      fileName: 'bills.csv',
      fileValue: Buffer.from(csv(rowsFor(['2031-01', '2031-02']))).toString('base64'),
      kind: 'bills',
    };
    const key = newKey();
    const first = await post(body, key);
    expect(first.status).toBe(201);
    expect(first.body.counts.bills).toBe(2);
    expect(first.body.totals).toEqual([{ unit: 'kWh', usage: 2400, cost: 300.5 }]);
    expect(await billsOfBatch(first.body.id)).toBe(2);

    const replay = await post(body, key);
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(first.body.id);
    const [batches] = await demo.rows<{ n: number }>(
      sql`select count(*)::int as n from import_batches where file_name = 'bills.csv'`,
    );
    expect(batches?.n).toBe(1);

    const again = await post(body);
    expect(again.status).toBe(201);
    expect(again.body.counts).toMatchObject({ bills: 0, duplicates: 2 });

    const undo = await demo.as<Batch>(
      'northwindAdmin',
      'DELETE',
      `/api/companies/${northwind}/imports/${first.body.id}`,
      {
        headers: { 'Idempotency-Key': newKey() },
      },
    );
    expect(undo.status).toBe(200);
    expect(undo.body.status).toBe('undone');
    expect(await billsOfBatch(first.body.id)).toBe(0);
    const tombstones = await demo.rows<{ n: number }>(
      sql`select count(*)::int as n from tombstones where company_id = ${northwind} and entity = 'bills'`,
    );
    expect(tombstones[0]?.n).toBeGreaterThanOrEqual(2);
    const listed = await demo.as<Batch[]>('northwindAdmin', 'GET', `/api/companies/${northwind}/imports`);
    expect(listed.body.find((batch) => batch.id === first.body.id)?.status).toBe('undone');
  });

  it('reads an XLSX workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Bills');
    sheet.addRow(HEADERS);
    for (const row of rowsFor(['2032-05'])) sheet.addRow([...row.slice(0, 5), 1200, 'kWh', 150.25]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const result = await post({ fileName: 'bills.xlsx', fileValue: bytes.toString('base64'), kind: 'bills' });
    expect(result.status).toBe(201);
    expect(result.body.counts.bills).toBe(1);
    expect(await billsOfBatch(result.body.id)).toBe(1);
  });

  it('refuses the whole file with 422 when a row names an unknown account', async () => {
    const rows = [
      ...rowsFor(['2033-01']),
      ['NO-SUCH-ACCOUNT', 'Nobody Power', 'Electric', '2033-01-01', '2033-01-28', '5', 'kWh', '1'],
    ];
    const before = await demo.rows<{ n: number }>(
      sql`select count(*)::int as n from bills where company_id = ${northwind}`,
    );
    const result = await post({
      fileName: 'bad.csv',
      fileValue: Buffer.from(csv(rows)).toString('base64'),
      kind: 'bills',
    });
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual([expect.objectContaining({ row: 3, field: 'accountNumber' })]);
    const after = await demo.rows<{ n: number }>(
      sql`select count(*)::int as n from bills where company_id = ${northwind}`,
    );
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('answers 400 for a file it cannot read and 413 over 20 MB', async () => {
    const unreadable = await post({
      fileName: 'bills.xlsx',
      fileValue: Buffer.from('not a zip').toString('base64'),
      kind: 'bills',
    });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.error?.message).toMatch(/not a readable workbook/);
    const huge = await post({ fileName: 'bills.csv', fileValue: 'A'.repeat(28_100_000), kind: 'bills' });
    expect(huge.status).toBe(413);
  });

  it("refuses another company's user", async () => {
    const body = {
      fileName: 'bills.csv',
      fileValue: Buffer.from(csv(rowsFor(['2034-01']))).toString('base64'),
      kind: 'bills',
    };
    const result = await post(body, newKey(), 'harborClient');
    expect([403, 404]).toContain(result.status);
  });

  it('imports a monthly Green Button file into an account', async () => {
    const xml = readFileSync('tests/fixtures/greenButton/gasMonthlyOpower.xml');
    const result = await post({
      fileName: 'gas.xml',
      fileValue: xml.toString('base64'),
      kind: 'greenButton',
      accountId: account.id,
    });
    expect(result.status).toBe(201);
    expect(result.body.counts.bills).toBeGreaterThan(0);
    expect(await billsOfBatch(result.body.id)).toBe(result.body.counts.bills);
  });

  it('imports a daily water Green Button file into a water account: gallons by month, the water service, costs', async () => {
    // ESPI ServiceKind 2 (water), UnitSymbolKind 128 (US gallon), powerOfTenMultiplier 1: each reading is tens of
    // gallons; a reading's cost is in 1/100,000 of the currency (ESPI). Sixty-one days from 2025-03-01 (UTC, no
    // LocalTimeParameters) give March and April.
    const start = Date.UTC(2025, 2, 1) / 1000;
    const xml = espiFeed({
      kind: 2,
      uom: 128,
      powerOfTenMultiplier: 1,
      readings: evenReadings(start, 86_400, 61, (i) => 40 + (i % 3)).map(
        ([from, duration, value], i) => [from, duration, value, i < 31 ? 25_000 : 30_000] as const,
      ),
    });
    const [water] = await demo.rows<{ id: string }>(
      sql`select id from accounts where company_id = ${northwind} and services ilike '%water%' order by account_number limit 1`,
    );
    if (!water) throw new Error('Northwind has no water account');
    const result = await post({
      fileName: 'water.xml',
      fileValue: Buffer.from(xml).toString('base64'),
      kind: 'greenButton',
      accountId: water.id,
    });
    expect(result.status).toBe(201);
    const months = await demo.rows<{
      bill_month: string;
      service_name: string;
      energy_unit: string;
      usage: number;
    }>(
      sql`select b.bill_month, u.service_name, u.energy_unit, u.usage_total::float as usage
          from bills b join bill_usages u on u.bill_id = b.id and u.company_id = b.company_id
          where b.import_batch_id = ${result.body.id} order by b.bill_month`,
    );
    const expected = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => (40 + ((from + i) % 3)) * 10).reduce((a, b) => a + b, 0);
    expect(months).toEqual([
      { bill_month: '2025-03', service_name: 'water', energy_unit: 'gallons', usage: expected(0, 31) },
      { bill_month: '2025-04', service_name: 'water', energy_unit: 'gallons', usage: expected(31, 61) },
    ]);
    expect(result.body.totals).toEqual([
      { unit: 'gallons', usage: expected(0, 61), cost: 31 * 0.25 + 30 * 0.3 },
    ]);
  });

  it('undoes a batch whose bills raised alerts: the alerts leave with the bills, through tombstones', async () => {
    // The same usage three bills in a row: the possible-estimate audit flags the third.
    const rows = rowsFor(['2005-01', '2005-02', '2005-03']);
    const created = await post({
      id: '5d2c8c0e-7a51-4c1e-9a8e-3f0d6b1e2a41',
      fileName: 'long-period.csv',
      fileValue: Buffer.from(csv(rows)).toString('base64'),
      kind: 'bills',
    });
    expect(created.status).toBe(201);
    expect(created.body.id).toBe('5d2c8c0e-7a51-4c1e-9a8e-3f0d6b1e2a41');
    const alertsOfBatch = async () =>
      (
        await demo.rows<{ n: number }>(
          sql`select count(*)::int as n from alerts a join bills b on b.id = a.bill_id where b.import_batch_id = ${created.body.id}`,
        )
      )[0]?.n ?? 0;
    expect(await alertsOfBatch()).toBeGreaterThan(0);
    const alertIds = await demo.rows<{ id: string }>(
      sql`select a.id from alerts a join bills b on b.id = a.bill_id where b.import_batch_id = ${created.body.id}`,
    );

    const undo = await demo.as<Batch>('northwindAdmin', 'DELETE', `/api/imports/${created.body.id}`, {
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(undo.status).toBe(200);
    expect(await billsOfBatch(created.body.id)).toBe(0);
    const tombstoned = await demo.rows<{ n: number }>(
      sql`select count(*)::int as n from tombstones where entity = 'alerts' and entity_id in ${sql.raw(`('${alertIds.map((a) => a.id).join("','")}')`)}`,
    );
    expect(tombstoned[0]?.n).toBe(alertIds.length);
  });

  it('takes the spec-style client form, and is the work of admins and consultants only', async () => {
    const body = {
      fileName: 'client-form.csv',
      fileValue: Buffer.from(csv(rowsFor(['2036-03']))).toString('base64'),
      kind: 'bills',
    };
    const byClient = await post(body, newKey(), 'northwindClient');
    expect([403, 404]).toContain(byClient.status);
    const created = await demo.as<Batch>('northwindAdmin', 'POST', '/api/imports', {
      body,
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(created.status).toBe(201);
    const one = await demo.as<Batch>('northwindAdmin', 'GET', `/api/imports/${created.body.id}`);
    expect(one.body.counts.bills).toBe(1);
  });

  it('replaces a bill by its re-issued statement, keeps the earlier one in the batch, and puts it back on undo', async () => {
    const first = await post({
      fileName: 'statement.csv',
      fileValue: Buffer.from(csv(rowsFor(['2006-07']))).toString('base64'),
      kind: 'bills',
    });
    expect(first.status).toBe(201);
    const [earlier] = await demo.rows<{ id: string; total_new_charges: string }>(
      sql`select id, total_new_charges from bills where import_batch_id = ${first.body.id}`,
    );
    // The same account, vendor and period with other amounts: a re-issue (a statement id of its own does not matter).
    const corrected = rowsFor(['2006-07']);
    corrected[0]![7] = '175.80';
    const second = await post({
      fileName: 'statement-reissued.csv',
      fileValue: Buffer.from(csv(corrected)).toString('base64'),
      kind: 'bills',
    });
    expect(second.status).toBe(201);
    expect(second.body.counts).toMatchObject({ bills: 1, duplicates: 0, replaced: 1 });
    const periodBills = () =>
      demo.rows<{
        id: string;
        total_new_charges: string;
        import_batch_id: string;
        earlier_statements: EarlierStatement[];
      }>(
        sql`select id, total_new_charges, import_batch_id, earlier_statements from bills where account_id = ${account.id} and bill_month = '2006-07'`,
      );
    const afterReissue = await periodBills();
    expect(afterReissue).toEqual([expect.objectContaining({ import_batch_id: second.body.id })]);
    expect(Number(afterReissue[0]?.total_new_charges)).toBe(175.8);
    // The re-issue keeps the earlier statement's figures in its history (synced with the bill, shown on its page).
    expect(afterReissue[0]?.earlier_statements).toEqual([
      expect.objectContaining({
        readDateFrom: '2006-07-01',
        totalNewCharges: Number(earlier!.total_new_charges),
      }),
    ]);
    const tombstoned = await demo.rows<{ n: number }>(
      sql`select count(*)::int as n from tombstones where entity = 'bills' and entity_id = ${earlier!.id}`,
    );
    expect(tombstoned[0]?.n).toBe(1);

    const undo = await demo.as<Batch>('northwindAdmin', 'DELETE', `/api/imports/${second.body.id}`, {
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(undo.status).toBe(200);
    const afterUndo = await periodBills();
    expect(afterUndo).toEqual([
      expect.objectContaining({
        id: earlier!.id,
        import_batch_id: first.body.id,
        total_new_charges: earlier!.total_new_charges,
        earlier_statements: [],
      }),
    ]);
    const charges = await demo.rows<{ n: number }>(
      sql`select count(*)::int as n from bill_charges where bill_id = ${earlier!.id}`,
    );
    expect(charges[0]?.n).toBeGreaterThan(0);
  });

  it('creates the accounts a file names under the sites of their site numbers, when asked', async () => {
    const [site] = await demo.rows<{ id: string; site_number: string }>(
      sql`select id, site_number from locations where company_id = ${northwind} and site_number is not null order by site_number limit 1`,
    );
    const headers = ['Site Number', ...HEADERS];
    const newAccount = [
      'NEW-ACCT-77',
      'Prairie Water Co',
      'Water',
      '2007-03-01',
      '2007-03-31',
      '42',
      'kgal',
      '310.40',
    ];
    const file = (rows: string[][]) =>
      Buffer.from(
        [headers, ...rows].map((row) => row.map((cell) => `"${cell}"`).join(',')).join('\r\n'),
      ).toString('base64');
    const refused = await post({
      fileName: 'new.csv',
      fileValue: file([[site!.site_number, ...newAccount]]),
      kind: 'bills',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ row: 2, field: 'accountNumber' })]);
    const noSite = await post({
      fileName: 'new.csv',
      fileValue: file([['NO-SUCH-SITE', ...newAccount]]),
      kind: 'bills',
      options: { createAccounts: true },
    });
    expect(noSite.status).toBe(422);
    expect(noSite.body.errors).toEqual([expect.objectContaining({ row: 2, field: 'siteNumber' })]);

    const created = await post({
      fileName: 'new.csv',
      fileValue: file([[site!.site_number, ...newAccount]]),
      kind: 'bills',
      options: { createAccounts: true },
    });
    expect(created.status).toBe(201);
    expect(created.body.counts).toMatchObject({ bills: 1, accountsCreated: 1 });
    const accounts = await demo.rows<{ location_id: string; services: string; vendor_name: string }>(
      sql`select location_id, services, vendor_name from accounts where company_id = ${northwind} and account_number = 'NEW-ACCT-77'`,
    );
    expect(accounts).toEqual([{ location_id: site!.id, services: 'water', vendor_name: 'Prairie Water Co' }]);
    // The undo takes the account it created away with its bills.
    const undo = await demo.as<Batch>('northwindAdmin', 'DELETE', `/api/imports/${created.body.id}`, {
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(undo.status).toBe(200);
    const left = await demo.rows<{ n: number }>(
      sql`select count(*)::int as n from accounts where company_id = ${northwind} and account_number = 'NEW-ACCT-77'`,
    );
    expect(left[0]?.n).toBe(0);
  });

  it('creates sites from a sites file, skips the ones present, and takes them away on undo', async () => {
    const [present] = await demo.rows<{ site_number: string }>(
      sql`select site_number from locations where company_id = ${northwind} and site_number is not null limit 1`,
    );
    const sheet = (rows: string[][]) =>
      Buffer.from(
        [['Store #', 'Store Name', 'Street Address', 'City', 'State', 'Zip Code', 'Sq Ft'], ...rows]
          .map((row) => row.map((cell) => `"${cell}"`).join(','))
          .join('\r\n'),
      ).toString('base64');
    const rows = [
      ['S-9001', 'Lakeside Depot', '12 Shore Rd', 'Duluth', 'MN', '55802', '48,000'],
      ['S-9002', 'Ridge Store', '400 Ridge Ave', 'Boise', 'ID', '83702', ''],
      [present!.site_number, 'Already here', '1 Main St', 'Chicago', 'IL', '60601', ''],
    ];
    const bad = await post({
      fileName: 'sites.csv',
      fileValue: sheet([['S-9003', 'Nowhere', '1 Road', 'Town', 'Atlantis', '00000', '']]),
      kind: 'sites',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ row: 2, field: 'state' })]),
    );
    const noColumns = await post({
      fileName: 'sites.csv',
      fileValue: Buffer.from('Store #,Store Name\r\nS-1,One').toString('base64'),
      kind: 'sites',
    });
    expect(noColumns.status).toBe(400);
    expect(noColumns.body.error?.message).toMatch(/Address, City, State, Zip/);

    const created = await post({ fileName: 'sites.csv', fileValue: sheet(rows), kind: 'sites' });
    expect(created.status).toBe(201);
    expect(created.body.counts).toMatchObject({ rows: 3, duplicates: 1, sitesCreated: 2 });
    const sites = () =>
      demo.rows<{ site_number: string; sqft: number | null; state: string }>(
        sql`select site_number, sqft, state from locations where company_id = ${northwind} and site_number in ('S-9001', 'S-9002') order by site_number`,
      );
    expect(await sites()).toEqual([
      { site_number: 'S-9001', sqft: 48000, state: 'MN' },
      { site_number: 'S-9002', sqft: null, state: 'ID' },
    ]);
    const undo = await demo.as<Batch>('northwindAdmin', 'DELETE', `/api/imports/${created.body.id}`, {
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(undo.status).toBe(200);
    expect(await sites()).toEqual([]);
  });

  it('keeps the hourly readings of a Green Button file as interval months of the account, and undoes them', async () => {
    // The Green Button sample of EnergyOS.org for NIST/SGIP (tests/fixtures/greenButton/README.md): nine days, hourly.
    const xml = readFileSync('tests/fixtures/greenButton/electricHourlyNineDays.xml');
    const result = await post({
      fileName: 'hourly.xml',
      fileValue: xml.toString('base64'),
      kind: 'greenButton',
      accountId: account.id,
    });
    expect(result.status).toBe(201);
    const months = await demo.rows<{ interval_seconds: number; values: (number | null)[] }>(
      sql`select interval_seconds, "values" from interval_months where import_batch_id = ${result.body.id}`,
    );
    expect(months.length).toBeGreaterThan(0);
    expect(months.every((month) => month.interval_seconds === 3600)).toBe(true);
    const readings = months.flatMap((month) => month.values).filter((value) => value !== null);
    expect(readings.length).toBe(9 * 24);
    const undo = await demo.as<Batch>('northwindAdmin', 'DELETE', `/api/imports/${result.body.id}`, {
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(undo.status).toBe(200);
    const left = await demo.rows<{ n: number }>(
      sql`select count(*)::int as n from interval_months where import_batch_id = ${result.body.id}`,
    );
    expect(left[0]?.n).toBe(0);
  });
});
