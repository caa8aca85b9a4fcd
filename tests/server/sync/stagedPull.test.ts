// A first pull in stages (docs/architecture.md §4): everything but bills and their details in version order, then
// bills newest month first, then their lines and the alerts, then the changes since the pull began. Read over the demo
// company, as its client reads it.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, billLines, bills, locations } from '../../../server/src/db/schema';
import { parseCursor, readChanges } from '../../../server/src/sync/changeFeed';
import { runSyncedWrite } from '../../../server/src/sync/syncedWrite';
import { writeTombstone } from '../../../server/src/sync/versioning';
import { parseRoles } from '../../../src/domain/roles';
import { COLUMN_FORM, unpackPage } from '../../../src/domain/feedColumns';
import { PENDING_DETAILS } from '../../../src/domain/syncProtocol';
import { addMonths } from '../../../src/domain/totals';
import type { ChangePage } from '../../../src/domain/syncProtocol';
import { DEMO_USERS } from '../../../server/src/seed/users';
import { startDemoServer } from '../../helpers/demoServer';
import { feedReader } from '../../helpers/feedCursor';
import type { DemoServer } from '../../helpers/demoServer';

const CLIENT = DEMO_USERS.find((user) => user.email === 'client@northwind.demo');
if (!CLIENT) throw new Error('no demo client');
const ROLES = parseRoles([...CLIENT.roles]);

let demo: DemoServer;
let companyId: number;

beforeAll(async () => {
  demo = await startDemoServer();
  companyId = demo.companies.northwind;
});

afterAll(async () => {
  await demo.server.close();
});

async function read(since: string | null, limit: number): Promise<ChangePage> {
  return readChanges(demo.server.db, {
    reader: await feedReader(demo.server.db, companyId, ROLES),
    userId: CLIENT?.id ?? 0,
    since: since === null ? null : parseCursor(since),
    limit,
  });
}

/** Pulls to the end like the worker, applying each page to a map; `between` runs after each page. */
async function pull(limit: number, between?: (page: ChangePage, index: number) => Promise<void>) {
  const local = new Map<string, Record<string, unknown>>();
  const pages: ChangePage[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await read(cursor, limit);
    pages.push(page);
    for (const change of page.changes) {
      const key = `${change.entity}/${change.id}`;
      if (change.op === 'put' && change.row) local.set(key, change.row);
      else local.delete(key);
    }
    if (between) await between(page, pages.length - 1);
    cursor = page.cursor;
    if (!page.hasMore) return { local, pages, cursor };
  }
}

async function serverBills(): Promise<Map<string, string>> {
  const rows = await demo.server.db
    .select({ id: bills.id, version: bills.version })
    .from(bills)
    .where(eq(bills.companyId, companyId));
  return new Map(rows.map((row) => [row.id, String(row.version)]));
}

function localOf(local: Map<string, Record<string, unknown>>, entity: string): Map<string, string> {
  return new Map(
    [...local]
      .filter(([key]) => key.startsWith(`${entity}/`))
      .map(([key, row]) => [key.slice(entity.length + 1), String(row.version)]),
  );
}

describe('a staged first pull', { timeout: 30_000 }, () => {
  it('sends every other row before any bill, then bills the latest month first, then their lines and the alerts', async () => {
    const { local, pages, cursor } = await pull(60);
    const entities = pages.flatMap((page) => page.changes.map((change) => change.entity));
    const firstBill = entities.indexOf('bills');
    const lastBill = entities.lastIndexOf('bills');
    expect(firstBill).toBeGreaterThan(0);
    expect(entities.slice(0, firstBill)).toEqual(
      expect.arrayContaining(['companies', 'locations', 'accounts']),
    );
    const details = ['billLines', 'alerts', 'alertNotes'];
    expect(entities.slice(0, firstBill).some((entity) => details.includes(entity))).toBe(false);
    // Nothing but bills from the first bill to the last, then nothing but their details (no changes since the start).
    expect(entities.slice(firstBill, lastBill + 1).every((entity) => entity === 'bills')).toBe(true);
    expect(entities.slice(lastBill + 1).every((entity) => details.includes(entity))).toBe(true);
    expect(new Set(entities.slice(lastBill + 1))).toEqual(new Set(details));

    // Bills come the latest month first, then the eleven before it, then every older month; within each window one
    // account's bills side by side (BILL_WINDOWS).
    const sent = pages.flatMap((page) =>
      page.changes
        .filter((change) => change.entity === 'bills')
        .map((change) => ({ month: String(change.row?.billMonth), account: String(change.row?.accountId) })),
    );
    const latest = sent.map((bill) => bill.month).reduce((a, b) => (a > b ? a : b));
    const windowOf = (month: string) => (month === latest ? 0 : month >= addMonths(latest, -11) ? 1 : 2);
    const windows = sent.map((bill) => windowOf(bill.month));
    expect(windows).toEqual([...windows].sort());
    expect(new Set(windows)).toEqual(new Set([0, 1, 2]));
    for (const window of [0, 1, 2]) {
      const accounts = sent.filter((bill) => windowOf(bill.month) === window).map((bill) => bill.account);
      const runs = accounts.filter((account, i) => account !== accounts[i - 1]);
      expect(runs.length, `window ${window}: each account once`).toBe(new Set(accounts).size);
    }

    // What is still coming: all bills during the first stage, then the month before the latest and earlier, then the
    // 13th month back and earlier, then the details, then nothing.
    const pending = pages.map((page) => page.pendingBills ?? null);
    expect(pending[0]).toBe('all');
    const monthsPending = pending.filter(
      (value): value is string => value !== null && /^\d{4}-\d{2}$/.test(value),
    );
    // (A page that ends past the latest month's bills already says the month before; whether a page ends within
    // them depends on how many bills the latest month has.)
    const windowsPending = [latest, addMonths(latest, -1), addMonths(latest, -12)];
    expect(monthsPending.every((month) => windowsPending.includes(month))).toBe(true);
    expect(new Set(monthsPending.filter((month) => month < latest))).toEqual(
      new Set(windowsPending.slice(1)),
    );
    expect(monthsPending).toEqual([...monthsPending].sort().reverse());
    const detailPages = pending.filter((value) => value === PENDING_DETAILS).length;
    expect(detailPages).toBeGreaterThan(1);
    expect(
      pending.slice(pending.indexOf(PENDING_DETAILS), pending.indexOf(PENDING_DETAILS) + detailPages),
    ).toEqual(Array(detailPages).fill(PENDING_DETAILS));
    expect(pending.at(-1)).toBeNull();

    expect(localOf(local, 'bills')).toEqual(await serverBills());
    expect(localOf(local, 'billLines').size).toBe(
      (
        await demo.server.db
          .select({ id: billLines.id })
          .from(billLines)
          .where(eq(billLines.companyId, companyId))
      ).length,
    );
    // It ends as incremental sync from where it began.
    expect(parseCursor(cursor)?.stage).toBe('incremental');
    const after = await read(cursor, 400);
    expect(after).toMatchObject({ changes: [], hasMore: false });
  });

  it('brings what was written during the pull: a bill of a month already sent, a site, a deleted bill', async () => {
    const [site] = await demo.server.db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.companyId, companyId))
      .limit(1);
    let changedBill = '';
    let deletedBill = '';
    const write = (effect: Parameters<typeof runSyncedWrite>[2]) =>
      runSyncedWrite(
        demo.server.db,
        { companyId, userId: CLIENT?.id ?? 0, idempotencyKey: undefined, method: 'POST', path: '/test' },
        effect,
      );
    const { local } = await pull(400, async (page) => {
      const alerted = new Set(
        (
          await demo.server.db
            .select({ billId: alerts.billId })
            .from(alerts)
            .where(eq(alerts.companyId, companyId))
        ).map((alert) => alert.billId),
      );
      // Bills without alerts, which a delete would have to take along.
      const sent = page.changes.filter((change) => change.entity === 'bills' && !alerted.has(change.id));
      if (changedBill || sent.length < 2) return;
      // Two bills of this page, already on the device: one changes, one goes away; and a site is renamed.
      changedBill = sent[0]?.id ?? '';
      deletedBill = sent[1]?.id ?? '';
      await write(async (tx, version) => {
        await tx.update(bills).set({ status: 'Paid', version }).where(eq(bills.id, changedBill));
        return { statusCode: 200, body: null };
      });
      await write(async (tx, version) => {
        await tx.delete(billLines).where(eq(billLines.id, deletedBill));
        await tx.delete(bills).where(and(eq(bills.id, deletedBill), eq(bills.companyId, companyId)));
        await writeTombstone(tx, companyId, 'bills', deletedBill, version);
        await writeTombstone(tx, companyId, 'billLines', deletedBill, version);
        return { statusCode: 200, body: null };
      });
      await write(async (tx, version) => {
        await tx
          .update(locations)
          .set({ name: 'Renamed during the pull', version })
          .where(eq(locations.id, site?.id ?? ''));
        return { statusCode: 200, body: null };
      });
    });
    expect(changedBill).not.toBe('');
    expect(local.get(`bills/${changedBill}`)?.status).toBe('Paid');
    expect(local.has(`bills/${deletedBill}`)).toBe(false);
    expect(local.has(`billLines/${deletedBill}`)).toBe(false);
    expect(local.get(`locations/${site?.id}`)?.name).toBe('Renamed during the pull');
    expect(localOf(local, 'bills')).toEqual(await serverBills());
  });

  it('still serves a full pull begun before pulls were staged, in version order', async () => {
    const first = await read(null, 400);
    const start = parseCursor(first.cursor);
    if (start?.stage !== 'rows') throw new Error('a full pull begins with its rows stage');
    const legacy = await read(first.cursor.replace(/^\d+@(\d+)r/, '0@$1'), 5000);
    const versions = legacy.changes.map((change) => change.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(legacy.changes.some((change) => change.entity === 'bills')).toBe(true);
  });

  it('answers every page in column form as well: the same changes, in fewer bytes', async () => {
    // A full pull, then the whole feed in version order from 0, which brings deletes too.
    await runSyncedWrite(
      demo.server.db,
      { companyId, userId: CLIENT?.id ?? 0, idempotencyKey: undefined, method: 'DELETE', path: '/test' },
      async (tx, version) => {
        await writeTombstone(tx, companyId, 'tags', randomUUID(), version);
        return { statusCode: 200, body: null };
      },
    );
    let deletes = 0;
    const first = await read(null, 400);
    const fromZero = first.cursor.replace(/^\d+@\d+r/, '0');
    let rowBytes = 0;
    let columnBytes = 0;
    for (const start of [null, fromZero]) {
      let cursor: string | null = start;
      for (;;) {
        const path = `/api/sync/${companyId}/changes?limit=2000${cursor === null ? '' : `&since=${encodeURIComponent(cursor)}`}`;
        const rows = await demo.as<ChangePage>('northwindClient', 'GET', path);
        const columns = await demo.as('northwindClient', 'GET', `${path}&form=${COLUMN_FORM}`);
        expect(rows.status).toBe(200);
        expect(unpackPage(columns.body)).toEqual(rows.body);
        deletes += rows.body.changes.filter((change) => change.op === 'del').length;
        rowBytes += JSON.stringify(rows.body).length;
        columnBytes += JSON.stringify(columns.body).length;
        if (!rows.body.hasMore) break;
        cursor = rows.body.cursor;
      }
    }
    expect(deletes).toBeGreaterThan(0);
    expect(columnBytes).toBeLessThan(rowBytes * 0.7);
    const wrongForm = await demo.as('northwindClient', 'GET', `/api/sync/${companyId}/changes?form=csv`);
    expect(wrongForm.status).toBe(400);
  });

  it('reads and rejects cursors', () => {
    const id = '0b7d3c2a-1f4e-4c1a-9d2b-3e4f5a6b7c8d';
    expect(parseCursor('12')).toEqual({ stage: 'incremental', version: 12, audience: '' });
    expect(parseCursor('5@12r~billPay')).toEqual({
      stage: 'rows',
      version: 5,
      start: 12,
      audience: 'billPay',
    });
    expect(parseCursor('5@12')).toEqual({ stage: 'snapshot', version: 5, start: 12, audience: '' });
    expect(parseCursor('5@12d')).toEqual({ stage: 'details', version: 5, start: 12, audience: '' });
    expect(parseCursor('b@12')).toEqual({ stage: 'bills', after: null, start: 12, audience: '' });
    const account = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
    expect(parseCursor(`b2026-10.1.${account}.2026-02.${id}@12`)).toEqual({
      stage: 'bills',
      after: { latest: '2026-10', window: 1, accountId: account, billMonth: '2026-02', id },
      start: 12,
      audience: '',
    });
    // A cursor of the month-at-a-time bills stage begins the bills stage again.
    expect(parseCursor(`b2026-02.${id}@12`)).toEqual({
      stage: 'bills',
      after: null,
      start: 12,
      audience: '',
    });
    expect(parseCursor(`b2026-10.3.${account}.2026-02.${id}@12`)).toBeNull();
    for (const bad of ['b2026-02@12', 'x@1', '5@', '5r', `b2026-2.${id}@12`, "b@1'; drop table bills"])
      expect(parseCursor(bad), bad).toBeNull();
  });
});
