import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../helpers/database';
import type { TestDatabase } from '../../helpers/database';
import { migrateWith, migrationsBefore, migrationsThrough } from '../../helpers/migrations';

const MIGRATION = '0005_report_filters_synced';

describe(`migration ${MIGRATION}`, () => {
  let database: TestDatabase;
  let folder: string;
  let through: string;
  const filters = { first: randomUUID(), second: randomUUID(), other: randomUUID() };
  let companies: { synced: number; fresh: number };

  beforeAll(async () => {
    database = await openTestDatabase();
    folder = migrationsBefore(MIGRATION);
    await migrateWith(database.handle, folder);
    // Filters as an older server saved them: no version; one company has synced writes already, one none.
    const db = database.handle.db;
    const ids = (
      await db.execute<{ id: number }>(
        sql`insert into companies (name, version) values ('Synced Co', 1), ('Fresh Co', 1) returning id`,
      )
    ).rows.map((row) => row.id);
    const [synced, fresh] = ids;
    if (synced === undefined || fresh === undefined) throw new Error('no companies');
    companies = { synced, fresh };
    await db.execute(sql`insert into company_sync (company_id, version) values (${synced}, 7)`);
    const [user] = (
      await db.execute<{ id: number }>(
        sql`insert into users (email, first_name, last_name, company_id) values ('old@x.demo', 'Old', 'User', ${synced}) returning id`,
      )
    ).rows;
    if (!user) throw new Error('no user');
    await db.execute(sql`
      insert into report_filters (id, company_id, user_id, name, report_type, json_filter, created_at)
      values (${filters.second}, ${synced}, ${user.id}, 'B', 'billDetail', '{}'::jsonb, '2025-02-01T00:00:00Z'),
             (${filters.first}, ${synced}, ${user.id}, 'A', 'billDetail', '{}'::jsonb, '2025-01-01T00:00:00Z'),
             (${filters.other}, ${fresh}, ${user.id}, 'C', 'billDetail', '{}'::jsonb, '2025-01-01T00:00:00Z')`);
    // Only up to this migration: later ones give other rows (users) versions of the same company.
    through = migrationsThrough(MIGRATION);
    await migrateWith(database.handle, through);
  }, 60_000);

  afterAll(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
    rmSync(through, { recursive: true, force: true });
  });

  it('gives each saved filter a fresh version of its company, in the order they were saved', async () => {
    const rows = await database.handle.db.execute<{ id: string; version: string }>(
      sql`select id, version::text as version from report_filters`,
    );
    const versions = new Map(rows.rows.map((row) => [row.id, Number(row.version)]));
    expect(versions.get(filters.first)).toBe(8);
    expect(versions.get(filters.second)).toBe(9);
    expect(versions.get(filters.other)).toBe(1);
  });

  it('moves each company counter past its filters, so later writes get higher versions', async () => {
    const rows = await database.handle.db.execute<{ company_id: number; version: string }>(
      sql`select company_id, version::text as version from company_sync order by company_id`,
    );
    expect(rows.rows.map((row) => [row.company_id, Number(row.version)])).toEqual([
      [companies.synced, 9],
      [companies.fresh, 1],
    ]);
  });
});
