import { useCallback } from 'react';
import { useToasts } from './useToasts';

/** What a queued write's toast says: sent now (a refusal reaches the Sync panel), or kept until the network returns. */
export function queuedWriteMessage(isOnline: boolean): string {
  return isOnline
    ? 'Sent to the server; the Sync panel shows if it is refused.'
    : 'Saved on this device; it is sent when you are back online.';
}

/**
 * The toast after a synced write was queued in the outbox (docs/architecture.md §5): one wording for every area, read
 * from the browser's network state at the moment of the write.
 */
export function useQueuedWriteToast(): (title: string) => void {
  const { toast } = useToasts();
  return useCallback(
    (title: string) => toast(title, queuedWriteMessage(navigator.onLine), { kind: 'success' }),
    [toast],
  );
}
