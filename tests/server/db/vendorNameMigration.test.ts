import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../server/src/db/migrate';
import { openTestDatabase } from '../../helpers/database';
import type { TestDatabase } from '../../helpers/database';
import { insertOldSite, migrateWith, migrationsBefore } from '../../helpers/migrations';

const MIGRATION = '0001_vendor_name';

describe(`migration ${MIGRATION}`, () => {
  let database: TestDatabase;
  let folder: string;
  const vendors = { power: randomUUID(), water: randomUUID() };
  const accounts = { power: randomUUID(), water: randomUUID() };
  const bills = [randomUUID(), randomUUID(), randomUUID()];

  beforeAll(async () => {
    database = await openTestDatabase();
    folder = migrationsBefore(MIGRATION);
    await migrateWith(database.handle, folder);
    // Rows as an older server wrote them, without vendor_name (raw SQL: today's schema requires the column).
    const db = database.handle.db;
    const { companyId, locationId } = await insertOldSite(database.handle, 7);
    await db.execute(
      sql`insert into vendors (id, name) values (${vendors.power}, 'Old Power'), (${vendors.water}, 'Old Water')`,
    );
    await db.execute(sql`
      insert into accounts (id, company_id, version, location_id, vendor_id, account_number)
      values (${accounts.power}, ${companyId}, 2, ${locationId}, ${vendors.power}, 'P-1'),
             (${accounts.water}, ${companyId}, 3, ${locationId}, ${vendors.water}, 'W-1')`);
    await db.execute(sql`
      insert into bills (id, company_id, version, account_id, location_id, vendor_id, bill_month)
      values (${bills[0]}, ${companyId}, 4, ${accounts.power}, ${locationId}, ${vendors.power}, '2025-01'),
             (${bills[1]}, ${companyId}, 5, ${accounts.power}, ${locationId}, ${vendors.power}, '2025-02'),
             (${bills[2]}, ${companyId}, 6, ${accounts.water}, ${locationId}, ${vendors.water}, '2025-01')`);
    await migrateDatabase(database.handle);
  }, 60_000);

  afterAll(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('fills vendor_name of existing accounts and bills from their vendor, keeping their versions', async () => {
    const rows = await database.handle.db.execute<{ id: string; vendor_name: string; version: string }>(sql`
      select id, vendor_name, version::text as version from accounts
      union all select id, vendor_name, version::text as version from bills`);
    const byId = new Map(
      rows.rows.map((row) => [row.id, { vendorName: row.vendor_name, version: Number(row.version) }]),
    );
    expect(byId.get(accounts.power)).toEqual({ vendorName: 'Old Power', version: 2 });
    expect(byId.get(accounts.water)).toEqual({ vendorName: 'Old Water', version: 3 });
    expect(byId.get(bills[0] ?? '')).toEqual({ vendorName: 'Old Power', version: 4 });
    expect(byId.get(bills[1] ?? '')).toEqual({ vendorName: 'Old Power', version: 5 });
    expect(byId.get(bills[2] ?? '')).toEqual({ vendorName: 'Old Water', version: 6 });
  });

  it('leaves vendor_name a NOT NULL text column of both tables', async () => {
    const { rows } = await database.handle.db.execute<{
      table_name: string;
      data_type: string;
      is_nullable: string;
    }>(sql`
      select table_name, data_type, is_nullable from information_schema.columns
      where table_schema = 'public' and column_name = 'vendor_name' and table_name in ('accounts', 'bills')
      order by table_name`);
    expect(rows).toEqual([
      { table_name: 'accounts', data_type: 'text', is_nullable: 'NO' },
      { table_name: 'bills', data_type: 'text', is_nullable: 'NO' },
    ]);
  });
});
