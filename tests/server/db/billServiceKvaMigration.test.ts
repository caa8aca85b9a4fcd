import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../server/src/db/migrate';
import { openTestDatabase } from '../../helpers/database';
import type { TestDatabase } from '../../helpers/database';
import { insertOldAccount, insertOldSite, migrateWith, migrationsBefore } from '../../helpers/migrations';

const MIGRATION = '0002_bill_service_kva';

describe(`migration ${MIGRATION}`, () => {
  let database: TestDatabase;
  let folder: string;
  const metered = randomUUID();
  const unmetered = randomUUID();
  const empty = randomUUID();

  beforeAll(async () => {
    database = await openTestDatabase();
    folder = migrationsBefore(MIGRATION);
    await migrateWith(database.handle, folder);
    const db = database.handle.db;
    const { companyId, locationId } = await insertOldSite(database.handle, 9);
    const { vendorId, accountId } = await insertOldAccount(database.handle, { companyId, locationId });
    // Summaries as an older server wrote them: no kvaMax or kvarSum.
    const electric = {
      serviceType: 'electric',
      charges: 120.5,
      usage: 900,
      unit: 'kWh',
      demandKw: 40,
      taxesFees: 3,
    };
    const trash = {
      serviceType: 'trash',
      charges: 30,
      usage: null,
      unit: null,
      demandKw: null,
      taxesFees: 0,
    };
    await db.execute(sql`
      insert into bills (id, company_id, version, account_id, location_id, vendor_id, vendor_name, bill_month, services)
      values (${metered}, ${companyId}, 3, ${accountId}, ${locationId}, ${vendorId}, 'Old Power', '2025-01',
              ${JSON.stringify([electric, trash])}::jsonb),
             (${unmetered}, ${companyId}, 4, ${accountId}, ${locationId}, ${vendorId}, 'Old Power', '2025-02',
              ${JSON.stringify([trash])}::jsonb),
             (${empty}, ${companyId}, 5, ${accountId}, ${locationId}, ${vendorId}, 'Old Power', '2025-03', '[]'::jsonb)`);
    await db.execute(sql`
      insert into bill_usages (bill_id, company_id, service_name, usage_total, kva_max, kvar_sum)
      values (${metered}, ${companyId}, 'electric', 500, 41.25, 10.5),
             (${metered}, ${companyId}, 'electric', 400, 52.5, 0.25)`);
    await migrateDatabase(database.handle);
  }, 60_000);

  afterAll(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('adds the greatest kVA and the kVAR sum of its usage lines to each service summary, keeping versions', async () => {
    const { rows } = await database.handle.db.execute<{ id: string; services: unknown; version: string }>(
      sql`select id, services, version::text as version from bills order by version`,
    );
    expect(rows.map((row) => Number(row.version))).toEqual([3, 4, 5]);
    expect(rows[0]?.services).toEqual([
      expect.objectContaining({
        serviceType: 'electric',
        charges: 120.5,
        usage: 900,
        kvaMax: 52.5,
        kvarSum: 10.75,
      }),
      expect.objectContaining({ serviceType: 'trash', kvaMax: null, kvarSum: null }),
    ]);
    expect(rows[1]?.services).toEqual([
      expect.objectContaining({ serviceType: 'trash', kvaMax: null, kvarSum: null }),
    ]);
    expect(rows[2]?.services).toEqual([]);
  });
});
