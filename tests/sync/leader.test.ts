import { describe, expect, it } from 'vitest';
import { electLeader, leaderLockName } from '../../src/sync/leader';

/** An exclusive-only Web Locks stand-in: one holder per name, waiters in order, abortable while waiting. */
function fakeLocks() {
  const held = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  const request = (
    name: string,
    options: { signal?: AbortSignal },
    callback: () => Promise<void>,
  ): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const run = () => {
        held.add(name);
        void callback()
          .then(resolve, reject)
          .finally(() => {
            held.delete(name);
            waiting.get(name)?.shift()?.();
          });
      };
      if (!held.has(name)) return run();
      const queue = waiting.get(name) ?? [];
      queue.push(run);
      waiting.set(name, queue);
      options.signal?.addEventListener('abort', () => {
        const index = queue.indexOf(run);
        if (index >= 0) queue.splice(index, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  return { request } as unknown as LockManager;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('electLeader', () => {
  it('lets one tab lead per user and hands over when it leaves', async () => {
    const locks = fakeLocks();
    const log: string[] = [];
    const tab = (name: string) =>
      electLeader(
        7,
        () => {
          log.push(`${name} leads`);
          return () => void log.push(`${name} stops`);
        },
        locks,
      );
    const first = tab('first');
    const second = tab('second');
    await tick();
    expect(first.isLeader()).toBe(true);
    expect(second.isLeader()).toBe(false);
    await first.release();
    await tick();
    expect(log).toEqual(['first leads', 'first stops', 'second leads']);
    expect(second.isLeader()).toBe(true);
    await second.release();
  });

  it('stops waiting when a waiting tab leaves, and leads alone without Web Locks', async () => {
    const locks = fakeLocks();
    const leader = electLeader(8, () => () => undefined, locks);
    const waiter = electLeader(8, () => () => undefined, locks);
    await tick();
    await waiter.release();
    await leader.release();
    expect(waiter.isLeader()).toBe(false);
    const alone = electLeader(9, () => () => undefined, null);
    await tick();
    expect(alone.isLeader()).toBe(true);
    await alone.release();
    expect(leaderLockName(9)).toBe('get-sync-leader-u9');
  });
});
