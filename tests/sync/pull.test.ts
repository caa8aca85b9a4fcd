import { describe, expect, it } from 'vitest';
import { pruneTombstones } from '../../server/src/sync/changeFeed';
import { FEED_PENDING_BILLS_HEADER, PENDING_DETAILS } from '../../src/domain/syncProtocol';
import { billsOfLocation } from '../../src/db/queries/bills';
import {
  addServerLocation,
  deleteServerTag,
  engineFor,
  eventually,
  freshPull,
  localSnapshot,
  moveServerLocation,
  openLocalDb,
  useSyncBench,
} from '../helpers/syncHarness';
import type { SyncBench } from '../helpers/syncHarness';

let bench: SyncBench;
useSyncBench((started) => {
  bench = started;
});

describe('pull', { timeout: 30_000 }, () => {
  it('pulls a company page by page, with its cursor, and reports progress', async () => {
    const { a } = bench.world;
    const db = openLocalDb();
    const { engine, events } = engineFor(bench, db);
    await engine.syncNow(a.id);
    await engine.stop();

    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
    const bills = await billsOfLocation(db, a.locationId);
    expect(bills.map((bill) => bill.billMonth)).toEqual([
      '2025-01',
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
    ]);
    expect(bills[0]?.services).toEqual([expect.objectContaining({ serviceType: 'electric', charges: 100 })]);
    const progress = events.filter((event) => event.type === 'progress');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toMatchObject({ companyId: a.id, isFullPull: true, etaMs: 0 });
    // Sites and accounts first, then the bills the latest month first (three per page at this page size: May, then
    // two of the eleven months before it), each page saying which months are still coming (the device keeps it with
    // the page), then the bills' lines and alerts, then what was written since it began.
    const pending = progress.map((event) => (event.type === 'progress' ? event.pendingBills : undefined));
    expect(pending[0]).toBe('all');
    expect(pending.filter((value) => value !== 'all')).toEqual(['2025-04', PENDING_DETAILS, null, null]);
    const state = await db.syncState.get(a.id);
    // A finished pull continues from a plain version (with the audience of the viewer's restricted entities).
    expect(state?.cursor).toMatch(/^[0-9]+(~[A-Za-z.]+)?$/);
    expect(state).toMatchObject({ status: 'idle', error: null, pendingBills: null });
    expect(state?.rowCounts).toMatchObject({ companies: 1, accounts: 1, bills: 5, tags: 2 });
    expect(events).toContainEqual(expect.objectContaining({ type: 'synced', companyId: a.id }));
  });

  it('asks the next page as soon as a page’s headers name its cursor, but not beside the first figures’ pages, three pages ahead at most', async () => {
    const { a } = bench.world;
    const db = openLocalDb();
    // Each feed request in order: when it was asked, when its body had been read, and the bills still coming after it.
    const log: { asked: number; read?: number; pending?: string | null }[] = [];
    let clock = 0;
    // One row a page: enough bills pages after the first one (the first figures' pages are asked one by one).
    const { engine } = engineFor(bench, db, {
      pageSize: 1,
      fetch: async (input, init) => {
        const entry: { asked: number; read?: number; pending?: string | null } = { asked: (clock += 1) };
        const response = await fetch(input, init);
        const url = input instanceof Request ? input.url : input.toString();
        if (!url.includes('/changes')) return response;
        entry.pending = response.headers.get(FEED_PENDING_BILLS_HEADER);
        log.push(entry);
        const text = response.text.bind(response);
        // A body that takes a while to download, as on a slow link.
        response.text = async () => {
          const body = await text();
          await new Promise((resolve) => setTimeout(resolve, 20));
          entry.read = clock += 1;
          return body;
        };
        return response;
      },
    });
    await engine.syncNow(a.id);
    await engine.stop();
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
    expect(log.length).toBeGreaterThan(3);
    // Page k+1 was asked before page k's body was read; never more than three asked and unread at once.
    const overlapped = log.slice(1).filter((entry, k) => entry.asked < (log[k]?.read ?? 0));
    expect(overlapped.length).toBeGreaterThan(0);
    // The pull's first page (the sites and accounts stage) and its first bills page download alone; the sites and
    // accounts stage's later pages are asked ahead.
    expect(log[1]?.asked).toBeGreaterThan(log[0]?.read ?? Infinity);
    const firstBills = log.findIndex((entry) => entry.pending !== 'all');
    expect(log[firstBills - 1]?.pending).toBe('all');
    expect(log[firstBills + 1]?.asked).toBeGreaterThan(log[firstBills]?.read ?? Infinity);
    const firstStage = log.slice(1, firstBills + 1);
    expect(firstStage.some((entry, k) => entry.asked < (log[k]?.read ?? 0))).toBe(true);
    for (const entry of log) {
      const unread = log.filter(
        (other) => other.asked <= entry.asked && (other.read ?? Infinity) > entry.asked,
      );
      expect(unread.length).toBeLessThanOrEqual(3);
    }
  });

  it('asks a page ahead as the link frees less the round trip, once the link has been timed, not at the headers', async () => {
    const { a } = bench.world;
    const db = openLocalDb();
    // A slow link: every feed body takes BODY_MS from its headers to its last byte, one after the other.
    const BODY_MS = 400;
    const log: { asked: number; headers?: number; read?: number; pending?: string | null }[] = [];
    const { engine } = engineFor(bench, db, {
      pageSize: 1,
      fetch: async (input, init) => {
        const url = input instanceof Request ? input.url : input.toString();
        if (!url.includes('/changes')) return fetch(input, init);
        const entry: (typeof log)[number] = { asked: performance.now() };
        log.push(entry);
        const response = await fetch(input, init);
        const body = await response.text();
        // The size a slow link would carry in BODY_MS (its rate: 100 bytes a millisecond).
        const headers = new Headers(response.headers);
        headers.set('content-length', String(BODY_MS * 100));
        const slow = new Response(body, { status: response.status, headers });
        slow.text = async () => {
          await new Promise((resolve) => setTimeout(resolve, BODY_MS));
          entry.read = performance.now();
          return body;
        };
        entry.headers = performance.now();
        entry.pending = response.headers.get(FEED_PENDING_BILLS_HEADER);
        return slow;
      },
    });
    await engine.syncNow(a.id);
    await engine.stop();
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
    // After the first figures' pages (the link timed by them), a page is asked well after the headers of the page
    // before it, whose body still had BODY_MS to go: at the headers, both bodies would share the link.
    const firstBills = log.findIndex((entry) => entry.pending !== 'all');
    const paced = log.slice(firstBills + 2);
    expect(paced.length).toBeGreaterThan(1);
    for (const [k, entry] of paced.entries()) {
      const before = log[firstBills + 1 + k];
      expect(entry.asked - (before?.headers ?? Infinity)).toBeGreaterThan(BODY_MS / 2);
    }
  });

  it('resumes from the last applied page after a connection dropped mid-page', async () => {
    const { a } = bench.world;
    const db = openLocalDb();
    const { engine, events } = engineFor(bench, db, { backoff: { baseMs: 60_000, maxMs: 60_000 } });
    bench.proxy.inject(
      { path: `/api/sync/${a.id}/changes?limit=3&since=` },
      { kind: 'cut-response', fraction: 0.5 },
    );
    await engine.syncNow(a.id);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'error', code: 'network', companyId: a.id }),
    );
    const cursorAfterFailure = (await db.syncState.get(a.id))?.cursor;
    // A full pull in progress resumes from its page cursor, which names the version it started at.
    expect(cursorAfterFailure).toMatch(/^([0-9]+@[0-9]+r|b\S*@[0-9]+)(~[A-Za-z.]+)?$/);

    await engine.syncNow(a.id);
    await engine.stop();
    const pulls = bench.proxy.log.filter((entry) => entry.path.startsWith(`/api/sync/${a.id}`));
    // First page, the cut second page (the third, asked from its headers, abandoned with it), then the resumed request
    // from the stored cursor.
    expect(pulls[0]?.path).not.toContain('since=');
    expect(pulls[1]?.fault).toBe('cut-response');
    const resumed = pulls
      .slice(2)
      .filter((entry) => entry.path.includes(`since=${encodeURIComponent(cursorAfterFailure ?? '')}`));
    expect(resumed).toHaveLength(1);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('retries 5xx answers by itself with backoff and jitter', async () => {
    const { b } = bench.world;
    const db = openLocalDb();
    const { engine, events } = engineFor(bench, db);
    bench.proxy.inject({ path: `/api/sync/${b.id}/` }, { kind: 'status', status: 503 }, 2);
    await engine.start([b.id]);
    await eventually(() => events.some((event) => event.type === 'synced' && event.companyId === b.id));
    await engine.stop();
    const retries = events.filter((event) => event.type === 'error');
    expect(retries).toHaveLength(2);
    expect(
      retries.every((event) => event.type === 'error' && event.code === 'server' && event.retryInMs !== null),
    ).toBe(true);
    expect(await localSnapshot(db, b.id)).toEqual(await freshPull(bench, b.id));
  });

  it('applies server deletes (tombstones)', async () => {
    const { b } = bench.world;
    const db = openLocalDb();
    const { engine } = engineFor(bench, db);
    await engine.syncNow(b.id);
    expect(await db.tags.get(b.tagIds[1])).toBeDefined();
    await deleteServerTag(bench, b.id, b.tagIds[1]);
    await engine.syncNow(b.id);
    await engine.stop();
    expect(await db.tags.get(b.tagIds[1])).toBeUndefined();
    expect(await localSnapshot(db, b.id)).toEqual(await freshPull(bench, b.id));
  });

  it('keeps a row that moved between companies, whichever company syncs first', async () => {
    const { a, child } = bench.world;
    for (const order of [
      [a.id, child.id],
      [child.id, a.id],
    ]) {
      const db = openLocalDb();
      const { engine } = engineFor(bench, db);
      await engine.syncNow(a.id);
      await engine.syncNow(child.id);
      const locationId = await addServerLocation(bench, a.id, `Mover ${order.join('-')}`);
      await engine.syncNow(a.id);
      expect((await db.locations.get(locationId))?.companyId).toBe(a.id);
      await moveServerLocation(bench, locationId, a.id, child.id);
      for (const companyId of order) await engine.syncNow(companyId);
      await engine.stop();
      expect((await db.locations.get(locationId))?.companyId).toBe(child.id);
      expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
      expect(await localSnapshot(db, child.id)).toEqual(await freshPull(bench, child.id));
    }
  });

  it('clears the company and pulls afresh when its cursor is past retention (410)', async () => {
    const { child } = bench.world;
    const db = openLocalDb();
    // One page per pull: the server's snapshot continuation cursors fall below the pruned version and
    // would answer 410 again (a limit of the server's staged snapshot cursors).
    const { engine, events } = engineFor(bench, db, { pageSize: 1000 });
    await engine.syncNow(child.id);
    // A stale local row the server no longer has, and a delete the client will never see as a tombstone.
    await db.tags.put({
      id: 'stale-tag',
      companyId: child.id,
      version: 1,
      updatedAt: '2020-01-01T00:00:00Z',
      text: 'stale',
      isActive: true,
    });
    await deleteServerTag(bench, child.id, child.tagIds[1]);
    await pruneTombstones(bench.server.db, 0);
    await engine.syncNow(child.id);
    await engine.stop();
    expect(events).toContainEqual({ type: 'reset', companyId: child.id });
    expect(await db.tags.get('stale-tag')).toBeUndefined();
    expect(await db.tags.get(child.tagIds[1])).toBeUndefined();
    expect(await localSnapshot(db, child.id)).toEqual(await freshPull(bench, child.id));
  });
});
