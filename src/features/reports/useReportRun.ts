// One report at a time on a page: run it in the report worker, read its rows for the preview, export it. Progress
// is shown as the run advances: reading and computing in the worker, then the rows arriving page by page.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Remote } from 'comlink';
import type { ReportsApi, ReportValue, RunRequest, RunSummary } from '../../../workers/reports/api';
import { downloadBlob } from '../../export/downloadBlob';
import { exportRun, readAllRows, ROWS_PER_REQUEST } from '../../platform/reportsClient';

/** Where a report run is. */
export type RunState =
  | { status: 'idle' }
  | { status: 'running'; progress: number }
  /** `rows` holds the first page until `isComplete`: the preview shows it while the rest arrive. */
  | { status: 'done'; summary: RunSummary; rows: ReportValue[][]; isComplete: boolean }
  | { status: 'failed'; message: string };

function describe(error: unknown, what: string): string {
  const reason = error instanceof Error && error.message ? ` ${error.message}` : '';
  return `The ${what} could not be completed.${reason}`;
}

/** Runs, previews and exports reports with a page's report worker. */
export function useReportRun(remote: Remote<ReportsApi> | null) {
  const [state, setState] = useState<RunState>({ status: 'idle' });
  const [exportProgress, setExportProgress] = useState<number | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const current = useRef<{ controller: AbortController; runId: number | null } | null>(null);

  // Leaving the page stops its run and frees the rows the worker kept for it.
  useEffect(
    () => () => {
      const last = current.current;
      last?.controller.abort();
      if (remote && last?.runId != null) void remote.release(last.runId);
    },
    [remote],
  );

  const run = useCallback(
    async (request: RunRequest): Promise<RunSummary | null> => {
      if (!remote) return null;
      const previous = current.current;
      previous?.controller.abort();
      if (previous?.runId != null) void remote.release(previous.runId);
      const controller = new AbortController();
      const mine = { controller, runId: null as number | null };
      current.current = mine;
      setState({ status: 'running', progress: 5 });
      try {
        const summary = await remote.run(request);
        mine.runId = summary.runId;
        controller.signal.throwIfAborted();
        // The first page is on screen as soon as it arrives (the §9 preview budget); the rest follow in one
        // update, so the grid sorts and filters the whole run once rather than on every page.
        const first = await remote.rows(summary.runId, 0, ROWS_PER_REQUEST);
        controller.signal.throwIfAborted();
        const isComplete = first.length >= summary.rowCount;
        if (current.current === mine) setState({ status: 'done', summary, rows: first, isComplete });
        if (isComplete) return summary;
        const rest = await readAllRows(
          remote,
          summary.runId,
          summary.rowCount - first.length,
          undefined,
          controller.signal,
          first.length,
        );
        if (current.current === mine)
          setState({ status: 'done', summary, rows: [...first, ...rest], isComplete: true });
        return summary;
      } catch (error) {
        if (!controller.signal.aborted) setState({ status: 'failed', message: describe(error, 'report') });
        return null;
      }
    },
    [remote],
  );

  const exportXlsx = useCallback(async (): Promise<string | null> => {
    if (!remote || state.status !== 'done') return null;
    setExportError(null);
    setExportProgress(0);
    try {
      const file = await exportRun(remote, state.summary.runId, state.summary.title, (fraction) =>
        setExportProgress(Math.round(fraction * 100)),
      );
      downloadBlob(file.blob, file.fileName);
      return file.fileName;
    } catch (error) {
      setExportError(describe(error, 'export'));
      return null;
    } finally {
      setExportProgress(null);
    }
  }, [remote, state]);

  return { state, run, exportXlsx, exportProgress, exportError };
}
