import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addAlertNote,
  BatchRefusedError,
  batchResolveAlerts,
  closeAlertNote,
  setAlertStatus,
} from '../../src/db/mutations/alerts';
import { createBudget, updateBudget } from '../../src/db/mutations/budgets';
import { takeTheirs } from '../../src/db/outbox';
import type { OutboxEntry } from '../../src/db/syncRows';
import { budgetMonths } from '../../src/domain/budgets';
import { conflictFields } from '../../src/sync/syncFormat';
import { alertNotes, alerts, budgetItems } from '../../server/src/db/schema';
import { insertAlert } from '../helpers/alertWorld';
import { call } from '../helpers/testServer';
import { freshPull, localSnapshot, syncedCompany, useSyncBench } from '../helpers/syncHarness';
import type { SyncBench } from '../helpers/syncHarness';

let bench: SyncBench;
useSyncBench((started) => {
  bench = started;
});

/** The writes the proxy forwarded, as `METHOD path` (queries left out). */
const writesSeen = () =>
  bench.proxy.log
    .filter((entry) => entry.method !== 'GET' && entry.status !== null)
    .map((entry) => `${entry.method} ${entry.path.split('?')[0] ?? ''}`);

async function serverAlert(id: string) {
  const [row] = await bench.server.db.select().from(alerts).where(eq(alerts.id, id));
  return row;
}

describe('alert and budget writes made offline', { timeout: 60_000 }, () => {
  it('replays a note added and closed, a Finalize and a batch resolve once each, ending equal to a fresh pull', async () => {
    const { a } = bench.world;
    const single = await insertAlert(bench.server.db, a);
    const first = await insertAlert(bench.server.db, a);
    const second = await insertAlert(bench.server.db, a);
    const { db, engine } = await syncedCompany(bench, a.id);

    // Made while the engine does not run (offline): each applies locally at once.
    const added = await addAlertNote(db, single.id, 'Estimated read, corrected next month.', null);
    const noteId = added.rowKeys[0]?.split('/')[1] ?? '';
    await closeAlertNote(db, noteId);
    await setAlertStatus(db, single.id, 'closed');
    await batchResolveAlerts(db, a.id, [first.id, second.id], 'Seasonal use, expected.', null);
    expect((await db.alerts.get(single.id))?.status).toBe('closed');
    expect(await db.outbox.count()).toBe(4);

    await engine.syncNow(a.id);
    await engine.stop();
    expect(await db.outbox.count()).toBe(0);
    expect(writesSeen()).toEqual([
      `POST /api/alerts/${single.id}/notes`,
      `POST /api/alerts/notes/${noteId}`,
      `PUT /api/alerts/${single.id}`,
      `PUT /api/companies/${a.id}/alerts/batchResolve`,
    ]);
    for (const id of [single.id, first.id, second.id]) expect((await serverAlert(id))?.status).toBe('closed');
    const notes = await bench.server.db.select().from(alertNotes);
    expect(notes.filter((note) => note.alertId === single.id).map((note) => [note.id, note.closed])).toEqual([
      [noteId, true],
    ]);
    expect(notes.filter((note) => note.note === 'Seasonal use, expected.')).toHaveLength(2);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('names each alert a batch cannot resolve, with its reason, and resolves the others when asked again', async () => {
    const { a } = bench.world;
    const blocked = await insertAlert(bench.server.db, a);
    const other = await insertAlert(bench.server.db, a);
    const { db, engine } = await syncedCompany(bench, a.id);
    await engine.stop();
    // An open note blocks Finalize (spec 001 §4).
    await addAlertNote(db, blocked.id, 'Waiting for the utility.', null);
    const before = await db.outbox.count();
    const refusal = await batchResolveAlerts(db, a.id, [blocked.id, other.id], 'Checked.', null).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(BatchRefusedError);
    const refused = (refusal as BatchRefusedError).refused;
    expect(refused.map((alert) => [alert.alertId, alert.reason])).toEqual([
      [blocked.id, 'Close the open note before finalizing.'],
    ]);
    expect(refused[0]?.label).toMatch(/account /);
    expect(await db.outbox.count()).toBe(before);
    await batchResolveAlerts(db, a.id, [other.id], 'Checked.', null);
    expect((await db.alerts.get(other.id))?.status).toBe('closed');
    expect((await db.alerts.get(blocked.id))?.status).not.toBe('closed');
  });

  it('turns a status changed on the server meanwhile into a conflict with both versions; take theirs shows theirs', async () => {
    const { a } = bench.world;
    const alert = await insertAlert(bench.server.db, a);
    const { db, engine } = await syncedCompany(bench, a.id);
    const entry = await setAlertStatus(db, alert.id, 'pending');
    const remote = await call(bench.server, 'PUT', `/api/companies/${a.id}/alerts/${alert.id}`, {
      token: bench.token,
      body: { status: 'pending - client input' },
    });
    expect(remote.status).toBe(200);

    await engine.syncNow(a.id);
    const conflicted = (await db.outbox.get(entry.seq)) as OutboxEntry;
    expect(conflicted.status).toBe('conflict');
    expect(conflictFields(conflicted).find((line) => line.field === 'status')).toEqual({
      field: 'status',
      mine: 'pending',
      theirs: 'pending - client input',
    });
    // Mine shows while the user decides.
    expect((await db.alerts.get(alert.id))?.status).toBe('pending');

    await takeTheirs(db, entry.seq);
    await engine.syncNow(a.id);
    await engine.stop();
    expect(await db.outbox.count()).toBe(0);
    expect((await db.alerts.get(alert.id))?.status).toBe('pending - client input');
    expect((await serverAlert(alert.id))?.status).toBe('pending - client input');
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));
  });

  it('replays a budget created and edited offline once each; an edit of a budget changed meanwhile is a conflict', async () => {
    const { a } = bench.world;
    const { db, engine } = await syncedCompany(bench, a.id);
    const months = budgetMonths('2027-01', 3);
    const items = months.map((month, i) => ({ month, budgetSpendAmount: 100 + i, budgetUsageAmount: 1000 }));
    const created = await createBudget(db, a.id, {
      locationId: a.locationId,
      serviceType: 'electric',
      unit: 'kWh',
      startMonth: '2027-01',
      monthCount: 3,
      items,
    });
    const budgetId = created.rowKeys[0]?.split('/')[1] ?? '';
    await updateBudget(db, budgetId, { items: items.map((item) => ({ ...item, budgetSpendAmount: 250 })) });

    await engine.syncNow(a.id);
    expect(await db.outbox.count()).toBe(0);
    expect(writesSeen()).toEqual([`POST /api/companies/${a.id}/budgets`, `PUT /api/budgets/${budgetId}`]);
    const stored = await bench.server.db.select().from(budgetItems).where(eq(budgetItems.budgetId, budgetId));
    expect(stored.map((item) => item.budgetSpendAmount).sort()).toEqual([250, 250, 250]);
    expect(await localSnapshot(db, a.id)).toEqual(await freshPull(bench, a.id));

    // Someone else edits the budget; my later edit, made on the old version, waits for me in the Sync panel.
    const edit = await updateBudget(db, budgetId, { items });
    const remote = await call(bench.server, 'PUT', `/api/companies/${a.id}/budgets/${budgetId}`, {
      token: bench.token,
      body: {
        unit: 'kWh',
        budgetItems: stored
          .sort((x, y) => (x.month < y.month ? -1 : 1))
          .map((item) => ({
            id: item.id,
            month: item.month,
            budgetSpendAmount: 300,
            budgetUsageAmount: 900,
          })),
      },
    });
    expect(remote.status).toBe(200);
    await engine.syncNow(a.id);
    await engine.stop();
    expect((await db.outbox.get(edit.seq))?.status).toBe('conflict');
  });
});
