import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../workers/sync/schedule';
import type { JobOutcome, SchedulerOptions, Timers } from '../../workers/sync/schedule';

/** Timers driven by hand: `advance` fires what is due. */
function manualClock() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; callback: () => void; every: number | null }>();
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      pending.set(nextId, { at: now + ms, callback, every: null });
      return nextId++;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
    setInterval: (callback, ms) => {
      pending.set(nextId, { at: now + ms, callback, every: ms });
      return nextId++;
    },
    clearInterval: (handle) => void pending.delete(handle as number),
  };
  return {
    timers,
    now: () => now,
    pendingCount: () => pending.size,
    async advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...pending]) {
        if (timer.at > now) continue;
        if (timer.every === null) pending.delete(id);
        else timer.at += timer.every;
        timer.callback();
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

function schedulerWith(outcomes: JobOutcome[], overrides: Partial<SchedulerOptions> = {}) {
  const clock = manualClock();
  const runs: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const retries: [number, number][] = [];
  const state = { isOnline: true, isPaused: false };
  const scheduler = createScheduler({
    run: async (companyId) => {
      runs.push(companyId);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      return outcomes.shift() ?? 'done';
    },
    companies: () => [1, 2],
    isOnline: () => state.isOnline,
    isPaused: () => state.isPaused,
    now: clock.now,
    random: () => 1,
    backoff: { baseMs: 1000, maxMs: 8000 },
    timers: clock.timers,
    intervalMs: 300_000,
    focusMinIntervalMs: 30_000,
    onRetryScheduled: (companyId, delay) => retries.push([companyId, delay]),
    ...overrides,
  });
  return { scheduler, clock, runs, retries, state, maxInFlight: () => maxInFlight };
}

describe('scheduler', () => {
  it('runs one job at a time and coalesces requests for a queued company', async () => {
    const { scheduler, runs, maxInFlight } = schedulerWith([]);
    await Promise.all([
      scheduler.request(1, 'start'),
      scheduler.request(2, 'start'),
      scheduler.request(1, 'write'),
      scheduler.request(2, 'manual'),
    ]);
    expect(runs).toEqual([1, 2]);
    expect(maxInFlight()).toBe(1);
  });

  it('runs again for a request made while the company was running', async () => {
    const { scheduler, runs } = schedulerWith([]);
    const first = scheduler.request(1, 'start');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const second = scheduler.request(1, 'write');
    expect(await first).toBe('done');
    expect(await second).toBe('done');
    expect(runs).toEqual([1, 1]);
  });

  it('lets a check that brings no news join the run under way, where a write or the network runs again', async () => {
    const { scheduler, runs } = schedulerWith([]);
    const first = scheduler.request(1, 'start');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const joined = [
      scheduler.request(1, 'start'),
      scheduler.request(1, 'focus'),
      scheduler.request(1, 'interval'),
    ];
    expect(await Promise.all([first, ...joined])).toEqual(['done', 'done', 'done', 'done']);
    expect(runs).toEqual([1]);
    const again = scheduler.request(1, 'interval');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const news = [scheduler.request(1, 'online'), scheduler.request(1, 'manual')];
    // Another company's run is not joined either.
    const other = scheduler.request(2, 'start');
    await Promise.all([again, ...news, other]);
    expect(runs).toEqual([1, 1, 1, 2]);
    // A resume after a pause may come as the run that paused ends: it runs again after it.
    const paused = scheduler.request(1, 'interval');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await Promise.all([paused, scheduler.request(1, 'resume')]);
    expect(runs).toEqual([1, 1, 1, 2, 1, 1]);
  });

  it('retries failures with growing delays and lets automatic triggers wait', async () => {
    const { scheduler, clock, runs, retries } = schedulerWith(['retry', 'retry']);
    await scheduler.request(1, 'start');
    expect(retries).toEqual([[1, 1000]]);
    expect(await scheduler.request(1, 'focus')).toBe('skipped');
    expect(await scheduler.request(1, 'interval')).toBe('skipped');
    expect(await scheduler.request(1, 'write')).toBe('skipped');
    await clock.advance(1000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(retries).toEqual([
      [1, 1000],
      [1, 2000],
    ]);
    expect(scheduler.info(1)).toEqual({ failures: 2, nextRetryAt: 3000 });
    await clock.advance(2000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(runs).toEqual([1, 1, 1]);
    expect(scheduler.info(1)).toEqual({ failures: 0, nextRetryAt: null });
  });

  it('runs at once when the network returns, forgetting earlier failures', async () => {
    const { scheduler, runs } = schedulerWith(['retry']);
    await scheduler.request(1, 'start');
    expect(scheduler.info(1).failures).toBe(1);
    expect(await scheduler.request(1, 'online')).toBe('done');
    expect(runs).toEqual([1, 1]);
    expect(scheduler.info(1)).toEqual({ failures: 0, nextRetryAt: null });
  });

  it('ignores focus shortly after a sync, and automatic triggers offline or paused', async () => {
    const { scheduler, clock, runs, state } = schedulerWith([]);
    await scheduler.request(1, 'start');
    expect(await scheduler.request(1, 'focus')).toBe('skipped');
    await clock.advance(31_000);
    expect(await scheduler.request(1, 'focus')).toBe('done');
    state.isOnline = false;
    expect(await scheduler.request(1, 'start')).toBe('skipped');
    state.isOnline = true;
    state.isPaused = true;
    expect(await scheduler.request(1, 'online')).toBe('skipped');
    expect(await scheduler.request(1, 'manual')).toBe('done');
    expect(runs).toEqual([1, 1, 1]);
  });

  it('syncs every company every interval and stops cleanly', async () => {
    const { scheduler, clock, runs } = schedulerWith([]);
    scheduler.start();
    await clock.advance(300_000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toEqual([1, 2]);
    const pending = scheduler.request(2, 'retry');
    await scheduler.stop();
    expect(['done', 'skipped']).toContain(await pending);
    expect(await scheduler.request(1, 'manual')).toBe('skipped');
    expect(clock.pendingCount()).toBe(0);
  });

  it('treats a throwing job as a failure to retry, and forgets a company', async () => {
    const { scheduler, retries } = schedulerWith([], {
      run: () => Promise.reject(new Error('boom')),
    });
    expect(await scheduler.request(1, 'start')).toBe('retry');
    expect(retries).toHaveLength(1);
    scheduler.forget(1);
    expect(scheduler.info(1)).toEqual({ failures: 0, nextRetryAt: null });
  });
});
