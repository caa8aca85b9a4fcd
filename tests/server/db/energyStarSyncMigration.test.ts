import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../server/src/db/migrate';
import { openTestDatabase } from '../../helpers/database';
import type { TestDatabase } from '../../helpers/database';
import { insertOldSite, migrateWith, migrationsBefore } from '../../helpers/migrations';

const MIGRATION = '0007_energy_star_contacts_sync';

/** Rows of one table with their versions, in the order versions were given. */
async function versions(database: TestDatabase, table: string) {
  const { rows } = await database.handle.db.execute<{
    id: string;
    company_id: number;
    version: string | null;
  }>(
    sql`select id::text as id, company_id, version::text as version from ${sql.identifier(table)} order by version, id`,
  );
  return rows.map((row) => ({ id: row.id, companyId: row.company_id, version: Number(row.version) }));
}

async function counter(database: TestDatabase, companyId: number): Promise<number> {
  const { rows } = await database.handle.db.execute<{ version: string }>(
    sql`select version::text as version from company_sync where company_id = ${companyId}`,
  );
  return Number(rows[0]?.version ?? -1);
}

describe(`migration ${MIGRATION}`, () => {
  let database: TestDatabase;
  let folder: string;
  let stamped: { companyId: number; locationId: string };
  let unstamped: { companyId: number; locationId: string };

  beforeAll(async () => {
    database = await openTestDatabase();
    folder = migrationsBefore(MIGRATION);
    await migrateWith(database.handle, folder);
    const db = database.handle.db;
    // One company whose writers already bumped its counter to 40, one that never had a counter row.
    stamped = await insertOldSite(database.handle, 3);
    await db.execute(sql`insert into company_sync (company_id, version) values (${stamped.companyId}, 40)`);
    unstamped = await insertOldSite(database.handle, 5);
    for (const site of [stamped, unstamped]) {
      for (const month of ['2025-01', '2025-02', '2025-03'])
        await db.execute(sql`
          insert into energy_star_metrics (id, company_id, location_id, metric_month, score)
          values (${randomUUID()}, ${site.companyId}, ${site.locationId}, ${month}, 70)`);
      await db.execute(sql`
        insert into energy_star_notes (id, company_id, location_id, note)
        values (${randomUUID()}, ${site.companyId}, ${site.locationId}, 'Old note')`);
      await db.execute(sql`
        insert into company_profiles (company_id, account_manager) values (${site.companyId}, 'Manager')`);
      await db.execute(sql`
        insert into users (email, first_name, last_name, company_id)
        values (${`u${site.companyId}@old.test`}, 'Old', 'User', ${site.companyId})`);
    }
    await migrateDatabase(database.handle);
  }, 60_000);

  afterAll(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('numbers each table’s existing rows after their company’s counter, one version per row', async () => {
    const metrics = await versions(database, 'energy_star_metrics');
    const ofStamped = metrics.filter((row) => row.companyId === stamped.companyId).map((row) => row.version);
    expect(ofStamped).toEqual([41, 42, 43]);
    // The company without a counter starts from its record's version (5).
    const ofUnstamped = metrics
      .filter((row) => row.companyId === unstamped.companyId)
      .map((row) => row.version);
    expect(ofUnstamped).toEqual([6, 7, 8]);
    for (const table of ['energy_star_notes', 'company_profiles', 'users']) {
      const rows = await versions(database, table);
      expect(
        rows.every((row) => Number.isInteger(row.version) && row.version > 0),
        table,
      ).toBe(true);
    }
  });

  it('leaves every company’s counter at the highest version it gave, so later writes come after', async () => {
    for (const site of [stamped, unstamped]) {
      const given = await Promise.all(
        ['energy_star_metrics', 'energy_star_notes', 'company_profiles', 'users'].map((table) =>
          versions(database, table),
        ),
      );
      const highest = Math.max(
        ...given
          .flat()
          .filter((row) => row.companyId === site.companyId)
          .map((row) => row.version),
      );
      expect(await counter(database, site.companyId)).toBe(highest);
      // 3 metrics, 1 note, 1 profile and 1 user: six versions, none shared.
      const all = given.flat().filter((row) => row.companyId === site.companyId);
      expect(new Set(all.map((row) => row.version)).size).toBe(6);
    }
  });

  it('makes the version required afterwards', async () => {
    await expect(
      database.handle.db.execute(sql`
        insert into energy_star_notes (id, company_id, location_id, note)
        values (${randomUUID()}, ${stamped.companyId}, ${stamped.locationId}, 'No version')`),
    ).rejects.toThrow(/version/);
  });
});
