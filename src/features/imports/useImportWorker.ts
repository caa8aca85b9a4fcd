// The page's import worker (docs/architecture.md §14 Imports): one per visit of the page, over the signed-in user's
// local database, so a 50,000-row file is read and checked without blocking the page, offline too.
import { useEffect, useState } from 'react';
import { releaseProxy, wrap } from 'comlink';
import type { Remote } from 'comlink';
import { useAtomValue } from 'jotai';
import type { ImportsApi } from '../../../workers/imports/api';
import { sessionAtom } from '../../session/atoms';

/** The worker's API while the page is open; null before it starts or when signed out. */
export function useImportWorker(): Remote<ImportsApi> | null {
  const userId = useAtomValue(sessionAtom)?.userId ?? null;
  const [started, setStarted] = useState<{ userId: number; remote: Remote<ImportsApi> } | null>(null);
  useEffect(() => {
    if (userId === null) return;
    const worker = new Worker(new URL('../../../workers/imports.worker.ts', import.meta.url), {
      type: 'module',
      name: 'imports',
    });
    const remote = wrap<ImportsApi>(worker);
    let isCurrent = true;
    void remote.open(userId).then(() => {
      if (isCurrent) setStarted({ userId, remote });
    });
    return () => {
      isCurrent = false;
      remote[releaseProxy]();
      worker.terminate();
    };
  }, [userId]);
  return started?.userId === userId ? started.remote : null;
}
