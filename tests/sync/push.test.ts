import { describe, expect, it } from 'vitest';
import { setAccountNickname } from '../../src/db/mutations/accounts';
import {
  addServerAccount,
  companyCounter,
  engineFor,
  eventually,
  freshPull,
  localSnapshot,
  openLocalDb,
  putsSeen,
  serverAccount,
  syncedCompany,
  useSyncBench,
  storedKeys,
} from '../helpers/syncHarness';
import type { SyncBench } from '../helpers/syncHarness';
import { workerTokenRefresh } from '../../src/sync/workerTokens';

let bench: SyncBench;
useSyncBench((started) => {
  bench = started;
});

/** A database with company A pulled, and its engine. */
const syncedA = () => syncedCompany(bench, bench.world.a.id);

describe('push', { timeout: 30_000 }, () => {
  it('replays a write once, with its Idempotency-Key and If-Match, and shows it at once', async () => {
    const { a } = bench.world;
    const { db, engine } = await syncedA();
    const before = await companyCounter(bench, a.id);
    const account = await db.accounts.get(a.accountId);
    const entry = await setAccountNickname(db, a.accountId, '  Main meter ');
    expect((await db.accounts.get(a.accountId))?.nickname).toBe('Main meter');

    await engine.syncNow(a.id);
    await engine.stop();
    const meta = await db.meta.get('client');
    expect(bench.proxy.log.filter((logged) => logged.method === 'PUT')).toEqual([
      expect.objectContaining({
        idempotencyKey: `${meta?.clientId}:${entry.mutationId}`,
        ifMatch: String(account?.version),
        status: 200,
      }),
    ]);
    expect((await serverAccount(bench, a.accountId))?.nickname).toBe('Main meter');
    expect((await companyCounter(bench, a.id)) - before).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('sends again with the same key after the connection dropped mid-push', async () => {
    const { a } = bench.world;
    const { db, engine } = await syncedA();
    const before = await companyCounter(bench, a.id);
    await setAccountNickname(db, a.accountId, 'Dropped once');
    bench.proxy.inject({ method: 'PUT' }, { kind: 'refuse' });
    await engine.syncNow(a.id);
    expect((await db.outbox.toArray())[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.any(String),
    });
    await engine.syncNow(a.id);
    await engine.stop();
    const puts = putsSeen(bench);
    expect(puts).toHaveLength(2);
    expect(puts[0]?.[0]).toBe(puts[1]?.[0]);
    expect((await serverAccount(bench, a.accountId))?.nickname).toBe('Dropped once');
    expect((await companyCounter(bench, a.id)) - before).toBe(1);
  });

  it('applies a write once when its answer was lost after the server committed', async () => {
    const { a } = bench.world;
    const { db, engine } = await syncedA();
    const before = await companyCounter(bench, a.id);
    const keysBefore = (await storedKeys(bench)).length;
    await setAccountNickname(db, a.accountId, 'Lost answer');
    bench.proxy.inject({ method: 'PUT' }, { kind: 'lose-response' });
    await engine.syncNow(a.id);
    await engine.syncNow(a.id);
    await engine.stop();
    const puts = putsSeen(bench);
    // Both reached the server; the second got the stored answer of the first.
    expect(puts.map(([, status, fault]) => [status, fault])).toEqual([
      [200, 'lose-response'],
      [200, null],
    ]);
    expect(puts[0]?.[0]).toBe(puts[1]?.[0]);
    expect((await companyCounter(bench, a.id)) - before).toBe(1);
    expect((await storedKeys(bench)).length - keysBefore).toBe(1);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('sends a company’s writes in order, each exactly once, through faults', async () => {
    const { a } = bench.world;
    const second = await addServerAccount(bench, a.id, a.locationId, 'ORDER-2');
    const { db, engine } = await syncedA();
    const before = await companyCounter(bench, a.id);
    const entries = [
      await setAccountNickname(db, a.accountId, 'one'),
      await setAccountNickname(db, second, 'x'),
      await setAccountNickname(db, a.accountId, 'two'),
      await setAccountNickname(db, a.accountId, 'three'),
    ];
    bench.proxy.inject({ method: 'PUT' }, { kind: 'lose-response' });
    bench.proxy.inject({ method: 'PUT' }, { kind: 'status', status: 500 });
    bench.proxy.inject({ method: 'PUT' }, { kind: 'refuse' });
    for (let round = 0; round < 10 && (await db.outbox.count()) > 0; round += 1) await engine.syncNow(a.id);
    await engine.stop();

    expect(await db.outbox.count()).toBe(0);
    expect((await serverAccount(bench, a.accountId))?.nickname).toBe('three');
    expect((await serverAccount(bench, second))?.nickname).toBe('x');
    expect((await companyCounter(bench, a.id)) - before).toBe(4);
    const meta = await db.meta.get('client');
    const committed = putsSeen(bench)
      .filter(([, status]) => status === 200)
      .map(([key]) => key);
    expect([...new Set(committed)]).toEqual(entries.map((entry) => `${meta?.clientId}:${entry.mutationId}`));
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('refreshes the token once on a 401 during replay and resends the same key', async () => {
    const { a } = bench.world;
    const { db, engine, refreshCalls } = await syncedA();
    const before = await companyCounter(bench, a.id);
    await setAccountNickname(db, a.accountId, 'After refresh');
    bench.proxy.inject(
      { method: 'PUT' },
      { kind: 'status', status: 401, body: { error: { code: 'unauthorized', message: 'Token expired' } } },
    );
    await engine.syncNow(a.id);
    await engine.stop();
    expect(refreshCalls()).toBe(1);
    const puts = putsSeen(bench);
    expect(puts.map(([, status, fault]) => [status, fault])).toEqual([
      [null, 'status'],
      [200, null],
    ]);
    expect(puts[0]?.[0]).toBe(puts[1]?.[0]);
    expect((await companyCounter(bench, a.id)) - before).toBe(1);
  });

  it('pauses when the session cannot be refreshed and resumes with a new token', async () => {
    const { a } = bench.world;
    const db = openLocalDb();
    const { engine, events } = engineFor(bench, db, {
      getToken: () => 'expired-token',
      refreshToken: async () => null,
    });
    await engine.syncNow(a.id);
    expect(events).toContainEqual(expect.objectContaining({ type: 'paused', reason: 'auth' }));
    expect((await engine.status()).paused?.reason).toBe('auth');
    engine.setToken(bench.token);
    await eventually(() => events.some((event) => event.type === 'synced'));
    await engine.stop();
    expect(events).toContainEqual({ type: 'resumed' });
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('does not pause when a reload made offline has no token and the refresh cannot reach the server', async () => {
    const { a } = bench.world;
    const db = openLocalDb();
    let isNetworkBack = false;
    // The page's refresh while offline (src/sync/workerTokens.ts): it throws, where a lost session answers null.
    const refresh = workerTokenRefresh(
      async () => (isNetworkBack ? 'ok' : 'offline'),
      () => (isNetworkBack ? bench.token : null),
    );
    const { engine, events } = engineFor(bench, db, { getToken: () => null, refreshToken: refresh });
    await engine.syncNow(a.id);
    expect(events).toContainEqual(expect.objectContaining({ type: 'error', code: 'network' }));
    expect((await engine.status()).paused).toBeNull();
    isNetworkBack = true;
    engine.setOnline(true);
    await eventually(() => events.some((event) => event.type === 'synced'));
    await engine.stop();
    expect(events).not.toContainEqual(expect.objectContaining({ type: 'paused' }));
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });
});
