// The xlsx bench's export worker: the app's export API (workers/export/api.ts) as is, or the same API with exceljs
// building the file, chosen by the worker's name. One script for both, so both writers load the same bundle.
import { expose, transfer } from 'comlink';
import { api } from '../../workers/export/api';
import type { ExportApi, ExportColumn, ExportRow } from '../../workers/export/api';
import { buildWorkbookWithExceljs } from './exceljsWorkbook';
import type { BuildTiming } from './xlsxProtocol';

/** What buildXlsxFile calls. */
type BuildApi = Pick<ExportApi, 'open' | 'append' | 'finish' | 'cancel'>;

const jobs = new Map<number, { columns: readonly ExportColumn[]; rows: ExportRow[] }>();
let nextJobId = 1;

/** workers/export/api.ts's job calls, with exceljs building the file (no progress: exceljs reports none). */
const exceljsApi: BuildApi = {
  open(columns) {
    const id = nextJobId++;
    jobs.set(id, { columns, rows: [] });
    return id;
  },
  append(id, rows) {
    const target = jobs.get(id)?.rows;
    if (!target) throw new Error(`Unknown export job ${id}`);
    for (const row of rows) target.push(row);
    return target.length;
  },
  async finish(id, settings) {
    const job = jobs.get(id);
    if (!job) throw new Error(`Unknown export job ${id}`);
    jobs.delete(id);
    const buffer = await buildWorkbookWithExceljs(job.rows, job.columns, settings);
    return transfer(buffer, [buffer]);
  },
  cancel(id) {
    jobs.delete(id);
  },
};

/** Posts the build's time and size beside the API's answers. */
function timed(target: BuildApi): BuildApi {
  return {
    ...target,
    async finish(id, settings, onProgress) {
      const started = performance.now();
      // The answer is the transferred buffer itself: Comlink still finds it in its transfer list.
      const buffer = await target.finish(id, settings, onProgress);
      const timing: BuildTiming = {
        type: 'xlsx-bench-build',
        ms: performance.now() - started,
        bytes: buffer.byteLength,
      };
      postMessage(timing);
      return buffer;
    },
  };
}

expose(timed(self.name === 'exceljs' ? exceljsApi : api));
