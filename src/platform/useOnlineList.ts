// A list only the server has (Bill pay's generated files, the contract form's look-ups): fetched while online, again
// after `reload`; null offline.
import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from '../api/http';

/** The list, the error of the last try, whether a fetch is under way, and a way to fetch it again. */
export interface OnlineList<T> {
  items: T[] | null;
  error: string | null;
  isLoading: boolean;
  reload: () => void;
}

/** Fetches `fetcher(owner)` whenever online (and after reload); a network failure leaves the list empty, silently. */
export function useOnlineList<T>(
  owner: number,
  isOnline: boolean,
  fetcher: (owner: number) => Promise<ApiResult<T[]>>,
): OnlineList<T> {
  const [state, setState] = useState<{ key: string; items: T[] | null; error: string | null } | null>(null);
  const [generation, setGeneration] = useState(0);
  const key = `${owner}|${generation}`;
  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void fetcher(owner).then((result) => {
      if (!isCurrent) return;
      setState(
        result.ok
          ? { key, items: result.data, error: null }
          : { key, items: null, error: result.isNetworkError ? null : result.error.message },
      );
    });
    return () => {
      isCurrent = false;
    };
  }, [owner, isOnline, key, fetcher]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  const isOwn = state !== null && state.key.startsWith(`${owner}|`);
  return {
    items: isOnline && isOwn ? state.items : null,
    error: isOwn ? state.error : null,
    isLoading: isOnline && (state === null || state.key !== key),
    reload,
  };
}
