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

const MIGRATION = '0009_contract_document_files';

describe(`migration ${MIGRATION}`, () => {
  let database: TestDatabase;
  let folder: string;
  let filesDir: string;
  let companyId: number;
  const contractId = randomUUID();
  const documentId = randomUUID();
  const content = new Uint8Array([37, 80, 68, 70, 45, 9, 8, 7]);

  beforeAll(async () => {
    database = await openTestDatabase();
    folder = migrationsBefore(MIGRATION);
    filesDir = mkdtempSync(join(tmpdir(), 'get-migration-files-'));
    await migrateWith(database.handle, folder);
    // A contract document as an older server wrote it: bytes in the row, no sync columns.
    const db = database.handle.db;
    ({ companyId } = await insertOldSite(database.handle, 5));
    await db.execute(sql`insert into company_sync (company_id, version) values (${companyId}, 5)`);
    await db.execute(sql`
      insert into contracts (id, company_id, version, service_type, vendor_name, start_date, end_date)
      values (${contractId}, ${companyId}, 5, 'electric', 'Old Power', '2025-01-01', '2025-12-31')`);
    await db.execute(sql`
      insert into contract_documents (id, company_id, contract_id, file_name, mime_type, content, document_type)
      values (${documentId}, ${companyId}, ${contractId}, 'Contract.pdf', 'application/pdf', ${content}, 'Contract')`);
    await migrateDatabase(database.handle);
  }, 60_000);

  afterAll(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('keeps the document with its size, sha-256 and a storage key, at one new company version', async () => {
    const { rows } = await database.handle.db.execute<{
      id: string;
      version: string;
      size: number;
      sha256: string;
      storage_key: string;
    }>(sql`select id, version::text as version, size, sha256, storage_key from contract_documents`);
    expect(rows).toEqual([
      {
        id: documentId,
        version: '6',
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        storage_key: `contract-documents/${companyId}/${documentId}`,
      },
    ]);
  });

  it('drops the bytes from the table and hands them to the file store at start', async () => {
    const columns = await database.handle.db.execute<{ column_name: string }>(sql`
      select column_name from information_schema.columns
      where table_schema = 'public' and table_name = 'contract_documents' and column_name = 'content'`);
    expect(columns.rows).toEqual([]);
    const store = createFileStore(filesDir);
    expect(await drainFileInbox(database.handle.db, store)).toBe(1);
    expect([...((await store.read(`contract-documents/${companyId}/${documentId}`)) ?? [])]).toEqual([
      ...content,
    ]);
  });
});
