import type { DBCore, DBCoreTable } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  KEPT_FILES_LIMITS,
  evictKeptFile,
  evictKeptFilesOf,
  getKeptFile,
  hasKeptFile,
  keepFile,
  keptFilesUsage,
  listKeptFiles,
} from '../../src/db/keptFiles';
import type { AppDb } from '../../src/db/schema';
import { openLocalDb } from '../helpers/localDb';

const limits = { capBytes: 100, maxFileBytes: 60 };
const blob = (size: number, type = 'application/pdf') => new Blob([new Uint8Array(size)], { type });
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));

let db: AppDb;

beforeEach(() => {
  db = openLocalDb();
});

describe('kept files', () => {
  it('keeps a file under its key and gives it back, bytes and all', async () => {
    const result = await keepFile(db, {
      key: 'documents/d1',
      companyId: 2,
      name: 'Contract.pdf',
      blob: new Blob(['%PDF-1'], { type: 'application/pdf' }),
      etag: '"abc"',
    });
    expect(result).toEqual({ kept: true, evicted: [] });
    expect(await hasKeptFile(db, 'documents/d1')).toBe(true);
    const kept = await getKeptFile(db, 'documents/d1');
    expect(kept).toMatchObject({
      name: 'Contract.pdf',
      type: 'application/pdf',
      size: 6,
      etag: '"abc"',
      companyId: 2,
    });
    expect(await kept?.blob.text()).toBe('%PDF-1');
    expect(await getKeptFile(db, 'documents/none')).toBeNull();
  });

  it('evicts the least recently used files to stay under the cap, and opening a file makes it recent', async () => {
    const keep = (key: string, size: number, minute: number) =>
      keepFile(db, { key, companyId: 1, name: key, blob: blob(size) }, { limits, now: at(minute) });
    await keep('a', 30, 0);
    await keep('b', 30, 1);
    await keep('c', 30, 2);
    await getKeptFile(db, 'a', at(3));
    expect(await keep('d', 30, 4)).toEqual({ kept: true, evicted: ['b'] });
    expect((await listKeptFiles(db)).map((row) => row.key)).toEqual(['d', 'a', 'c']);
    expect(await keep('e', 55, 5)).toEqual({ kept: true, evicted: ['c', 'a'] });
    expect(await keptFilesUsage(db, limits)).toEqual({ bytes: 85, count: 2, capBytes: 100 });
    // The bytes went with the metadata.
    expect(await db.keptFileData.count()).toBe(2);
  });

  it('replaces a file kept under the same key without counting it twice', async () => {
    await keepFile(db, { key: 'a', companyId: 1, name: 'a', blob: blob(50) }, { limits });
    await keepFile(db, { key: 'b', companyId: 1, name: 'b', blob: blob(40) }, { limits });
    expect(await keepFile(db, { key: 'a', companyId: 1, name: 'a', blob: blob(55) }, { limits })).toEqual({
      kept: true,
      evicted: [],
    });
    expect((await keptFilesUsage(db, limits)).bytes).toBe(95);
  });

  it('keeps nothing over the per-file limit, and says so', async () => {
    expect(await keepFile(db, { key: 'big', companyId: 1, name: 'big', blob: blob(61) }, { limits })).toEqual(
      {
        kept: false,
        reason: 'too-large',
        evicted: [],
      },
    );
    expect(await hasKeptFile(db, 'big')).toBe(false);
    expect(KEPT_FILES_LIMITS).toEqual({ capBytes: 200 * 1024 * 1024, maxFileBytes: 50 * 1024 * 1024 });
  });

  it('keeps nothing and evicts nothing when the device is full', async () => {
    let isFull = false;
    db.use({
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
              isFull && request.type === 'put'
                ? Promise.reject(Object.assign(new Error('full'), { name: 'QuotaExceededError' }))
                : table.mutate(request),
          };
        },
      }),
    });
    await keepFile(db, { key: 'a', companyId: 1, name: 'a', blob: blob(50) }, { limits });
    isFull = true;
    expect(await keepFile(db, { key: 'b', companyId: 1, name: 'b', blob: blob(60) }, { limits })).toEqual({
      kept: false,
      reason: 'no-room',
      evicted: [],
    });
    expect(await hasKeptFile(db, 'a')).toBe(true);
  });

  it('evicts one file, or every file of a company', async () => {
    await keepFile(db, { key: 'a', companyId: 1, name: 'a', blob: blob(1) });
    await keepFile(db, { key: 'b', companyId: 2, name: 'b', blob: blob(1) });
    await keepFile(db, { key: 'c', companyId: 2, name: 'c', blob: blob(1) });
    await evictKeptFile(db, 'a');
    expect(await hasKeptFile(db, 'a')).toBe(false);
    await evictKeptFilesOf(db, 2);
    expect(await keptFilesUsage(db)).toMatchObject({ bytes: 0, count: 0 });
    expect(await db.keptFileData.count()).toBe(0);
  });
});
