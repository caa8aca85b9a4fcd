// First: Dexie reads the global indexedDB when it loads.
import 'fake-indexeddb/auto';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDocument } from '../../src/db/mutations/documents';
import type { NewDocument } from '../../src/db/mutations/documents';
import { randomId } from '../../src/db/ids';
import { enqueue } from '../../src/db/outbox';
import { filePlaceholder } from '../../src/db/outboxFiles';
import type { AppDb } from '../../src/db/schema';
import { companyDocuments } from '../../server/src/db/schema';
import {
  companyCounter,
  engineFor,
  freshPull,
  localSnapshot,
  openLocalDb,
  reopenLocalDb,
  useSyncBench,
} from '../helpers/syncHarness';
import type { SyncBench } from '../helpers/syncHarness';
import { htmlBytes, pdfBytes } from '../helpers/fileSamples';

let bench: SyncBench;
useSyncBench((started) => {
  bench = started;
});

const ADD = /\/contracts\/company_documents\/add$/;

function document(companyId: number, bytes: Uint8Array<ArrayBuffer>, fileName = 'Contract.pdf'): NewDocument {
  return {
    owner: { entity: 'companyDocuments', companyId, isConsultant: false },
    file: { fileName, kind: 'pdf', mimeType: 'application/pdf', size: bytes.length },
    blob: new Blob([bytes], { type: 'application/pdf' }),
    documentType: 'Contract',
    uploader: { id: bench.world.users.superConsultant.id, name: 'Super' },
  };
}

async function upload(db: AppDb, input: NewDocument): Promise<string> {
  const result = await addDocument(db, input);
  if (!result.ok) throw new Error(result.problem);
  return result.documentId;
}

async function serverDocument(id: string) {
  const rows = await bench.server.db.select().from(companyDocuments).where(eq(companyDocuments.id, id));
  return rows;
}

function storedFileCount(companyId: number): number {
  const folder = join(bench.server.config.filesDir, 'company-documents', String(companyId));
  return existsSync(folder) ? readdirSync(folder).length : 0;
}

describe('uploads through the outbox', { timeout: 30_000 }, () => {
  it('sends an upload made offline once, even when the first answer is lost, and drops the queued file', async () => {
    const { a } = bench.world;
    const db = openLocalDb();
    const { engine } = engineFor(bench, db);
    await engine.syncNow(a.id);
    const counter = await companyCounter(bench, a.id);
    const files = storedFileCount(a.id);
    // A file of several base64 slices, so the body is assembled from parts.
    const bytes = new Uint8Array(randomBytes(2 * 1024 * 1024 + 17));
    bytes.set(pdfBytes());
    const id = await upload(db, document(a.id, bytes));
    expect(await db.outboxFiles.count()).toBe(1);

    bench.proxy.inject({ method: 'POST', path: ADD }, { kind: 'lose-response' });
    await engine.syncNow(a.id);
    expect(await db.outbox.count()).toBe(1);
    await engine.syncNow(a.id);
    await engine.stop();

    const posts = bench.proxy.log.filter((entry) => entry.method === 'POST' && ADD.test(entry.path));
    expect(posts).toHaveLength(2);
    expect(new Set(posts.map((entry) => entry.idempotencyKey)).size).toBe(1);
    const rows = await serverDocument(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(rows[0]?.size).toBe(bytes.length);
    expect((await companyCounter(bench, a.id)) - counter).toBe(1);
    expect(storedFileCount(a.id)).toBe(files + 1);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.outboxFiles.count()).toBe(0);
    expect(await db.companyDocuments.get(id)).toMatchObject({
      version: rows[0]?.version,
      sha256: rows[0]?.sha256,
    });
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('resends an upload that was on its way when the tab died, with the same key, making one document', async () => {
    const { a } = bench.world;
    const factory = new IDBFactory();
    const db = openLocalDb(factory);
    const first = engineFor(bench, db);
    await first.engine.syncNow(a.id);
    const id = await upload(db, document(a.id, pdfBytes('restart'), 'Restart.pdf'));
    // The request reaches the server, the answer is lost, and the tab closes mid-send.
    bench.proxy.inject({ method: 'POST', path: ADD }, { kind: 'lose-response' });
    await first.engine.syncNow(a.id);
    await first.engine.stop();
    const [entry] = await db.outbox.toArray();
    await db.outbox.update(entry?.seq ?? 0, { status: 'sending' });
    db.close();

    const reopened = reopenLocalDb(db, factory);
    expect(await reopened.outboxFiles.count()).toBe(1);
    const second = engineFor(bench, reopened);
    await second.engine.start([a.id]);
    await second.engine.syncNow(a.id);
    await second.engine.stop();
    expect(await serverDocument(id)).toHaveLength(1);
    expect(await reopened.outbox.count()).toBe(0);
    expect(await reopened.outboxFiles.count()).toBe(0);
    expect((await reopened.companyDocuments.get(id))?.version).toBeGreaterThan(0);
  });

  it('rolls back an upload the server refuses, drops its file and tells the user why', async () => {
    const { a } = bench.world;
    const db = openLocalDb();
    const { engine, events } = engineFor(bench, db);
    await engine.syncNow(a.id);
    const files = storedFileCount(a.id);
    // The device's own check would refuse it; a device with an older rule set might not.
    const id = await upload(db, { ...document(a.id, htmlBytes(), 'invoice.pdf') });
    await engine.syncNow(a.id);
    await engine.stop();
    expect(await db.companyDocuments.get(id)).toBeUndefined();
    expect(await db.outboxFiles.count()).toBe(0);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ status: 'rejected', rejection: { status: 400 } });
    expect(entry?.rejection?.reason).toContain('not one of the allowed types');
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'rejected', entity: 'companyDocuments', entityId: id }),
    );
    expect(await serverDocument(id)).toHaveLength(0);
    expect(storedFileCount(a.id)).toBe(files);
  });

  it('queues nothing when the device has no room, so nothing is sent', async () => {
    const { a } = bench.world;
    const db = openLocalDb();
    const { engine } = engineFor(bench, db);
    await engine.syncNow(a.id);
    const storage = {
      estimate: () => Promise.resolve({ usage: 99 * 1024 * 1024, quota: 100 * 1024 * 1024 }),
    };
    const result = await addDocument(db, document(a.id, pdfBytes('no room')), { storage });
    expect(result).toMatchObject({ ok: false, field: 'file' });
    await engine.syncNow(a.id);
    await engine.stop();
    expect(bench.proxy.log.filter((entry) => entry.method === 'POST')).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends a multipart upload: text fields first, the file part from the device', async () => {
    const { a } = bench.world;
    const db = openLocalDb();
    const { engine } = engineFor(bench, db);
    await engine.syncNow(a.id);
    const id = randomId();
    const fileId = randomId();
    const bytes = pdfBytes('multipart');
    await enqueue(db, {
      companyId: a.id,
      write: 'addCompanyDocument',
      params: { companyId: a.id },
      body: { file: filePlaceholder(fileId), id, documentType: 'Invoice', fileName: 'Form upload.pdf' },
      encoding: 'multipart',
      files: [{ id: fileId, name: 'scan.pdf', type: 'application/pdf', blob: new Blob([bytes]) }],
      entity: 'companyDocuments',
      entityId: id,
      change: { kind: 'put', row: { id, companyId: a.id, version: 0, fileName: 'Form upload.pdf' } },
      ifMatch: false,
    });
    await engine.syncNow(a.id);
    await engine.stop();
    const [row] = await serverDocument(id);
    expect(row).toMatchObject({ fileName: 'Form upload.pdf', documentType: 'Invoice', size: bytes.length });
    expect(await db.outboxFiles.count()).toBe(0);
    expect(await db.companyDocuments.get(id)).toMatchObject({
      documentType: 'Invoice',
      version: row?.version,
    });
  });
});
