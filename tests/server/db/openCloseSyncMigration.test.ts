import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../server/src/db/migrate';
import { openTestDatabase } from '../../helpers/database';
import type { TestDatabase } from '../../helpers/database';
import { insertOldSite, migrateWith, migrationsBefore } from '../../helpers/migrations';

const MIGRATION = '0006_open_close_sync';

describe(`migration ${MIGRATION}`, () => {
  let database: TestDatabase;
  let folder: string;
  let withRows: number;
  let withoutRows: number;
  const requests = [randomUUID(), randomUUID()];
  const note = randomUUID();

  beforeAll(async () => {
    database = await openTestDatabase();
    folder = migrationsBefore(MIGRATION);
    await migrateWith(database.handle, folder);
    // Requests and a note as an older server wrote them: unsynced, without version (raw SQL).
    const db = database.handle.db;
    const site = await insertOldSite(database.handle, 1);
    withRows = site.companyId;
    withoutRows = (await insertOldSite(database.handle, 1)).companyId;
    await db.execute(sql`
      insert into company_sync (company_id, version) values (${withRows}, 40), (${withoutRows}, 9)`);
    await db.execute(sql`
      insert into open_close_requests (id, company_id, location_id, service_type, is_open, account_status)
      values (${requests[0]}, ${withRows}, ${site.locationId}, 'electric', true, 0),
             (${requests[1]}, ${withRows}, ${site.locationId}, 'water', false, 2)`);
    await db.execute(sql`
      insert into open_close_notes (id, request_id, company_id, note)
      values (${note}, ${requests[0]}, ${withRows}, 'Called the utility.')`);
    await migrateDatabase(database.handle);
  }, 60_000);

  afterAll(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('gives the existing rows one new version of their company, so devices that synced it pull them', async () => {
    const { rows } = await database.handle.db.execute<{ id: string; version: string }>(sql`
      select id, version::text as version from open_close_requests
      union all select id, version::text as version from open_close_notes`);
    expect(Object.fromEntries(rows.map((row) => [row.id, Number(row.version)]))).toEqual({
      [requests[0] ?? '']: 41,
      [requests[1] ?? '']: 41,
      [note]: 41,
    });
    const counters = await database.handle.db.execute<{ company_id: number; version: string }>(sql`
      select company_id, version::text as version from company_sync order by company_id`);
    expect(counters.rows.map((row) => [row.company_id, Number(row.version)])).toEqual([
      [withRows, 41],
      [withoutRows, 9],
    ]);
  });

  it('leaves version NOT NULL on both tables and creates the synced history table', async () => {
    const { rows } = await database.handle.db.execute<{ table_name: string; is_nullable: string }>(sql`
      select table_name, is_nullable from information_schema.columns
      where table_schema = 'public' and column_name = 'version'
        and table_name in ('open_close_requests', 'open_close_notes', 'open_close_events')
      order by table_name`);
    expect(rows).toEqual([
      { table_name: 'open_close_events', is_nullable: 'NO' },
      { table_name: 'open_close_notes', is_nullable: 'NO' },
      { table_name: 'open_close_requests', is_nullable: 'NO' },
    ]);
  });
});
