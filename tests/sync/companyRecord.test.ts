import { describe, expect, it } from 'vitest';
import { engineFor, eventually, openLocalDb, useSyncBench } from '../helpers/syncHarness';
import type { SyncBench } from '../helpers/syncHarness';

let bench: SyncBench;
useSyncBench((started) => {
  bench = started;
});

/** Holds every change-feed request for a while, so only the record can arrive meanwhile. */
const holdFeed = () => bench.proxy.inject({ path: '/api/sync/' }, { kind: 'delay', ms: 3_000 }, 2);

describe('the company record', { timeout: 60_000 }, () => {
  it('is fetched ahead of the company’s pull when the device has none', async () => {
    const { b } = bench.world;
    const db = openLocalDb();
    const { engine } = engineFor(bench, db);
    holdFeed();
    await engine.start([b.id]);
    await eventually(async () => (await db.companies.get(b.id)) !== undefined, 3_000);
    expect(await db.companies.get(b.id)).toMatchObject({ id: b.id, name: b.name });
    expect((await db.syncState.get(b.id))?.cursor).toBeNull();
    expect(await db.locations.count()).toBe(0);
    await engine.stop();
    expect(bench.proxy.log.filter((entry) => entry.path === `/api/companies/${b.id}`)).toHaveLength(1);
  });

  it('marks a company the server does not show this user as unreachable, and a failed ask as a network error', async () => {
    const db = openLocalDb();
    const { engine } = engineFor(bench, db);
    holdFeed();
    await engine.start([999_999]);
    await eventually(async () => (await db.syncState.get(999_999))?.errorCode === 'unreachable', 3_000);
    expect(await db.companies.get(999_999)).toBeUndefined();

    const { a } = bench.world;
    bench.proxy.inject({ path: `/api/companies/${a.id}` }, { kind: 'refuse' });
    // Not awaited: it resolves when the company's (held) sync has run.
    const switched = engine.setCurrentCompanies([a.id]);
    await eventually(async () => (await db.syncState.get(a.id))?.errorCode === 'network', 3_000);
    await switched;
    await engine.stop();
  });

  it('asks no feed of a company whose record the server refused', async () => {
    const db = openLocalDb();
    const { engine } = engineFor(bench, db);
    bench.proxy.clear({ log: true });
    await engine.start([999_998]);
    await engine.syncNow(999_998);
    await engine.stop();
    expect((await db.syncState.get(999_998))?.errorCode).toBe('unreachable');
    const paths = bench.proxy.log.map((entry) => entry.path);
    expect(paths.some((path) => path.startsWith('/api/companies/999998'))).toBe(true);
    expect(paths.filter((path) => path.startsWith('/api/sync/999998'))).toEqual([]);
  });

  it('is not fetched again when the device has it', async () => {
    const { a } = bench.world;
    const db = openLocalDb();
    const { engine } = engineFor(bench, db);
    await engine.syncNow(a.id);
    bench.proxy.clear({ log: true });
    await engine.start([a.id]);
    await engine.syncNow(a.id);
    await engine.stop();
    expect(bench.proxy.log.filter((entry) => entry.path.startsWith('/api/companies/'))).toEqual([]);
  });
});
