import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../server/src/db/migrate';
import { openTestDatabase } from '../../helpers/database';
import type { TestDatabase } from '../../helpers/database';
import { insertOldSite, migrateWith, migrationsBefore } from '../../helpers/migrations';

const MIGRATION = '0008_bill_lines';

describe(`migration ${MIGRATION}`, () => {
  let database: TestDatabase;
  let folder: string;
  let companyId: number;
  const withLines = randomUUID();
  const withoutLines = randomUUID();

  beforeAll(async () => {
    database = await openTestDatabase();
    folder = migrationsBefore(MIGRATION);
    await migrateWith(database.handle, folder);
    const db = database.handle.db;
    const site = await insertOldSite(database.handle, 9);
    companyId = site.companyId;
    await db.execute(sql`insert into company_sync (company_id, version) values (${companyId}, 9)`);
    const vendorId = randomUUID();
    const accountId = randomUUID();
    await db.execute(sql`insert into vendors (id, name) values (${vendorId}, 'Old Power')`);
    await db.execute(sql`
      insert into accounts (id, company_id, version, location_id, vendor_id, vendor_name, account_number)
      values (${accountId}, ${companyId}, 2, ${site.locationId}, ${vendorId}, 'Old Power', 'P-1')`);
    await db.execute(sql`
      insert into bills (id, company_id, version, account_id, location_id, vendor_id, vendor_name, bill_month)
      values (${withLines}, ${companyId}, 3, ${accountId}, ${site.locationId}, ${vendorId}, 'Old Power', '2025-01'),
             (${withoutLines}, ${companyId}, 4, ${accountId}, ${site.locationId}, ${vendorId}, 'Old Power', '2025-02')`);
    await db.execute(sql`
      insert into bill_charges (bill_id, company_id, service_type, tariff, charge_classification, description, amount)
      values (${withLines}, ${companyId}, 'electric', 'GS-1', 'Energy', 'Energy charge', 100.1),
             (${withLines}, ${companyId}, 'electric', 'GS-1', 'Taxes & Fees', 'Sales tax', 8.25)`);
    await db.execute(sql`
      insert into bill_usages (bill_id, company_id, service_name, measurement_type, energy_unit, usage_total, kw_max,
                               read_date_from, read_date_to)
      values (${withLines}, ${companyId}, 'electric', 'Actual', 'kWh', 900.5, 40, '2024-12-02', '2025-01-01')`);
    await db.execute(sql`
      insert into archive_records (company_id, gc_statement_id, account_number, vendor_name, bill_month, amount)
      values (${companyId}, 'GC1', 'P-1', 'Old Power', '2021-06', 99.5)`);
    await migrateDatabase(database.handle);
  }, 60_000);

  afterAll(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('gives each bill with lines one billLines row, in a new version of its company', async () => {
    const { rows } = await database.handle.db.execute<{
      id: string;
      version: string;
      charges: unknown;
      usages: unknown;
    }>(sql`select id, version::text as version, charges, usages from bill_lines`);
    expect(rows.map((row) => row.id)).toEqual([withLines]);
    const [sync] = (
      await database.handle.db.execute<{ version: string }>(
        sql`select version::text as version from company_sync where company_id = ${companyId}`,
      )
    ).rows;
    expect(Number(sync?.version)).toBe(10);
    expect(Number(rows[0]?.version)).toBe(10);
    expect(rows[0]?.charges).toEqual([
      {
        serviceType: 'electric',
        tariff: 'GS-1',
        chargeClassification: 'Energy',
        description: 'Energy charge',
        amount: 100.1,
      },
      {
        serviceType: 'electric',
        tariff: 'GS-1',
        chargeClassification: 'Taxes & Fees',
        description: 'Sales tax',
        amount: 8.25,
      },
    ]);
    expect(rows[0]?.usages).toEqual([
      {
        serviceName: 'electric',
        tariff: null,
        measurementType: 'Actual',
        energyUnit: 'kWh',
        usageTotal: 900.5,
        kwMax: 40,
        kvaMax: null,
        kvarSum: null,
        readDateFrom: '2024-12-02',
        readDateTo: '2025-01-01',
      },
    ]);
  });

  it('dates archived statements on the 15th of their bill month', async () => {
    const { rows } = await database.handle.db.execute<{ invoice_date: string }>(
      sql`select invoice_date::text as invoice_date from archive_records`,
    );
    expect(rows).toEqual([{ invoice_date: '2021-06-15' }]);
  });
});
