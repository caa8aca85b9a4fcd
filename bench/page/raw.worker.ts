// The bench's reference worker: plain IndexedDB writes of bill-shaped rows, and the change feed fetched and
// parsed without storing anything. It runs where the sync engine runs (a dedicated worker of the same page),
// so the engine's figures can be read as ratios of these.
import { expose } from 'comlink';
import { SCHEMA_VERSIONS } from '../../src/db/schema';
import { COLUMN_FORM, unpackPage } from '../../src/domain/feedColumns';
import type { ChangePage } from '../../src/domain/syncProtocol';
import type { FeedOnlyResult, RawWriteResult } from './protocol';

const RAW_DB = 'bench-raw-idb';

/** One IndexedDB index, from a Dexie store spec. */
interface IndexSpec {
  name: string;
  keyPath: string | string[];
  unique: boolean;
  multiEntry: boolean;
}

/** The app's current `bills` store spec: primary key and indexes, so raw writes pay the same index upkeep. */
function billsStoreSpec(): { keyPath: string; indexes: IndexSpec[] } {
  const spec = [...SCHEMA_VERSIONS].reverse().find((version) => version.stores.bills !== undefined)
    ?.stores.bills;
  if (!spec) throw new Error('src/db/schema.ts has no bills store');
  const [primary = 'id', ...rest] = spec.split(',').map((part) => part.trim());
  const indexes = rest.map((part): IndexSpec => {
    const unique = part.startsWith('&');
    const multiEntry = part.startsWith('*');
    const name = part.replace(/^[&*]/, '');
    const keyPath = name.startsWith('[') ? name.slice(1, -1).split('+') : name;
    return { name, keyPath, unique, multiEntry };
  });
  return { keyPath: primary.replace(/^(\+\+|&)/, ''), indexes };
}

function requestDone<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`Could not delete ${name}`));
    // Another connection still open: the delete completes once it closes, which the bench never waits for.
    request.onblocked = () => resolve();
  });
}

function openRawDb(store: { keyPath: string; indexes: IndexSpec[] }): Promise<IDBDatabase> {
  const request = indexedDB.open(RAW_DB, 1);
  request.onupgradeneeded = () => {
    const bills = request.result.createObjectStore('bills', { keyPath: store.keyPath });
    for (const index of store.indexes)
      bills.createIndex(index.name, index.keyPath, { unique: index.unique, multiEntry: index.multiEntry });
  };
  return requestDone(request);
}

function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

async function fetchPage(
  companyId: number,
  token: string,
  limit: number,
  cursor: string | null,
): Promise<{ page: ChangePage; bytes: number }> {
  const query = `limit=${limit}${cursor === null ? '' : `&since=${encodeURIComponent(cursor)}`}&form=${COLUMN_FORM}`;
  const response = await fetch(`/api/sync/${companyId}/changes?${query}`, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  });
  // Read as text, parsed and unpacked as the engine does (workers/sync/http.ts, pull.ts), so both pay the same.
  const text = await response.text();
  if (!response.ok) throw new Error(`Change feed answered ${response.status}: ${text.slice(0, 200)}`);
  const page = unpackPage(JSON.parse(text));
  if (!page) throw new Error('The change feed answered something that is not a page');
  return { page, bytes: text.length };
}

/** Real bill rows of the company, as the feed serves them: the templates of the raw writes. */
async function billTemplates(
  companyId: number,
  token: string,
  wanted: number,
): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  for (;;) {
    const { page } = await fetchPage(companyId, token, 5000, cursor);
    for (const change of page.changes) if (change.entity === 'bills' && change.row) rows.push(change.row);
    if (rows.length >= wanted || !page.hasMore) return rows;
    cursor = page.cursor;
  }
}

const api = {
  /**
   * Writes `rows` bill rows (real rows of the feed with fresh random ids, so keys land all over the B-tree as
   * UUIDs do) in read-write transactions of `batchRows` puts each, one after the other, like the engine's pages.
   * Without indexes it shows what the app's index set costs (docs/architecture.md §9's 15–17 k rows/s had none).
   */
  async raw(
    companyId: number,
    token: string,
    rows: number,
    batchRows: number,
    withIndexes: boolean,
  ): Promise<Omit<RawWriteResult, 'mainThread'>> {
    const templates = await billTemplates(companyId, token, 5000);
    if (templates.length === 0) throw new Error('The feed served no bill rows to copy');
    const rowJsonBytes = Math.round(
      templates.reduce((sum, row) => sum + JSON.stringify(row).length, 0) / templates.length,
    );
    const store = withIndexes ? billsStoreSpec() : { ...billsStoreSpec(), indexes: [] };
    await deleteDatabase(RAW_DB);
    const db = await openRawDb(store);
    let written = 0;
    let batches = 0;
    const started = performance.now();
    while (written < rows) {
      const size = Math.min(batchRows, rows - written);
      const tx = db.transaction('bills', 'readwrite');
      const done = transactionDone(tx);
      const bills = tx.objectStore('bills');
      for (let i = 0; i < size; i += 1) {
        const template = templates[(written + i) % templates.length] as Record<string, unknown>;
        bills.put({ ...template, id: crypto.randomUUID() });
      }
      await done;
      written += size;
      batches += 1;
    }
    const ms = performance.now() - started;
    db.close();
    await deleteDatabase(RAW_DB);
    return {
      rows: written,
      batchRows,
      batches,
      ms: Math.round(ms),
      rowsPerSec: Math.round(written / (ms / 1000)),
      rowJsonBytes,
      indexes: store.indexes.map((index) => index.name),
    };
  },

  /** Fetches and parses every page of the company's feed, storing nothing. */
  async feedOnly(companyId: number, token: string, pageSize: number): Promise<FeedOnlyResult> {
    let cursor: string | null = null;
    let rows = 0;
    let bytes = 0;
    let pages = 0;
    const started = performance.now();
    for (;;) {
      const { page, bytes: pageBytes } = await fetchPage(companyId, token, pageSize, cursor);
      rows += page.changes.length;
      bytes += pageBytes;
      pages += 1;
      if (!page.hasMore) break;
      cursor = page.cursor;
    }
    const ms = performance.now() - started;
    return { pageSize, rows, bytes, pages, ms: Math.round(ms), rowsPerSec: Math.round(rows / (ms / 1000)) };
  },
};

/** The raw worker's API, for `Comlink.wrap`. */
export type RawWorkerApi = typeof api;

expose(api);
