import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../server/src/db/migrate';
import { openTestDatabase } from '../../helpers/database';
import type { TestDatabase } from '../../helpers/database';
import { insertOldAccount, insertOldSite, migrateWith, migrationsBefore } from '../../helpers/migrations';

const MIGRATION = '0012_alert_bill_month';

describe(`migration ${MIGRATION}`, () => {
  let database: TestDatabase;
  let folder: string;
  const onBill = randomUUID();
  const noBill = randomUUID();

  beforeAll(async () => {
    database = await openTestDatabase();
    folder = migrationsBefore(MIGRATION);
    await migrateWith(database.handle, folder);
    const db = database.handle.db;
    const { companyId, locationId } = await insertOldSite(database.handle, 9);
    const billId = randomUUID();
    const { vendorId, accountId } = await insertOldAccount(database.handle, { companyId, locationId });
    await db.execute(sql`
      insert into bills (id, company_id, version, account_id, location_id, vendor_id, vendor_name, bill_month, services)
      values (${billId}, ${companyId}, 3, ${accountId}, ${locationId}, ${vendorId}, 'Old Power', '2025-01', '[]'::jsonb)`);
    await db.execute(sql`
      insert into alerts (id, company_id, version, account_id, location_id, bill_id, import_date, service_type, audit_key)
      values (${onBill}, ${companyId}, 4, ${accountId}, ${locationId}, ${billId}, '2025-02-09', 'electric', 'a'),
             (${noBill}, ${companyId}, 5, ${accountId}, ${locationId}, null, '2025-02-09', 'electric', 'b')`);
    await migrateDatabase(database.handle);
  }, 60_000);

  afterAll(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('gives each stored alert its bill’s month, keeping versions (devices fill theirs in schema 14)', async () => {
    const { rows } = await database.handle.db.execute<{
      id: string;
      bill_month: string | null;
      version: string;
    }>(sql`select id, bill_month, version::text as version from alerts order by version`);
    expect(rows).toEqual([
      { id: onBill, bill_month: '2025-01', version: '4' },
      { id: noBill, bill_month: null, version: '5' },
    ]);
  });
});
