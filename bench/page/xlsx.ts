// The xlsx bench page, driven by bench/xlsx.bench.ts through `window.xlsxBench`: exports the bench rows the app's
// way (src/export/exportClient.ts buildXlsxFile: rows mapped and posted in chunks to a fresh worker, the file's
// bytes transferred back), with our writer or exceljs in the worker, and watches the main thread meanwhile.
import { buildXlsxFile } from '../../src/export/exportClient';
import type { BuiltFile, ExportWorkerConnection } from '../../src/export/exportClient';
import { calibrateLongTasks, watchMainThread } from './mainThread';
import { isBuildTiming } from './xlsxProtocol';
import type { BuildTiming, XlsxBenchApi, XlsxWriter } from './xlsxProtocol';
import { BENCH_COLUMNS, benchBills } from './xlsxRows';
import type { BenchBill } from './xlsxRows';

let bills: BenchBill[] = [];
const lastFiles = new Map<XlsxWriter, BuiltFile>();

/** Connects buildXlsxFile to a fresh bench worker for `writer`, keeping the worker's note of its build. */
function connector(writer: XlsxWriter, onBuilt: (timing: BuildTiming) => void): () => ExportWorkerConnection {
  return () => {
    const worker = new Worker(new URL('./xlsx.worker.ts', import.meta.url), { type: 'module', name: writer });
    worker.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (isBuildTiming(event.data)) onBuilt(event.data);
    });
    return { endpoint: worker, close: () => worker.terminate() };
  };
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

const xlsxBench: XlsxBenchApi = {
  calibrateLongTasks,

  prepare(rows, seed) {
    bills = benchBills(rows, seed);
    lastFiles.clear();
    return bills.length;
  },

  async run(writer) {
    let build: BuildTiming | null = null;
    const mainThread = watchMainThread();
    const started = performance.now();
    const file = await buildXlsxFile(
      { title: 'Bills', columns: BENCH_COLUMNS, rows: bills },
      connector(writer, (timing) => (build = timing)),
    );
    const wallMs = performance.now() - started;
    const figures = await mainThread.stop();
    // The worker posts its note before its answer, and messages keep their order.
    const timing = build as BuildTiming | null;
    if (!timing) throw new Error(`The ${writer} worker sent no build timing`);
    lastFiles.set(writer, file);
    return {
      writer,
      rows: bills.length,
      columns: BENCH_COLUMNS.length,
      wallMs: Math.round(wallMs),
      buildMs: Math.round(timing.ms),
      bytes: file.blob.size,
      mainThread: figures,
    };
  },

  async lastFile(writer) {
    const file = lastFiles.get(writer);
    if (!file) throw new Error(`No ${writer} run yet`);
    return base64(new Uint8Array(await file.blob.arrayBuffer()));
  },
};

window.xlsxBench = xlsxBench;
document.body.dataset.ready = 'true';
