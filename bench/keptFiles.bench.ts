// Where kept files should live on the device (docs/architecture.md §15): IndexedDB (a Blob or an ArrayBuffer per
// record) against Cache Storage (a Response per URL), in Chromium, on the same files: write them all, then read each
// back whole. Each run has a fresh browser profile on disk (as an installed app has), so no run reads another's data
// or quota and IndexedDB is not the in-memory store of an incognito context. Run with
// `npx tsx bench/keptFiles.bench.ts [--runs 3]`; prints the median of each figure.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Math.max(1, Number(values.runs));

/** The sets measured: many small files (bill PDFs) and a few large ones (documents up to 20 MB). */
const SETS = [
  { label: '100 × 200 KB', count: 100, size: 200 * 1024 },
  { label: '10 × 20 MB', count: 10, size: 20 * 1024 * 1024 },
];

interface Figures {
  writeMs: number;
  readMs: number;
  usageBytes: number;
}

type Store = 'idb-blob' | 'idb-buffer' | 'cache';

/** Runs in the page: writes the set into one store, reads it back, reports times and the origin's usage. */
async function measure(args: { store: Store; count: number; size: number }): Promise<Figures> {
  const { store, count, size } = args;
  const files = Array.from({ length: count }, (_, i) => {
    // Random bytes: PDFs and Office files are compressed already, and LevelDB would shrink zeros to nothing.
    const bytes = new Uint8Array(size);
    for (let j = 0; j < size; j += 65_536) crypto.getRandomValues(bytes.subarray(j, j + 65_536));
    bytes[0] = i % 251;
    return bytes;
  });
  const openDb = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(`bench-${store}-${Date.now()}`, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('files');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
  const done = (tx: IDBTransaction) =>
    new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('tx failed'));
    });
  const estimate = async () => (await navigator.storage.estimate()).usage ?? 0;
  const before = await estimate();
  let writeMs = 0;
  let readMs = 0;
  if (store === 'cache') {
    const cache = await caches.open(`bench-${Date.now()}`);
    const started = performance.now();
    for (const [i, bytes] of files.entries())
      await cache.put(`/kept/${i}`, new Response(new Blob([bytes], { type: 'application/pdf' })));
    writeMs = performance.now() - started;
    const reading = performance.now();
    for (let i = 0; i < count; i += 1) await (await cache.match(`/kept/${i}`))?.arrayBuffer();
    readMs = performance.now() - reading;
  } else {
    const db = await openDb();
    const started = performance.now();
    for (const [i, bytes] of files.entries()) {
      const tx = db.transaction('files', 'readwrite');
      const value = store === 'idb-blob' ? new Blob([bytes], { type: 'application/pdf' }) : bytes.buffer;
      tx.objectStore('files').put({ blob: value }, i);
      await done(tx);
    }
    writeMs = performance.now() - started;
    const reading = performance.now();
    for (let i = 0; i < count; i += 1) {
      const tx = db.transaction('files');
      const request = tx.objectStore('files').get(i);
      await done(tx);
      const value = (request.result as { blob: Blob | ArrayBuffer }).blob;
      if (value instanceof Blob) await value.arrayBuffer();
    }
    readMs = performance.now() - reading;
    db.close();
  }
  return { writeMs, readMs, usageBytes: (await estimate()) - before };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>kept files</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const measureOnce = async (store: Store, set: (typeof SETS)[number]): Promise<Figures> => {
    const profile = await mkdtemp(join(tmpdir(), 'kept-files-bench-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      // tsx keeps function names with a helper the page does not have.
      await context.addInitScript('window.__name = (fn) => fn');
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`http://127.0.0.1:${port}/`);
      return await page.evaluate(measure, { store, count: set.count, size: set.size });
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  };
  try {
    console.log(
      `kept files: ${runs} run(s) each, medians; Chromium ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}`,
    );
    for (const set of SETS) {
      for (const store of ['idb-blob', 'idb-buffer', 'cache'] as const) {
        const figures: Figures[] = [];
        for (let run = 0; run < runs; run += 1) figures.push(await measureOnce(store, set));
        const mb = (set.count * set.size) / (1024 * 1024);
        const write = median(figures.map((f) => f.writeMs));
        const read = median(figures.map((f) => f.readMs));
        const usage = median(figures.map((f) => f.usageBytes)) / (1024 * 1024);
        console.log(
          `${set.label.padEnd(14)} ${store.padEnd(11)} write ${write.toFixed(0).padStart(6)} ms (${(mb / (write / 1000)).toFixed(0)} MB/s)` +
            `  read ${read.toFixed(0).padStart(6)} ms (${(mb / (read / 1000)).toFixed(0)} MB/s, ${(read / set.count).toFixed(1)} ms a file)` +
            `  usage ${usage.toFixed(1)} MB`,
        );
      }
    }
  } finally {
    server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
