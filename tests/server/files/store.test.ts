import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyDocuments, fileInbox } from '../../../server/src/db/schema';
import { contentDisposition, servedContentType } from '../../../server/src/files/download';
import { drainFileInbox } from '../../../server/src/files/inbox';
import { createFileStore, isStorageKey, newStorageKey } from '../../../server/src/files/store';
import { sweepOrphanFiles } from '../../../server/src/files/sweep';
import { openTestDatabase } from '../../helpers/database';
import type { TestDatabase } from '../../helpers/database';

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'get-files-'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('file store', () => {
  it('writes whole files under server-made keys and reads, opens and removes them', async () => {
    const store = createFileStore(root);
    const key = newStorageKey('company-documents', 7);
    expect(key).toMatch(/^company-documents\/7\/[0-9a-f-]{36}$/);
    await store.write(key, new Uint8Array([1, 2, 3]));
    expect([...((await store.read(key)) ?? [])]).toEqual([1, 2, 3]);
    const opened = await store.open(key);
    expect(opened?.size).toBe(3);
    opened?.stream.destroy();
    // No temporary file is left beside it.
    expect(readdirSync(join(root, 'company-documents', '7'))).toHaveLength(1);
    await store.remove(key);
    await store.remove(key);
    expect(await store.read(key)).toBeNull();
    expect(await store.open(key)).toBeNull();
  });

  it('refuses anything that is not a key the server makes', async () => {
    const store = createFileStore(root);
    for (const key of [
      '../x',
      'company-documents/7/../../etc/passwd',
      '/etc/passwd',
      'a/b',
      'company-documents/7/x',
    ])
      expect(isStorageKey(key), key).toBe(false);
    await expect(store.write('../../escape', new Uint8Array([1]))).rejects.toThrow('Not a storage key');
    await expect(store.read('company-documents/7/../../x')).rejects.toThrow('Not a storage key');
  });
});

describe('download headers', () => {
  it('names the file safely for old clients and exactly for current ones (RFC 5987)', () => {
    expect(contentDisposition('Invoice "March".pdf')).toBe(
      // Quotes are among the characters a stored name never keeps.
      `attachment; filename="Invoice _March_.pdf"; filename*=UTF-8''Invoice%20_March_.pdf`,
    );
    expect(contentDisposition('Zürich 50%.pdf')).toBe(
      `attachment; filename="Z_rich 50_.pdf"; filename*=UTF-8''Z%C3%BCrich%2050%25.pdf`,
    );
    expect(contentDisposition('../../a\r\nSet-Cookie: x.pdf')).toBe(
      `attachment; filename="a Set-Cookie_ x.pdf"; filename*=UTF-8''a%20Set-Cookie_%20x.pdf`,
    );
    expect(contentDisposition("it's (1).csv")).toContain(`filename*=UTF-8''it%27s%20%281%29.csv`);
  });

  it('never serves a type a browser renders as a page', () => {
    expect(servedContentType('application/pdf')).toBe('application/pdf');
    expect(servedContentType('text/csv')).toBe('text/csv');
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    expect(servedContentType(xlsx)).toBe(xlsx);
    const active = [
      'text/html',
      'application/xhtml+xml',
      'image/svg+xml',
      'text/xml',
      'application/xml',
      'text/javascript',
    ];
    for (const type of [...active, 'bad type'])
      expect(servedContentType(type), type).toBe('application/octet-stream');
  });
});

describe('inbox and orphan sweep', () => {
  let database: TestDatabase;
  let companyId: number;

  beforeAll(async () => {
    database = await openTestDatabase('migrated');
    const [company] = await database.handle.db
      .insert(companies)
      .values({ name: 'Files Co', version: 1 })
      .returning();
    companyId = company?.id ?? 0;
  }, 60_000);

  afterAll(async () => {
    await database.close();
  });

  it('moves waiting files to the store and empties the inbox', async () => {
    const store = createFileStore(join(root, 'inbox'));
    const db = database.handle.db;
    const keys = [
      newStorageKey('company-documents', companyId),
      newStorageKey('company-documents', companyId),
    ];
    await db
      .insert(fileInbox)
      .values(keys.map((storageKey, i) => ({ storageKey, content: new Uint8Array([i, 9]) })));
    expect(await drainFileInbox(db, store)).toBe(2);
    expect([...((await store.read(keys[1] ?? '')) ?? [])]).toEqual([1, 9]);
    expect(await db.select().from(fileInbox)).toEqual([]);
    expect(await drainFileInbox(db, store)).toBe(0);
  });

  it('removes old files no row names, and keeps named, waiting and recent ones', async () => {
    const store = createFileStore(join(root, 'sweep'));
    const db = database.handle.db;
    const named = newStorageKey('company-documents', companyId);
    const waiting = newStorageKey('company-documents', companyId);
    const orphan = newStorageKey('company-documents', companyId);
    const recent = newStorageKey('company-documents', companyId);
    for (const key of [named, waiting, orphan, recent]) await store.write(key, new Uint8Array([1]));
    const leftover = join(root, 'sweep', 'company-documents', String(companyId), `${randomUUID()}.part`);
    writeFileSync(leftover, 'half');
    await db.insert(companyDocuments).values({
      companyId,
      version: 1,
      fileName: 'a.pdf',
      mimeType: 'application/pdf',
      size: 1,
      sha256: 'x',
      storageKey: named,
    });
    await db.insert(fileInbox).values({ storageKey: waiting, content: new Uint8Array([1]) });
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const key of [named, waiting, orphan]) utimesSync(join(root, 'sweep', ...key.split('/')), old, old);
    utimesSync(leftover, old, old);

    expect(await sweepOrphanFiles(db, store)).toBe(2);
    expect(existsSync(leftover)).toBe(false);
    expect(await store.read(orphan)).toBeNull();
    for (const key of [named, waiting, recent]) expect(await store.read(key), key).not.toBeNull();
  });
});
