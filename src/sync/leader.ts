// One sync worker per user per browser (docs/architecture.md §4): the tab holding the Web Lock runs it; the others
// read Dexie, whose live queries update across tabs. A closed tab releases its lock and a waiting tab
// takes over at once.

/** The lock name of a user's sync leader. */
export function leaderLockName(userId: number): string {
  return `get-sync-leader-u${userId}`;
}

/** Stops what `onLead` started. */
export type StopLeading = () => void | Promise<void>;

/** A tab's place in the election. */
export interface LeaderHandle {
  /** Leaves the election: stops leading, or stops waiting. */
  release(): Promise<void>;
  isLeader(): boolean;
}

/**
 * Runs `onLead` while this tab holds the user's lock, waiting in the background until it does. Without
 * Web Locks (old browsers) the tab leads alone.
 */
export function electLeader(
  userId: number,
  onLead: () => StopLeading | Promise<StopLeading>,
  locks: LockManager | null = globalThis.navigator?.locks ?? null,
): LeaderHandle {
  const controller = new AbortController();
  let isLeader = false;
  let stepDown: (() => void) | null = null;
  let stopped: Promise<void> = Promise.resolve();

  const lead = async () => {
    isLeader = true;
    const stop = await onLead();
    // Hold the lock until released; the browser drops it by itself when the tab closes.
    await new Promise<void>((resolve) => {
      stepDown = resolve;
      if (controller.signal.aborted) resolve();
    });
    isLeader = false;
    stopped = Promise.resolve(stop());
    await stopped;
  };

  if (locks) {
    locks.request(leaderLockName(userId), { signal: controller.signal }, lead).catch(() => {
      // Aborted while waiting for the lock: this tab never led.
    });
  } else {
    void lead();
  }

  return {
    async release() {
      controller.abort();
      stepDown?.();
      await stopped;
    },
    isLeader: () => isLeader,
  };
}
