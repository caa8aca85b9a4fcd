// When syncs run (docs/architecture.md §4): at start, on `online`, on focus, every 5 minutes online, after writes,
// with exponential backoff and jitter after failures. One job at a time for all companies: never a request
// storm, at most one pull per company in flight, and pages of different companies apply in fetch order.
import { backoffDelay } from '../../src/domain/sync';
import type { BackoffOptions } from '../../src/domain/sync';
import type { SyncReason } from './types';

/**
 * Triggers that join a run of the company already under way rather than run again after it (`request`). A `resume`
 * (a new token, space freed) never does: the run under way may be the one ending paused.
 */
const JOINS_RUN: ReadonlySet<SyncReason> = new Set(['start', 'focus', 'interval']);

/** How a run ended: retry with backoff, wait for a new trigger (paused), or fine. */
export type JobOutcome = 'done' | 'retry' | 'paused' | 'failed';

/** Timer functions, injectable so tests control time. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

type Handle = ReturnType<typeof globalThis.setTimeout>;

/** The platform's timers. */
export const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Handle),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as Handle),
};

/** What the scheduler needs. */
export interface SchedulerOptions {
  run: (companyId: number) => Promise<JobOutcome>;
  companies: () => readonly number[];
  isOnline: () => boolean;
  isPaused: () => boolean;
  now: () => number;
  random: () => number;
  backoff: BackoffOptions;
  timers: Timers;
  intervalMs: number;
  /** Focus within this long after a finished sync does nothing (tab switching is not a reason to sync). */
  focusMinIntervalMs: number;
  onRetryScheduled: (companyId: number, delayMs: number) => void;
}

/** Backoff state of one company. */
export interface RetryInfo {
  failures: number;
  nextRetryAt: number | null;
}

/** The scheduler. */
export interface Scheduler {
  /** Asks for a sync; resolves when the run it joined has finished ('skipped' when the reason does not apply now). */
  request(companyId: number, reason: SyncReason): Promise<JobOutcome | 'skipped'>;
  requestAll(reason: SyncReason): Promise<void>;
  start(): void;
  stop(): Promise<void>;
  info(companyId: number): RetryInfo;
  forget(companyId: number): void;
}

interface Slot {
  failures: number;
  retryAt: number | null;
  retryTimer: unknown;
  lastDoneAt: number | null;
  waiters: ((outcome: JobOutcome | 'skipped') => void)[];
}

/** Creates the scheduler; nothing runs until `request` or `start`. */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const slots = new Map<number, Slot>();
  const queue: number[] = [];
  let isDraining = false;
  let isStopped = false;
  let interval: unknown = null;
  let loop: Promise<void> = Promise.resolve();
  /** The company whose run is under way, and the requests its outcome answers. */
  let running: { id: number; waiters: Slot['waiters'] } | null = null;

  const slotOf = (id: number): Slot => {
    let slot = slots.get(id);
    if (!slot) {
      slot = { failures: 0, retryAt: null, retryTimer: null, lastDoneAt: null, waiters: [] };
      slots.set(id, slot);
    }
    return slot;
  };

  const clearRetry = (slot: Slot) => {
    if (slot.retryTimer !== null) options.timers.clearTimeout(slot.retryTimer);
    slot.retryTimer = null;
    slot.retryAt = null;
  };

  /** Whether a trigger should start a run now; user actions always do, automatic ones respect state. */
  const applies = (slot: Slot, reason: SyncReason): boolean => {
    if (reason === 'manual' || reason === 'preload') return true;
    if (options.isPaused() || !options.isOnline()) return false;
    const isBackingOff = slot.retryAt !== null && slot.retryAt > options.now();
    if (reason === 'interval' || reason === 'write') return !isBackingOff;
    if (reason === 'focus') {
      const recentlyDone =
        slot.lastDoneAt !== null && options.now() - slot.lastDoneAt < options.focusMinIntervalMs;
      return !isBackingOff && !recentlyDone;
    }
    return true;
  };

  const finish = (id: number, slot: Slot, outcome: JobOutcome) => {
    if (outcome === 'retry') {
      slot.failures += 1;
      const delay = backoffDelay(slot.failures, options.random(), options.backoff);
      clearRetry(slot);
      slot.retryAt = options.now() + delay;
      slot.retryTimer = options.timers.setTimeout(() => {
        slot.retryTimer = null;
        void request(id, 'retry');
      }, delay);
      options.onRetryScheduled(id, delay);
      return;
    }
    if (outcome === 'done') {
      slot.failures = 0;
      slot.lastDoneAt = options.now();
      clearRetry(slot);
    }
  };

  const drain = async () => {
    try {
      // Let requests of the same tick (start, online, a burst of writes) join one run each.
      await Promise.resolve();
      while (!isStopped) {
        const id = queue.shift();
        if (id === undefined) break;
        const slot = slotOf(id);
        const waiters = slot.waiters;
        slot.waiters = [];
        running = { id, waiters };
        let outcome: JobOutcome;
        try {
          outcome = await options.run(id);
        } catch {
          outcome = 'retry';
        }
        running = null;
        if (!isStopped) finish(id, slot, outcome);
        for (const resolve of waiters) resolve(outcome);
      }
    } finally {
      isDraining = false;
      if (queue.length > 0 && !isStopped) kick();
    }
  };

  const kick = () => {
    if (isDraining || isStopped) return;
    isDraining = true;
    loop = drain();
  };

  const request = (id: number, reason: SyncReason): Promise<JobOutcome | 'skipped'> => {
    const slot = slotOf(id);
    if (isStopped || !applies(slot, reason)) return Promise.resolve('skipped');
    // A check that brings no news (the app started, the window got focus, the interval came) joins the company's run
    // under way, which reads the server as it is now; a write, the network's return or the user's Sync now may come
    // after that run pushed or failed, and run again after it.
    const current = running;
    if (current?.id === id && JOINS_RUN.has(reason))
      return new Promise((resolve) => current.waiters.push(resolve));
    // The network is back: earlier failures say nothing about now.
    if (reason === 'online') slot.failures = 0;
    clearRetry(slot);
    const done = new Promise<JobOutcome | 'skipped'>((resolve) => slot.waiters.push(resolve));
    if (!queue.includes(id)) queue.push(id);
    kick();
    return done;
  };

  const requestAll = async (reason: SyncReason): Promise<void> => {
    await Promise.all(options.companies().map((id) => request(id, reason)));
  };

  return {
    request,
    requestAll,
    start() {
      isStopped = false;
      interval ??= options.timers.setInterval(() => void requestAll('interval'), options.intervalMs);
    },
    async stop() {
      isStopped = true;
      if (interval !== null) options.timers.clearInterval(interval);
      interval = null;
      queue.length = 0;
      for (const slot of slots.values()) {
        clearRetry(slot);
        for (const resolve of slot.waiters.splice(0)) resolve('skipped');
      }
      await loop;
    },
    info(id) {
      const slot = slots.get(id);
      return { failures: slot?.failures ?? 0, nextRetryAt: slot?.retryAt ?? null };
    },
    forget(id) {
      const slot = slots.get(id);
      if (slot) clearRetry(slot);
      slots.delete(id);
    },
  };
}
