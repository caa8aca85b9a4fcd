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

const MIGRATION = '0003_company_document_files';

describe(`migration ${MIGRATION}`, () => {
  let database: TestDatabase;
  let folder: string;
  let filesDir: string;
  let companyId: number;
  const documents = [randomUUID(), randomUUID()];
  const contents = [new Uint8Array([37, 80, 68, 70, 45, 1, 2, 3]), new TextEncoder().encode('a,b\n1,2\n')];

  beforeAll(async () => {
    database = await openTestDatabase();
    folder = migrationsBefore(MIGRATION);
    filesDir = mkdtempSync(join(tmpdir(), 'get-migration-files-'));
    await migrateWith(database.handle, folder);
    // Documents as an older server wrote them: bytes in the row, no sync columns.
    const db = database.handle.db;
    ({ companyId } = await insertOldSite(database.handle, 5));
    await db.execute(sql`insert into company_sync (company_id, version) values (${companyId}, 5)`);
    await db.execute(sql`
      insert into company_documents (id, company_id, is_consultant, file_name, mime_type, content, document_type)
      values (${documents[0]}, ${companyId}, true, 'Strategy.pdf', 'application/pdf', ${contents[0]}, 'Strategy'),
             (${documents[1]}, ${companyId}, false, 'Contacts.csv', 'text/csv', ${contents[1]}, 'Reference')`);
    await migrateDatabase(database.handle);
  }, 60_000);

  afterAll(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('keeps each document with its size, sha-256 and a storage key, at one new company version', async () => {
    const { rows } = await database.handle.db.execute<{
      id: string;
      version: string;
      size: number;
      sha256: string;
      storage_key: string;
    }>(
      sql`select id, version::text as version, size, sha256, storage_key from company_documents order by file_name`,
    );
    const [csv, pdf] = rows;
    expect(pdf).toMatchObject({
      id: documents[0],
      version: '6',
      size: contents[0]?.length,
      sha256: createHash('sha256')
        .update(contents[0] ?? new Uint8Array())
        .digest('hex'),
      storage_key: `company-documents/${companyId}/${documents[0]}`,
    });
    expect(csv).toMatchObject({ id: documents[1], version: '6', size: contents[1]?.length });
    const counter = await database.handle.db.execute<{ version: string }>(
      sql`select version::text as version from company_sync where company_id = ${companyId}`,
    );
    expect(counter.rows[0]?.version).toBe('6');
  });

  it('drops the bytes from the table and hands them to the file store at start', async () => {
    const columns = await database.handle.db.execute<{ column_name: string }>(sql`
      select column_name from information_schema.columns
      where table_schema = 'public' and table_name = 'company_documents' and column_name = 'content'`);
    expect(columns.rows).toEqual([]);
    const store = createFileStore(filesDir);
    expect(await drainFileInbox(database.handle.db, store)).toBe(2);
    for (const [i, id] of documents.entries())
      expect([...((await store.read(`company-documents/${companyId}/${id}`)) ?? [])]).toEqual([
        ...(contents[i] ?? []),
      ]);
  });
});
