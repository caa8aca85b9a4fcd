// First: Dexie reads the global indexedDB when it loads, and live queries (the outbox watcher) need one.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { DBCore, DBCoreTable } from 'dexie';
import { describe, expect, it } from 'vitest';
import { setAccountNickname } from '../../src/db/mutations/accounts';
import { saveGridSettings } from '../../src/db/mutations/gridSettings';
import {
  companyCounter,
  engineFor,
  eventually,
  freshPull,
  localSnapshot,
  openLocalDb,
  reopenLocalDb,
  serverAccount,
  useSyncBench,
} from '../helpers/syncHarness';
import type { SyncBench } from '../helpers/syncHarness';

let bench: SyncBench;
useSyncBench((started) => {
  bench = started;
});

describe('resilience', { timeout: 30_000 }, () => {
  it('loses nothing across a restarted engine, even a write that was on its way', async () => {
    const { a } = bench.world;
    const factory = new IDBFactory();
    const db = openLocalDb(factory);
    const first = engineFor(bench, db, { backoff: { baseMs: 60_000, maxMs: 60_000 } });
    await first.engine.syncNow(a.id);
    const before = await companyCounter(bench, a.id);
    await setAccountNickname(db, a.accountId, 'r1');
    await setAccountNickname(db, a.accountId, 'r2');
    const last = await setAccountNickname(db, a.accountId, 'r3');
    // The first write commits but its answer is lost; then the network is gone.
    bench.proxy.inject({ method: 'PUT' }, { kind: 'lose-response' });
    bench.proxy.inject({ path: '/api/' }, { kind: 'refuse' }, 1000);
    await first.engine.syncNow(a.id);
    await first.engine.stop();
    // The tab died mid-send of the last entry.
    await db.outbox.update(last.seq, { status: 'sending' });
    db.close();

    bench.proxy.clear();
    const reopened = reopenLocalDb(db, factory);
    expect(await reopened.outbox.count()).toBe(3);
    const second = engineFor(bench, reopened);
    await second.engine.start([a.id]);
    await second.engine.syncNow(a.id);
    await second.engine.stop();
    expect(await reopened.outbox.count()).toBe(0);
    expect((await serverAccount(bench, a.accountId))?.nickname).toBe('r3');
    expect((await companyCounter(bench, a.id)) - before).toBe(3);
    expect(await localSnapshot(reopened, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('adopts the server’s id for a row created offline', async () => {
    const { a, users } = bench.world;
    const db = openLocalDb();
    const { engine } = engineFor(bench, db);
    await engine.syncNow(a.id);
    const entry = await saveGridSettings(db, {
      companyId: a.id,
      userId: users.superConsultant.id,
      gridName: 'accounts',
      gridSettings: 'number,nickname',
    });
    expect(await db.gridSettings.get(String(entry.effects[0]?.entityId))).toMatchObject({
      gridSettings: 'number,nickname',
      version: 0,
    });
    await saveGridSettings(db, {
      companyId: a.id,
      userId: users.superConsultant.id,
      gridName: 'accounts',
      gridSettings: 'number',
    });
    await engine.syncNow(a.id);
    await engine.stop();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.gridSettings.get(String(entry.effects[0]?.entityId))).toBeUndefined();
    const rows = await db.gridSettings.where('companyId').equals(a.id).toArray();
    expect(rows).toEqual([expect.objectContaining({ gridName: 'accounts', gridSettings: 'number' })]);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('pauses on a full device with a clear message, keeps everything and resumes', async () => {
    const { b } = bench.world;
    const db = openLocalDb();
    let isFull = true;
    const quotaError = () =>
      Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    db.use({
      stack: 'dbcore',
      name: 'full-disk',
      create: (down: DBCore): Partial<DBCore> => ({
        ...down,
        table: (name: string): DBCoreTable => {
          const table = down.table(name);
          return {
            ...table,
            mutate: (request) =>
              isFull && name === 'locations' ? Promise.reject(quotaError()) : table.mutate(request),
          };
        },
      }),
    });
    const { engine, events } = engineFor(bench, db, { pageSize: 1000 });
    await engine.syncNow(b.id);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'paused',
        reason: 'quota',
        message: expect.stringContaining('no storage space'),
      }),
    );
    expect(await db.syncState.get(b.id)).toMatchObject({ cursor: null, status: 'paused' });
    expect(await db.accounts.count()).toBe(0);
    // While paused, automatic triggers do nothing.
    engine.notifyFocus();
    engine.setOnline(true);
    expect((await engine.status()).paused?.reason).toBe('quota');

    isFull = false;
    await engine.syncNow(b.id);
    await engine.stop();
    expect(events).toContainEqual({ type: 'resumed' });
    expect(await localSnapshot(db, b.id)).toEqual(await freshPull(bench, b.id));
  });

  it('preloads companies for offline use, reports them and evicts one', async () => {
    const { a, b, child } = bench.world;
    const db = openLocalDb();
    const { engine } = engineFor(bench, db);
    await engine.start([a.id]);
    await engine.preload([b.id, child.id]);
    const status = await engine.status();
    expect(
      status.companies.map((company) => [
        company.companyId,
        company.isCurrent,
        company.isOffline,
        company.status,
      ]),
    ).toEqual([
      [a.id, true, false, 'idle'],
      [b.id, false, true, 'idle'],
      [child.id, false, true, 'idle'],
    ]);
    expect(status.companies.every((company) => company.rows > 0 && company.lastSyncAt !== null)).toBe(true);
    expect(await localSnapshot(db, b.id)).toEqual(await freshPull(bench, b.id));

    await setAccountNickname(db, child.accountId, 'queued');
    bench.proxy.inject({ method: 'PUT' }, { kind: 'refuse' }, 1000);
    await engine.syncNow(child.id);
    expect(await engine.evict(child.id)).toEqual({ evicted: false, pendingWrites: 1, isCurrent: false });
    expect(await engine.evict(a.id)).toEqual({ evicted: false, pendingWrites: 0, isCurrent: true });
    expect(await engine.evict(b.id)).toEqual({ evicted: true, pendingWrites: 0, isCurrent: false });
    await engine.stop();
    expect(await db.accounts.where('companyId').equals(b.id).count()).toBe(0);
    expect(await db.companies.get(b.id)).toBeUndefined();
    expect(await db.syncState.get(b.id)).toBeUndefined();
    expect(await db.accounts.get(child.accountId)).toMatchObject({ nickname: 'queued' });
  });

  it('sends writes queued in any tab as they appear, also for a company the user left', async () => {
    const { a, b } = bench.world;
    const db = openLocalDb();
    const { engine } = engineFor(bench, db, { watchOutbox: true });
    await engine.start([b.id]);
    await engine.syncNow(b.id);
    await setAccountNickname(db, b.accountId, 'watched');
    await eventually(async () => (await serverAccount(bench, b.accountId))?.nickname === 'watched');
    await eventually(async () => (await db.outbox.count()) === 0);

    // The consultant moves on to A; a write left for B still goes out, without pulling B any more.
    await setAccountNickname(db, b.accountId, 'left behind');
    await engine.setCurrentCompanies([a.id]);
    await eventually(async () => (await serverAccount(bench, b.accountId))?.nickname === 'left behind');
    await engine.stop();
    expect((await engine.status()).companies.map((company) => company.companyId)).toEqual([a.id]);
  });
});
