import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../server/src/db/migrate';
import { drainFileInbox } from '../../../server/src/files/inbox';
import { createFileStore } from '../../../server/src/files/store';
import { openTestDatabase } from '../../helpers/database';
import type { TestDatabase } from '../../helpers/database';
import { insertOldSite, migrateWith, migrationsBefore } from '../../helpers/migrations';

const MIGRATION = '0011_support_tickets_sync';

describe(`migration ${MIGRATION}`, () => {
  let database: TestDatabase;
  let folder: string;
  let filesDir: string;
  let companyId: number;
  const ticket = randomUUID();
  const comment = randomUUID();
  const attachment = randomUUID();
  const content = new Uint8Array([37, 80, 68, 70, 45, 9, 8, 7]);

  beforeAll(async () => {
    database = await openTestDatabase();
    folder = migrationsBefore(MIGRATION);
    filesDir = mkdtempSync(join(tmpdir(), 'get-migration-files-'));
    await migrateWith(database.handle, folder);
    // Tickets as an older server wrote them: online rows, the attachment's bytes in the row.
    const db = database.handle.db;
    ({ companyId } = await insertOldSite(database.handle, 5));
    await db.execute(sql`insert into company_sync (company_id, version) values (${companyId}, 5)`);
    // Users gain sync columns in another area's migration; an older user row carries them when they exist.
    const userVersion = await db.execute(sql`
      select 1 from information_schema.columns where table_name = 'users' and column_name = 'version'`);
    const [user] = (
      await db.execute<{ id: number }>(
        userVersion.rows.length > 0
          ? sql`insert into users (email, first_name, last_name, company_id, version)
                values ('dana@old.test', 'Dana', 'Old', ${companyId}, 1) returning id`
          : sql`insert into users (email, first_name, last_name, company_id)
                values ('dana@old.test', 'Dana', 'Old', ${companyId}) returning id`,
      )
    ).rows;
    await db.execute(sql`
      insert into support_tickets (id, company_id, jira_issue_id, request_type, summary, ticket_description,
        requested_by, created_by)
      values (${ticket}, ${companyId}, 'GET-7', 'Other', 'Old one', 'Old one', 'Dana', ${user?.id ?? null})`);
    await db.execute(sql`
      insert into ticket_comments (id, company_id, ticket_id, body, created_by)
      values (${comment}, ${companyId}, ${ticket}, 'Thanks', ${user?.id ?? null})`);
    await db.execute(sql`
      insert into ticket_attachments (id, company_id, ticket_id, file_name, mime_type, content, content_url,
        is_temporary)
      values (${attachment}, ${companyId}, ${ticket}, 'Scan.pdf', 'application/pdf', ${content}, 'old-url', false)`);
    await migrateDatabase(database.handle);
  }, 60_000);

  afterAll(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('gives tickets, comments and attachments one new company version and their authors’ names', async () => {
    const db = database.handle.db;
    const versions = await db.execute<{ name: string; version: string; author: string | null }>(sql`
      select 'ticket' as name, version::text as version, created_by_name as author from support_tickets
      union all select 'comment', version::text, created_by_name from ticket_comments
      union all select 'attachment', version::text, null from ticket_attachments order by 1`);
    expect(versions.rows).toEqual([
      { name: 'attachment', version: '6', author: null },
      { name: 'comment', version: '6', author: 'Dana Old' },
      { name: 'ticket', version: '6', author: 'Dana Old' },
    ]);
  });

  it('moves the attachment’s bytes to the file store under its storage key, with size and sha-256', async () => {
    const db = database.handle.db;
    const { rows } = await db.execute<{
      size: number;
      sha256: string;
      storage_key: string;
      content_url: string;
    }>(sql`select size, sha256, storage_key, content_url from ticket_attachments`);
    expect(rows).toEqual([
      {
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        storage_key: `ticket-attachments/${companyId}/${attachment}`,
        content_url: 'old-url',
      },
    ]);
    const store = createFileStore(filesDir);
    expect(await drainFileInbox(db, store)).toBe(1);
    expect([...((await store.read(`ticket-attachments/${companyId}/${attachment}`)) ?? [])]).toEqual([
      ...content,
    ]);
  });
});
