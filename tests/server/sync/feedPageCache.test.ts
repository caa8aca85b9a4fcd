// Full-pull pages built once and answered to every device that asks them (docs/architecture.md §4 "Cached pages"):
// the same page twice is the same bytes under one strong tag, a row changed since is still delivered, and no reader
// is ever answered a page cached for another who may read other rows (§5). Over HTTP, against the seeded demo.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills, gridSettings, locations } from '../../../server/src/db/schema';
import type { Db } from '../../../server/src/db/client';
import { runSyncedWrite } from '../../../server/src/sync/syncedWrite';
import { parseCursor } from '../../../server/src/sync/changeFeed';
import { FeedPageCache, SHARED_START_MS, limiter } from '../../../server/src/sync/feedPageCache';
import { COLUMN_FORM, unpackPage } from '../../../src/domain/feedColumns';
import type { ChangePage } from '../../../src/domain/syncProtocol';
import { DEMO_USERS } from '../../../server/src/seed/users';
import { createUser, tokenFor } from '../../helpers/fixtures';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoRole, DemoServer } from '../../helpers/demoServer';

let demo: DemoServer;
let companyId: number;
const CLIENT = DEMO_USERS.find((user) => user.email === 'client@northwind.demo');

beforeAll(async () => {
  demo = await startDemoServer();
  companyId = demo.companies.northwind;
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

interface Answer {
  status: number;
  tag: string | null;
  encoding: string | null;
  text: string;
}

/** One feed page as a device asks it (brotli accepted; fetch decodes it), with its raw text. */
async function ask(
  token: string,
  since: string | null,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const query = new URLSearchParams({ limit: '150', form: COLUMN_FORM });
  if (since !== null) query.set('since', since);
  const response = await fetch(`${demo.server.url}/api/sync/${companyId}/changes?${query.toString()}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip', ...headers },
  });
  return {
    status: response.status,
    tag: response.headers.get('etag'),
    encoding: response.headers.get('content-encoding'),
    text: await response.text(),
  };
}

function pageOf(answer: Answer): ChangePage {
  const page = unpackPage(JSON.parse(answer.text));
  if (!page) throw new Error(`not a column page: ${answer.text.slice(0, 200)}`);
  return page;
}

/** A whole full pull as one device makes it, page by page; the rows it ends with and the answers it got. */
async function pullAll(
  token: string,
): Promise<{ rows: Map<string, Record<string, unknown>>; answers: Answer[] }> {
  const rows = new Map<string, Record<string, unknown>>();
  const answers: Answer[] = [];
  let cursor: string | null = null;
  for (;;) {
    const answer = await ask(token, cursor);
    expect(answer.status).toBe(200);
    answers.push(answer);
    const page = pageOf(answer);
    for (const change of page.changes) {
      const key = `${change.entity}/${change.id}`;
      if (change.op === 'put' && change.row) rows.set(key, change.row);
      else rows.delete(key);
    }
    cursor = page.cursor;
    if (!page.hasMore) return { rows, answers };
  }
}

/** One write as the app makes them: in a transaction that bumps the company's version. */
async function write(apply: (tx: Db, version: number) => Promise<void>): Promise<void> {
  await runSyncedWrite(
    demo.server.db,
    { companyId, userId: CLIENT?.id ?? 0, idempotencyKey: undefined, method: 'PUT', path: '/t' },
    async (tx, version) => {
      await apply(tx, version);
      return { statusCode: 200, body: null };
    },
  );
}

/** Several whole pulls over HTTP each; a busy machine slows them. */
const PULLS_TIMEOUT_MS = 60_000;

describe('cached full-pull pages', { timeout: PULLS_TIMEOUT_MS }, () => {
  it('answers the same page twice as the same bytes, compressed, under one strong tag it revalidates', async () => {
    const token = demo.tokens.northwindClient;
    const first = await pullAll(token);
    const second = await pullAll(token);
    expect(second.answers.map((answer) => answer.text)).toEqual(first.answers.map((answer) => answer.text));
    // Every staged page carries a strong tag (RFC 9110 §8.8.3: no W/ prefix) and comes compressed.
    const staged = first.answers.slice(0, -1);
    expect(staged.length).toBeGreaterThan(2);
    for (const [index, answer] of staged.entries()) {
      expect(answer.tag).toMatch(/^"[\w-]+"$/);
      expect(answer.tag).toBe(second.answers[index]?.tag);
      if (answer.text.length >= 1024) expect(answer.encoding).toBe('br');
    }
    // Asked again with its tag, a page that has not changed answers 304 with no body.
    const cursor = pageOf(first.answers[0] as Answer).cursor;
    const bills = await ask(token, cursor);
    const revalidated = await ask(token, cursor, { 'if-none-match': bills.tag ?? '' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
  });

  it('gives a pull begun within a minute of another its start, and still ends with what was written since', async () => {
    const token = demo.tokens.northwindClient;
    const first = parseCursor(pageOf(await ask(token, null)).cursor);
    const [site] = await demo.rows<{ id: string }>(
      sql`select id from locations where company_id = ${companyId} order by id limit 1`,
    );
    if (!site) throw new Error('the demo has sites');
    await write(async (tx, version) => {
      await tx
        .update(locations)
        .set({ version, name: 'Renamed after the start' })
        .where(eq(locations.id, site.id));
    });
    const pulled = await pullAll(token);
    const second = parseCursor(pageOf(pulled.answers[0] as Answer).cursor);
    if (first?.stage !== 'rows' || second?.stage !== 'rows') throw new Error('a pull begins with rows');
    // The same start, so the same compressed bodies; the write comes with the changes after it.
    expect(second.start).toBe(first.start);
    expect(pulled.rows.get(`locations/${site.id}`)?.name).toBe('Renamed after the start');
  });

  it('gives a pull that began at another version its own start in the cursor, the page otherwise the same', async () => {
    const token = demo.tokens.northwindClient;
    const before = await ask(token, null);
    // A write that changes no row of the feed moves the company's version all the same; the tombstones no longer
    // reaching back to the start of the pull before (as after pruning), the next pull cannot share it.
    await write(async () => undefined);
    await demo.rows(
      sql`update company_sync set min_valid_version = version where company_id = ${companyId} returning 1`,
    );
    const after = await ask(token, null);
    const [earlier, later] = [pageOf(before), pageOf(after)];
    const [startBefore, startAfter] = [parseCursor(earlier.cursor), parseCursor(later.cursor)];
    if (startBefore?.stage !== 'rows' || startAfter?.stage !== 'rows')
      throw new Error('a pull begins with rows');
    expect(startAfter.start).toBeGreaterThan(startBefore.start);
    expect(later.changes).toEqual(earlier.changes);
    expect(after.tag).not.toBe(before.tag);
  });

  it('delivers a row changed after its page was cached: the page is built again, the pull ends as the database is', async () => {
    const token = demo.tokens.northwindClient;
    const cached = await pullAll(token);
    // A bill of the first bills page and a site of the first page change after both pages were cached.
    const billsPage = cached.answers
      .map(pageOf)
      .find((page) => page.changes.some((c) => c.entity === 'bills'));
    const bill = billsPage?.changes.find((change) => change.entity === 'bills');
    const site = pageOf(cached.answers[0] as Answer).changes.find((change) => change.entity === 'locations');
    if (!bill || !site) throw new Error('the demo has bills and sites');
    await write(async (tx, version) => {
      await tx.update(bills).set({ version, status: 'Disputed' }).where(eq(bills.id, bill.id));
      await tx
        .update(locations)
        .set({ version, name: 'Renamed after the cut' })
        .where(eq(locations.id, site.id));
    });
    const again = await pullAll(token);
    expect(again.rows.get(`bills/${bill.id}`)?.status).toBe('Disputed');
    expect(again.rows.get(`locations/${site.id}`)?.name).toBe('Renamed after the cut');
    // The pull ends holding what the database holds, row for row, for the entities it cached pages of.
    const [count] = await demo.rows<{ n: number }>(
      sql`select count(*)::int as n from bills where company_id = ${companyId}`,
    );
    expect([...again.rows.keys()].filter((key) => key.startsWith('bills/'))).toHaveLength(count?.n ?? -1);
  });

  it('keeps the pages a write leaves alone: after a bill changes, an earlier page of the pull still revalidates', async () => {
    const token = demo.tokens.northwindClient;
    const cursor = pageOf(await ask(token, null)).cursor;
    expect(parseCursor(cursor)?.stage).toBe('rows');
    const page = await ask(token, cursor);
    const [bill] = await demo.rows<{ id: string }>(
      sql`select id from bills where company_id = ${companyId} order by id limit 1`,
    );
    if (!bill) throw new Error('the demo has bills');
    // The bill is sent in the bills stage, after this page: the page's rows are as they were.
    await write(async (tx, version) => {
      await tx.update(bills).set({ version, status: 'Disputed' }).where(eq(bills.id, bill.id));
    });
    const again = await ask(token, cursor, { 'if-none-match': page.tag ?? '' });
    expect(again.status).toBe(304);
  });

  it('never answers a page cached for one reader to another who may read other rows', async () => {
    // Per user: two clients of one company, each with grid settings of their own.
    const other = await createUser(demo.server.db, { companyId, roles: ['Client'] });
    const otherToken = await tokenFor(demo.server.config, { id: other.id, companyId, roles: ['Client'] });
    await write(async (tx, version) => {
      await tx.insert(gridSettings).values([
        { companyId, version, userId: CLIENT?.id ?? 0, gridName: 'bills', gridSettings: 'mine' },
        { companyId, version, userId: other.id, gridName: 'bills', gridSettings: 'theirs' },
      ]);
    });
    const gridOf = (rows: Map<string, Record<string, unknown>>) =>
      [...rows].filter(([key]) => key.startsWith('gridSettings/')).map(([, row]) => row);
    const mine = gridOf((await pullAll(demo.tokens.northwindClient)).rows);
    const theirs = gridOf((await pullAll(otherToken)).rows);
    expect(mine.map((row) => row.userId)).toEqual(mine.map(() => CLIENT?.id));
    expect(theirs.map((row) => row.gridSettings)).toEqual(['theirs']);

    // Per role: a consultant's pull, with the documents kept for the consultancy, cached before a client's.
    const documentsOf = async (role: DemoRole) =>
      [...(await pullAll(demo.tokens[role])).rows]
        .filter(([key]) => key.startsWith('companyDocuments/'))
        .map(([, row]) => row.isConsultant);
    const consultant = await documentsOf('superConsultant');
    expect(consultant).toContain(true);
    const client = await documentsOf('northwindClient');
    expect(client.length).toBeGreaterThan(0);
    expect(client).not.toContain(true);
  });
});

describe('the start of a full pull', () => {
  it('is the last one given to the company within a minute, unless its tombstones no longer reach it', () => {
    const cache = new FeedPageCache(1024);
    const at = 1_000_000;
    expect(cache.pullStart(7, 100, 0, at)).toBe(100);
    expect(cache.pullStart(7, 104, 0, at + 30_000)).toBe(100);
    // Another company has its own.
    expect(cache.pullStart(8, 50, 0, at + 30_000)).toBe(50);
    // Pruned tombstones: changes after 100 can no longer all be served.
    expect(cache.pullStart(7, 104, 101, at + 30_000)).toBe(104);
    expect(cache.pullStart(7, 110, 0, at + 30_000 + SHARED_START_MS)).toBe(110);
  });
});

describe('a cached page at the company’s version', () => {
  const page = { cursor: '0@0r', hasMore: true, changes: [] };

  it('is answered without a probe while the version stays, and probed again once a write moves it', async () => {
    const cache = new FeedPageCache(1024 * 1024);
    let builds = 0;
    const build = () => {
      builds += 1;
      return Promise.resolve(page);
    };
    await cache.page('k', '"a"', 5, build);
    expect(cache.current('k', 5)?.tag).toBe('"a"');
    // A write moved the company to 6: the page may have changed, so only a probe's tag can say it did not.
    expect(cache.current('k', 6)).toBeUndefined();
    await cache.page('k', '"a"', 6, build);
    expect(builds).toBe(1);
    expect(cache.current('k', 6)?.tag).toBe('"a"');
    // An answer probed at the older version does not vouch for the newer one again.
    await cache.page('k', '"a"', 5, build);
    expect(cache.current('k', 6)?.tag).toBe('"a"');
    // The probe at 7 found other rows: the page is built again, and current at 7 alone.
    await cache.page('k', '"b"', 7, build);
    expect(builds).toBe(2);
    expect(cache.current('k', 7)?.tag).toBe('"b"');
    expect(cache.current('k', 6)).toBeUndefined();
  });

  it('is remembered by its tag alone when another process of the machine built it, while the version stays', () => {
    const cache = new FeedPageCache(1024 * 1024);
    cache.noteTag('k', '"a"', 5);
    expect(cache.notedTag('k', 5)).toBe('"a"');
    expect(cache.notedTag('k', 6)).toBeUndefined();
    // Not held here: asked for its body, this process builds it (or asks the machine's store again).
    expect(cache.holds('k', '"a"')).toBe(false);
    expect(cache.current('k', 5)).toBeUndefined();
  });

  it('builds pages one at a time through its limiter, the others in the order they came, a failure freeing the slot', async () => {
    const oneAtATime = limiter(1);
    const events: string[] = [];
    let running = 0;
    let most = 0;
    const build = (name: string, fails = false) =>
      oneAtATime(name, async () => {
        running += 1;
        most = Math.max(most, running);
        events.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        events.push(`end ${name}`);
        if (fails) throw new Error(`${name} failed`);
        return name;
      });
    const results = await Promise.allSettled([build('a'), build('b', true), build('c'), build('d')]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(most).toBe(1);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c', 'start d', 'end d']);
    // Two at once when the limit is two.
    const twoAtATime = limiter(2);
    let together = 0;
    let mostTogether = 0;
    await Promise.all(
      ['1', '2', '3'].map((name) =>
        twoAtATime(name, async () => {
          together += 1;
          mostTogether = Math.max(mostTogether, together);
          await new Promise((resolve) => setTimeout(resolve, 5));
          together -= 1;
        }),
      ),
    );
    expect(mostTogether).toBe(2);
  });

  it('lets a call whose key is queued already wait for that call, then run without a turn of its own', async () => {
    const oneAtATime = limiter(1);
    const events: string[] = [];
    const call = (key: string, name: string, fails = false) =>
      oneAtATime(key, async () => {
        events.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        events.push(`end ${name}`);
        if (fails) throw new Error(`${name} failed`);
        return name;
      });
    // b2 asks page b while b waits behind a: it runs right after b, not after c, which took its turn before it.
    const results = await Promise.allSettled([
      call('a', 'a'),
      call('b', 'b'),
      call('c', 'c'),
      call('b', 'b2'),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(events.slice(0, 4)).toEqual(['start a', 'end a', 'start b', 'end b']);
    expect(events.indexOf('start b2')).toBeLessThan(events.indexOf('end c'));
    // A failed call does not fail the one waiting on its key: that one does its own work.
    events.length = 0;
    const [failed, follower] = await Promise.allSettled([call('d', 'd', true), call('d', 'd2')]);
    expect(failed.status).toBe('rejected');
    expect(follower).toEqual({ status: 'fulfilled', value: 'd2' });
    expect(events).toEqual(['start d', 'end d', 'start d2', 'end d2']);
  });
});
