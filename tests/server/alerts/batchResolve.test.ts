// PUT /api/alerts/batchResolve?ids (spec 001 §7): one note on every alert and every alert closed, all or none; the
// answer names the ids that failed and why; If-Match lists one version per id.
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertNotes, alerts } from '../../../server/src/db/schema';
import { insertAlert, insertNote } from '../../helpers/alertWorld';
import { companyVersion, seedWorld, worldTokens } from '../../helpers/companyWorld';
import type { RoleName, World } from '../../helpers/companyWorld';
import { SEED_TIMEOUT_MS } from '../../helpers/demoServer';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';

interface Failed {
  id: string;
  reason: string;
}

interface BatchAnswer {
  alerts: { id: string; status: string; version: number; closedAt: string | null }[];
  alertNotes: { id: string; alertId: string; note: string; closed: boolean }[];
  failed: Failed[];
}

interface BatchError {
  error: { message: string; fields: Record<string, string> };
  failed: Failed[];
  current?: { alerts: { id: string; version: number }[]; alertNotes: unknown[] };
}

let server: TestServer;
let world: World;
let tokens: Record<RoleName, string>;

beforeAll(async () => {
  server = await startTestServer({ seed: async (db) => void (world = await seedWorld(db)) });
  tokens = await worldTokens(server.config, world);
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await server.close();
});

async function statuses(ids: string[]): Promise<Map<string, string>> {
  const rows = await server.db.select().from(alerts).where(inArray(alerts.id, ids));
  return new Map(rows.map((row) => [row.id, row.status]));
}

async function noteCount(ids: string[]): Promise<number> {
  return (await server.db.select().from(alertNotes).where(inArray(alertNotes.alertId, ids))).length;
}

describe('PUT /api/alerts/batchResolve', () => {
  it('writes the note (closed) on every alert and closes them, with the client’s note ids, in one version', async () => {
    const a = await insertAlert(server.db, world.a);
    const b = await insertAlert(server.db, world.a, { status: 'pending' });
    const noteIds = [randomUUID(), randomUUID()];
    const before = await companyVersion(server.db, world.a.id);
    const res = await call<BatchAnswer>(
      server,
      'PUT',
      `/api/companies/${world.a.id}/alerts/batchResolve?ids=${a.id},${b.id}`,
      {
        token: tokens.consultant,
        body: { note: ' Vendor credited both. ', noteIds },
        headers: { 'if-match': `"${a.version}", "${b.version}"`, 'idempotency-key': 'batch-client:1' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.failed).toEqual([]);
    expect(res.body.alerts.map((alert) => [alert.id, alert.status])).toEqual([
      [a.id, 'closed'],
      [b.id, 'closed'],
    ]);
    expect(res.body.alertNotes.map((note) => [note.id, note.alertId, note.note, note.closed])).toEqual([
      [noteIds[0], a.id, 'Vendor credited both.', true],
      [noteIds[1], b.id, 'Vendor credited both.', true],
    ]);
    expect(await companyVersion(server.db, world.a.id)).toBe(before + 1);
    // The same key again: the stored answer, nothing applied twice.
    const again = await call<BatchAnswer>(
      server,
      'PUT',
      `/api/companies/${world.a.id}/alerts/batchResolve?ids=${a.id},${b.id}`,
      {
        token: tokens.consultant,
        body: { note: ' Vendor credited both. ', noteIds },
        headers: { 'if-match': `"${a.version}", "${b.version}"`, 'idempotency-key': 'batch-client:1' },
      },
    );
    expect(again.body).toEqual(res.body);
    expect(await noteCount([a.id, b.id])).toBe(2);
  });

  it('resolves none when one cannot be finalized, naming it and why (400)', async () => {
    const fine = await insertAlert(server.db, world.a);
    const withOpenNote = await insertAlert(server.db, world.a);
    await insertNote(server.db, world.a, withOpenNote.id, { closed: false });
    const closed = await insertAlert(server.db, world.a, { status: 'closed with savings' });
    const ids = [fine.id, withOpenNote.id, closed.id];
    const res = await call<BatchError>(server, 'PUT', `/api/alerts/batchResolve?ids=${ids.join(',')}`, {
      token: tokens.superConsultant,
      body: { note: 'Done' },
    });
    // The super consultant's own company has no such alerts: the client form acts on the caller's company.
    expect(res.status).toBe(400);
    const twin = await call<BatchError>(
      server,
      'PUT',
      `/api/companies/${world.a.id}/alerts/batchResolve?ids=${ids.join(',')}`,
      {
        token: tokens.superConsultant,
        body: { note: 'Done' },
      },
    );
    expect(twin.status).toBe(400);
    expect(twin.body.failed).toEqual([
      { id: withOpenNote.id, reason: 'Close the open note before finalizing.' },
      { id: closed.id, reason: 'This alert is already closed.' },
    ]);
    expect(twin.body.error.fields).toEqual({
      'query.ids.1': 'Close the open note before finalizing.',
      'query.ids.2': 'This alert is already closed.',
    });
    expect(twin.body.error.message).toBe('2 alerts cannot be resolved; nothing was resolved');
    expect([...(await statuses(ids)).values()].sort()).toEqual(['closed with savings', 'open', 'open']);
    expect(await noteCount(ids)).toBe(1);
  });

  it('counts alerts, not reasons: one alert failing two checks is one alert that cannot be resolved', async () => {
    const fine = await insertAlert(server.db, world.a);
    const closed = await insertAlert(server.db, world.a, { status: 'closed' });
    const taken = await insertNote(server.db, world.a, fine.id, { closed: true });
    const ids = [fine.id, closed.id];
    const res = await call<BatchError>(
      server,
      'PUT',
      `/api/companies/${world.a.id}/alerts/batchResolve?ids=${ids.join(',')}`,
      { token: tokens.superConsultant, body: { note: 'Done', noteIds: [randomUUID(), taken.id] } },
    );
    expect(res.status).toBe(400);
    expect(res.body.failed).toEqual([
      { id: closed.id, reason: 'This alert is already closed.' },
      { id: closed.id, reason: 'its note id is already taken' },
    ]);
    expect(res.body.error.fields).toEqual({
      'query.ids.1': 'This alert is already closed; its note id is already taken',
    });
    expect(res.body.error.message).toBe('1 alert cannot be resolved; nothing was resolved');
    expect(await noteCount(ids)).toBe(1);
  });

  it('answers 409 with the current alerts when one changed since the versions listed in If-Match', async () => {
    const a = await insertAlert(server.db, world.a);
    const b = await insertAlert(server.db, world.a);
    const moved = await call<{ version: number }>(server, 'PUT', `/api/alerts/${b.id}`, {
      token: tokens.consultant,
      body: { status: 'pending' },
    });
    const res = await call<BatchError>(
      server,
      'PUT',
      `/api/companies/${world.a.id}/alerts/batchResolve?ids=${a.id},${b.id}`,
      {
        token: tokens.consultant,
        body: { note: 'Done' },
        headers: { 'if-match': `"${a.version}", "${b.version}"` },
      },
    );
    expect(res.status).toBe(409);
    expect(res.body.failed).toEqual([{ id: b.id, reason: 'was changed by someone else since you saw it' }]);
    expect(res.body.current?.alerts.find((row) => row.id === b.id)?.version).toBe(moved.body.version);
    expect(res.body.current?.alertNotes).toEqual([]);
    expect([...(await statuses([a.id, b.id])).values()].sort()).toEqual(['open', 'pending']);
  });

  it('refuses malformed, repeated and foreign ids, and an If-Match of the wrong length', async () => {
    const a = await insertAlert(server.db, world.a);
    const foreign = await insertAlert(server.db, world.b);
    const path = (ids: string) => `/api/companies/${world.a.id}/alerts/batchResolve?ids=${ids}`;
    const malformed = await call<BatchError>(server, 'PUT', path(`${a.id},nope,${a.id}`), {
      token: tokens.consultant,
      body: { note: 'Done' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields).toEqual({
      'query.ids.1': 'is not an alert id',
      'query.ids.2': 'is repeated',
    });
    const other = await call<BatchError>(server, 'PUT', path(`${a.id},${foreign.id}`), {
      token: tokens.consultant,
      body: { note: 'Done' },
    });
    expect(other.body.failed).toEqual([{ id: foreign.id, reason: 'is not an alert of this company' }]);
    const versions = await call<BatchError>(server, 'PUT', path(a.id), {
      token: tokens.consultant,
      body: { note: 'Done' },
      headers: { 'if-match': '"1", "2"' },
    });
    expect(versions.body.error.fields).toEqual({ 'headers.if-match': 'is invalid' });
    expect((await statuses([a.id])).get(a.id)).toBe('open');
  });
});
