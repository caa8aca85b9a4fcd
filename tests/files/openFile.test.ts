// First: Dexie reads the global indexedDB when it loads.
import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import type { DBCore, DBCoreTable } from 'dexie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getKeptFile, hasKeptFile, keepFile } from '../../src/db/keptFiles';
import type { AppDb } from '../../src/db/schema';
import type { FetchedFile } from '../../src/files/fetchFile';
import { openFile } from '../../src/files/openFile';
import type { FileSource, OpenDeps } from '../../src/files/openFile';
import { base64, pdfBytes } from '../helpers/fileSamples';
import { openLocalDb, useSyncBench } from '../helpers/syncHarness';
import type { SyncBench } from '../helpers/syncHarness';
import { call } from '../helpers/testServer';

let bench: SyncBench;
useSyncBench((started) => {
  bench = started;
});

const OFFLINE = 'This document needs a network connection.';
const bytes = pdfBytes('kept on the device');
let companyId: number;
let documentId: string;
let db: AppDb;

/**
 * The browser's file fetch (src/files/fetchFile.ts answers the same shape) done with Node's fetch, through the fault
 * proxy to the real server: a dropped connection is a network error, an error answer carries the server's message.
 */
async function fetchThroughProxy(path: string): Promise<FetchedFile> {
  try {
    const response = await fetch(`${bench.proxy.url}/api${path}`, {
      headers: { authorization: `Bearer ${bench.token}` },
    });
    if (!response.ok) {
      const body = (await response.json()) as { error?: { message?: string } };
      return {
        ok: false,
        status: response.status,
        message: body.error?.message ?? response.statusText,
        isNetworkError: false,
      };
    }
    return { ok: true, blob: await response.blob(), etag: response.headers.get('etag') };
  } catch (error) {
    return { ok: false, status: 0, message: String(error), isNetworkError: true };
  }
}

function deps(isOnline = true): OpenDeps {
  return { fetchFile: fetchThroughProxy, isOnline: () => isOnline, offlineMessage: OFFLINE };
}

function source(id = documentId, extra: Partial<FileSource> = {}): FileSource {
  return {
    key: `documents/${id}`,
    path: `/companies/${companyId}/contracts/company_documents/${id}/download`,
    name: 'Contract.pdf',
    companyId,
    ...extra,
  };
}

function downloads(): number {
  return bench.proxy.log.filter((entry) => entry.path.endsWith('/download')).length;
}

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

beforeAll(async () => {
  companyId = bench.world.a.id;
  const answer = await call<{ id: string }>(
    bench.server,
    'POST',
    `/api/companies/${companyId}/contracts/company_documents/add`,
    {
      token: bench.token,
      body: { fileName: 'Contract.pdf', fileValue: base64(bytes), documentType: 'Contract' },
    },
  );
  expect(answer.status).toBe(201);
  documentId = answer.body.id;
});

beforeEach(() => {
  db = openLocalDb();
});

describe('opening a file', { timeout: 30_000 }, () => {
  it('downloads a file not on the device, keeps it with its ETag, then opens it from the device', async () => {
    const first = await openFile(db, source(), deps());
    expect(first).toMatchObject({ ok: true, from: 'network', isKept: true });
    if (!first.ok) throw new Error(first.message);
    expect(await bytesOf(first.blob)).toEqual(bytes);
    const kept = await getKeptFile(db, source().key);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(kept).toMatchObject({ name: 'Contract.pdf', companyId, size: bytes.length, etag: `"${sha256}"` });

    // Offline now: the kept copy opens without a request.
    const again = await openFile(db, source(), deps(false));
    expect(again).toMatchObject({ ok: true, from: 'device', isKept: true });
    if (!again.ok) throw new Error(again.message);
    expect(await bytesOf(again.blob)).toEqual(bytes);
    expect(downloads()).toBe(1);
  });

  it("offline and not kept: the area's message, no request and nothing kept", async () => {
    expect(await openFile(db, source(), deps(false))).toEqual({
      ok: false,
      isOffline: true,
      message: OFFLINE,
    });
    expect(downloads()).toBe(0);
    expect(await hasKeptFile(db, source().key)).toBe(false);
  });

  it('reads the network as offline when the connection drops, and keeps nothing', async () => {
    bench.proxy.inject({ path: /\/download$/ }, { kind: 'refuse' });
    expect(await openFile(db, source(), deps())).toEqual({ ok: false, isOffline: true, message: OFFLINE });
    bench.proxy.inject({ path: /\/download$/ }, { kind: 'cut-response', fraction: 0.5 });
    expect(await openFile(db, source(), deps())).toEqual({ ok: false, isOffline: true, message: OFFLINE });
    expect(await hasKeptFile(db, source().key)).toBe(false);
  });

  it("passes on the server's refusal as a failure that is not about the network", async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await openFile(db, source(missing), deps())).toEqual({
      ok: false,
      isOffline: false,
      message: 'No such document',
    });
  });

  it('opens the bytes of an upload still queued, before asking the network', async () => {
    const queued = new Blob([pdfBytes('queued')], { type: 'application/pdf' });
    const outcome = await openFile(
      db,
      source('not-sent-yet', { queued: () => Promise.resolve(queued) }),
      deps(),
    );
    expect(outcome).toEqual({ ok: true, blob: queued, from: 'queued', isKept: false });
    expect(downloads()).toBe(0);
  });

  it('prefers the kept copy to a queued one, and gives the file even when the device cannot keep it', async () => {
    const keptBlob = new Blob([pdfBytes('kept')], { type: 'application/pdf' });
    await keepFile(db, { key: source().key, companyId, name: 'Contract.pdf', blob: keptBlob });
    const outcome = await openFile(db, source(documentId, { queued: () => Promise.resolve(null) }), deps());
    expect(outcome).toMatchObject({ ok: true, from: 'device' });

    // A device whose kept files are full to the last byte still opens a downloaded file, unkept.
    const full = openLocalDb();
    full.use({
      stack: 'dbcore',
      name: 'full-disk',
      create: (down: DBCore): DBCore => ({
        ...down,
        table: (name: string): DBCoreTable => {
          const table = down.table(name);
          if (name !== 'keptFileData') return table;
          return {
            ...table,
            mutate: (request) =>
              request.type === 'put'
                ? Promise.reject(Object.assign(new Error('full'), { name: 'QuotaExceededError' }))
                : table.mutate(request),
          };
        },
      }),
    });
    const unkept = await openFile(full, source(), deps());
    expect(unkept).toMatchObject({ ok: true, from: 'network', isKept: false });
    if (!unkept.ok) throw new Error(unkept.message);
    expect(await bytesOf(unkept.blob)).toEqual(bytes);
  });
});
