import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../server/src/db/migrate';
import { openTestDatabase } from '../../helpers/database';
import type { TestDatabase } from '../../helpers/database';
import { insertOldSite, migrateWith, migrationsBefore } from '../../helpers/migrations';

const MIGRATION = '0010_bill_pay_sync';

describe(`migration ${MIGRATION}`, () => {
  let database: TestDatabase;
  let folder: string;
  let companyId: number;
  const ids = { vendor: randomUUID(), account: randomUUID(), ap: randomUUID(), payment: randomUUID() };

  beforeAll(async () => {
    database = await openTestDatabase();
    folder = migrationsBefore(MIGRATION);
    await migrateWith(database.handle, folder);
    // Bill pay rows as an older server wrote them: online tables without sync columns, the AP date as a date.
    const db = database.handle.db;
    let locationId: string;
    ({ companyId, locationId } = await insertOldSite(database.handle, 5));
    await db.execute(sql`insert into company_sync (company_id, version) values (${companyId}, 5)`);
    await db.execute(sql`insert into vendors (id, name) values (${ids.vendor}, 'Old Power')`);
    await db.execute(sql`
      insert into accounts (id, company_id, version, location_id, vendor_id, vendor_name, account_number)
      values (${ids.account}, ${companyId}, 2, ${locationId}, ${ids.vendor}, 'Old Power', 'P-1')`);
    await db.execute(sql`
      insert into ap_deliveries (id, company_id, vendor_name, account_number, location_id, ap_file_date, due_date, amount)
      values (${ids.ap}, ${companyId}, 'Old Power', 'P-1', ${locationId}, '2026-03-05', '2026-04-01', 120.5)`);
    await db.execute(sql`
      insert into payment_confirmations (id, company_id, account_id, amount, payment_method, payment_date)
      values (${ids.payment}, ${companyId}, ${ids.account}, 120.5, 'ACH', '2026-03-20')`);
    await db.execute(sql`
      insert into client_deposits (company_id, deposit_date, transaction_amount, matched_amount)
      values (${companyId}, '2026-03-01', 200, 120.5)`);
    await db.execute(sql`
      insert into accruals (company_id, account_id, service_start_period, service_end_period, batch_date,
                            total_minus_all_categories, days_of_service)
      values (${companyId}, ${ids.account}, '2026-03-10', '2026-03-31', '2026-03-31', 80, 22)`);
    await db.execute(sql`
      insert into control_workbooks (company_id, file_name, content)
      values (${companyId}, 'Control Workbook 2026-02.pdf', ${new Uint8Array([37, 80, 68, 70])})`);
    await migrateDatabase(database.handle);
  }, 60_000);

  afterAll(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('gives every bill pay row one new company version, so devices that synced before receive them', async () => {
    const { rows } = await database.handle.db.execute<{ t: string; version: string }>(sql`
      select 'ap' as t, version::text as version from ap_deliveries
      union all select 'payment', version::text from payment_confirmations
      union all select 'deposit', version::text from client_deposits
      union all select 'accrual', version::text from accruals`);
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.version, row.t).toBe('6');
    const counter = await database.handle.db.execute<{ version: string }>(
      sql`select version::text as version from company_sync where company_id = ${companyId}`,
    );
    expect(counter.rows[0]?.version).toBe('6');
  });

  it('spells the AP file date as the AP file does (MMDDYY) and numbers each payment', async () => {
    const ap = await database.handle.db.execute<{ ap_file_date: string; invoice_date: string | null }>(
      sql`select ap_file_date, invoice_date from ap_deliveries where id = ${ids.ap}`,
    );
    expect(ap.rows[0]).toEqual({ ap_file_date: '030526', invoice_date: null });
    const payment = await database.handle.db.execute<{ confirmation_number: string }>(
      sql`select confirmation_number from payment_confirmations where id = ${ids.payment}`,
    );
    expect(payment.rows[0]?.confirmation_number).toBe(
      `PC${ids.payment.replace(/-/g, '').slice(0, 10).toUpperCase()}`,
    );
  });

  it('makes each control workbook a payment month whose PDF is rendered on download', async () => {
    const { rows } = await database.handle.db.execute<{ batch_month: string }>(
      sql`select batch_month from control_workbooks where company_id = ${companyId}`,
    );
    expect(rows).toEqual([{ batch_month: '2026-02' }]);
    const content = await database.handle.db.execute<{ column_name: string }>(sql`
      select column_name from information_schema.columns
      where table_schema = 'public' and table_name = 'control_workbooks' and column_name = 'content'`);
    expect(content.rows).toEqual([]);
  });
});
