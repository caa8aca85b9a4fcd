import { useCallback, useEffect, useRef, useState } from 'react';
import { exportXlsx as runExport } from './exportClient';
import type { ExportXlsxRequest } from './exportClient';

/** An export request as a toolbar gives it; progress and cancelling are the hook's. */
export type ExportRequest<Row> = Omit<ExportXlsxRequest<Row>, 'onProgress' | 'signal'>;

/** State and actions of `useExport`. */
export interface ExportState {
  /** Exports and downloads; resolves true when saved, false when it failed or was cancelled. */
  exportXlsx: <Row>(request: ExportRequest<Row>) => Promise<boolean>;
  /** 0–100 while an export runs, null otherwise (for a ProgressBar). */
  progress: number | null;
  /** Why the last export failed, in words for the user; null after a success or a new start. */
  error: string | null;
  isExporting: boolean;
  /** Stops the running export. */
  cancel: () => void;
}

function describe(error: unknown): string {
  const reason = error instanceof Error && error.message ? ` ${error.message}` : '';
  return `The export could not be completed.${reason}`;
}

/** Runs .xlsx exports in the export worker and tracks their progress; one export at a time per hook. */
export function useExport(): ExportState {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  // Leaving the page stops its export; the worker is ended with it.
  useEffect(() => () => running.current?.abort(), []);

  const exportXlsx = useCallback(async <Row>(request: ExportRequest<Row>): Promise<boolean> => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setError(null);
    setProgress(0);
    try {
      // Reports of an export that ended or was replaced must not bring its progress bar back.
      const onProgress = (percent: number) => {
        if (running.current === controller) setProgress(percent);
      };
      await runExport({ ...request, signal: controller.signal, onProgress });
      return true;
    } catch (caught) {
      if (!controller.signal.aborted) setError(describe(caught));
      return false;
    } finally {
      if (running.current === controller) {
        running.current = null;
        setProgress(null);
      }
    }
  }, []);

  const cancel = useCallback(() => running.current?.abort(), []);

  return { exportXlsx, progress, error, isExporting: progress !== null, cancel };
}
