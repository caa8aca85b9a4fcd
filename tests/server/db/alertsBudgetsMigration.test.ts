import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../server/src/db/migrate';
import { openTestDatabase } from '../../helpers/database';
import type { TestDatabase } from '../../helpers/database';
import { insertOldAccount, insertOldSite, migrateWith, migrationsBefore } from '../../helpers/migrations';

const MIGRATION = '0004_alerts_budgets';

describe(`migration ${MIGRATION}`, () => {
  let database: TestDatabase;
  let folder: string;
  const billId = randomUUID();
  const onBill = randomUUID();
  const noBill = randomUUID();
  const budgetId = randomUUID();

  beforeAll(async () => {
    database = await openTestDatabase();
    folder = migrationsBefore(MIGRATION);
    await migrateWith(database.handle, folder);
    const db = database.handle.db;
    const { companyId, locationId } = await insertOldSite(database.handle, 9);
    const { vendorId, accountId } = await insertOldAccount(database.handle, { companyId, locationId });
    await db.execute(sql`
      insert into bills (id, company_id, version, account_id, location_id, vendor_id, vendor_name, bill_month)
      values (${billId}, ${companyId}, 3, ${accountId}, ${locationId}, ${vendorId}, 'Old Power', '2025-01')`);
    await db.execute(sql`
      insert into alerts (id, company_id, version, account_id, location_id, bill_id, import_date, service_type)
      values (${onBill}, ${companyId}, 4, ${accountId}, ${locationId}, ${billId}, '2025-01-09', 'electric'),
             (${noBill}, ${companyId}, 5, ${accountId}, ${locationId}, null, '2025-02-09', 'electric')`);
    await db.execute(sql`
      insert into budgets (id, company_id, version, location_id, service_type, unit, year)
      values (${budgetId}, ${companyId}, 6, ${locationId}, 'electric', 'kWh', 2025)`);
    await db.execute(sql`
      insert into budget_items (company_id, version, budget_id, month, unit, budget_spend_amount, actual_spend_amount)
      values (${companyId}, 6, ${budgetId}, '2025-01', 'kWh', 100, 90)`);
    await migrateDatabase(database.handle);
  }, 60_000);

  afterAll(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('names the spec’s anomaly rule and a unique audit key on every alert written before, keeping versions', async () => {
    const { rows } = await database.handle.db.execute<{
      id: string;
      rule: string;
      audit_key: string;
      version: string;
    }>(sql`select id, rule, audit_key, version::text as version from alerts order by version`);
    expect(rows).toEqual([
      { id: onBill, rule: 'anomaly', audit_key: `${billId}:anomaly`, version: '4' },
      { id: noBill, rule: 'anomaly', audit_key: noBill, version: '5' },
    ]);
    await expect(
      database.handle.db.execute(
        sql`update alerts set audit_key = ${`${billId}:anomaly`} where id = ${noBill}`,
      ),
    ).rejects.toThrow();
  });

  it('turns a year’s budget into the twelve months from its January and drops stored actuals', async () => {
    const { rows } = await database.handle.db.execute<{ start_month: string; month_count: number }>(
      sql`select start_month, month_count from budgets`,
    );
    expect(rows).toEqual([{ start_month: '2025-01', month_count: 12 }]);
    const columns = await database.handle.db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'budget_items' order by column_name`,
    );
    const names = columns.rows.map((row) => row.column_name);
    expect(names).toContain('budget_spend_amount');
    expect(names).not.toContain('actual_spend_amount');
    expect(names).not.toContain('actual_usage_amount');
  });
});
