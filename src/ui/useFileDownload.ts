// The hook pages use to download a file (docs/architecture.md §15): from the device if kept, else from the network
// (and kept), handed to the browser as a download; offline and not kept, the area's message as a toast.
import { useCallback, useState } from 'react';
import { useUserDb } from '../platform/database';
import { useToasts } from './useToasts';
import { fetchFile } from '../files/fetchFile';
import { openFile } from '../files/openFile';
import type { FileSource, OpenOutcome } from '../files/openFile';
import { saveFile } from '../files/saveFile';

/** `download(source)` and the key of the file on its way (for a busy button). */
export interface FileDownload {
  download: (source: FileSource) => Promise<OpenOutcome | null>;
  busyKey: string | null;
}

/** Downloads files through the kept-files store; `offlineMessage` says why a file cannot be had offline. */
export function useFileDownload(offlineMessage: string): FileDownload {
  const db = useUserDb();
  const { toast } = useToasts();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const download = useCallback(
    async (source: FileSource) => {
      if (!db) return null;
      setBusyKey(source.key);
      try {
        const outcome = await openFile(db, source, {
          fetchFile,
          isOnline: () => navigator.onLine,
          offlineMessage,
        });
        if (outcome.ok) saveFile(outcome.blob, source.name);
        else
          toast(outcome.isOffline ? 'Needs a network connection' : 'Download failed', outcome.message, {
            kind: outcome.isOffline ? 'warning' : 'error',
          });
        return outcome;
      } finally {
        setBusyKey(null);
      }
    },
    [db, offlineMessage, toast],
  );
  return { download, busyKey };
}
