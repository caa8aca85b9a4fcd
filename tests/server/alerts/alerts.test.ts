// The alerts calls of spec 001 §7 on the real server: the list and its filters, notes, the status with the finalize
// rule, idempotency and If-Match, the consultant twins, foreign companies (404) and the read-only rule (403).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAlert, insertNote } from '../../helpers/alertWorld';
import { companyVersion, seedWorld, worldTokens } from '../../helpers/companyWorld';
import type { RoleName, World } from '../../helpers/companyWorld';
import { SEED_TIMEOUT_MS } from '../../helpers/demoServer';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';

interface AlertAnswer {
  id: string;
  status: string;
  version: number;
  importDate: string;
  closedAt: string | null;
  isPublic: boolean;
  rule: string;
  message: string;
}

interface NoteAnswer {
  id: string;
  alertId: string;
  note: string;
  closed: boolean;
  version: number;
  createdBy: number | null;
}

let server: TestServer;
let world: World;
let tokens: Record<RoleName, string>;
const ids = { open: '', closedPublic: '', old: '', marked: '', foreign: '', note: '' };

beforeAll(async () => {
  server = await startTestServer({
    seed: async (db) => {
      world = await seedWorld(db);
      ids.open = (
        await insertAlert(db, world.a, { importDate: '2026-02-10', rule: 'late_fee', measured: 12.5 })
      ).id;
      ids.closedPublic = (
        await insertAlert(db, world.a, { importDate: '2026-01-20', status: 'closed - public' })
      ).id;
      ids.old = (await insertAlert(db, world.a, { importDate: '2024-03-01', status: 'pending' })).id;
      ids.marked = (
        await insertAlert(db, world.a, { importDate: '2025-12-01', status: 'closed', isPublic: true })
      ).id;
      ids.foreign = (await insertAlert(db, world.b, { importDate: '2026-02-01' })).id;
      ids.note = (await insertNote(db, world.a, ids.old, { note: 'First look.', closed: true })).id;
    },
  });
  tokens = await worldTokens(server.config, world);
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await server.close();
});

describe('GET /api/alerts', () => {
  it('lists the company’s alerts in the date range, newest first, each in words', async () => {
    const res = await call<AlertAnswer[]>(
      server,
      'GET',
      '/api/alerts?fromDate=2025-06-01&toDate=2026-12-31',
      {
        token: tokens.client,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.map((alert) => alert.id)).toEqual([ids.open, ids.closedPublic, ids.marked]);
    expect(res.body[0]).toMatchObject({ rule: 'late_fee', message: 'Late fee of $12.50' });
  });

  it('starts from the first alert with isAlertMinDate, whatever fromDate says', async () => {
    const res = await call<AlertAnswer[]>(
      server,
      'GET',
      '/api/alerts?fromDate=2026-01-01&isAlertMinDate=true',
      { token: tokens.client },
    );
    expect(res.body.map((alert) => alert.id)).toEqual([ids.open, ids.closedPublic, ids.marked, ids.old]);
  });

  it('shows only closed - public alerts and alerts marked public with showPublicOnly', async () => {
    const res = await call<AlertAnswer[]>(
      server,
      'GET',
      '/api/alerts?isAlertMinDate=true&showPublicOnly=true',
      {
        token: tokens.client,
      },
    );
    expect(res.body.map((alert) => alert.id)).toEqual([ids.closedPublic, ids.marked]);
  });

  it('filters by status and rule, and serves the consultant twin', async () => {
    const res = await call<AlertAnswer[]>(
      server,
      'GET',
      `/api/companies/${world.a.id}/alerts?isAlertMinDate=true&status=pending&status=open`,
      { token: tokens.consultant },
    );
    expect(res.body.map((alert) => alert.id)).toEqual([ids.open, ids.old]);
    const byRule = await call<AlertAnswer[]>(
      server,
      'GET',
      `/api/companies/${world.a.id}/alerts?isAlertMinDate=true&rule=late_fee`,
      { token: tokens.consultant },
    );
    expect(byRule.body.map((alert) => alert.id)).toEqual([ids.open]);
  });

  it('refuses a malformed date with the field (400), limited clients (403) and foreign companies (404)', async () => {
    const bad = await call(server, 'GET', '/api/alerts?fromDate=2026-13-01', { token: tokens.client });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: { fields: { 'querystring.fromDate': expect.any(String) } } },
    });
    expect((await call(server, 'GET', '/api/alerts', { token: tokens.limitedClient })).status).toBe(403);
    expect(
      (await call(server, 'GET', `/api/companies/${world.b.id}/alerts`, { token: tokens.consultant })).status,
    ).toBe(404);
  });
});

describe('notes', () => {
  it('answers an alert’s notes, and 404 for another company’s alert', async () => {
    const res = await call<NoteAnswer[]>(server, 'GET', `/api/alerts/notes/${ids.old}`, {
      token: tokens.client,
    });
    expect(res.body).toEqual([
      expect.objectContaining({ alertId: ids.old, note: 'First look.', closed: true }),
    ]);
    expect(
      (await call(server, 'GET', `/api/alerts/notes/${ids.foreign}`, { token: tokens.client })).status,
    ).toBe(404);
  });

  it('adds a note with the client’s id once per Idempotency-Key, then edits and closes it with If-Match', async () => {
    const id = randomUUID();
    const headers = { 'idempotency-key': 'notes-client:1' };
    const before = await companyVersion(server.db, world.a.id);
    const add = () =>
      call<NoteAnswer>(server, 'POST', `/api/alerts/${ids.open}/notes`, {
        token: tokens.consultant,
        body: { note: '  Asked the vendor.  ', id },
        headers,
      });
    const first = await add();
    const again = await add();
    expect(first).toMatchObject({ status: 201, body: { id, note: 'Asked the vendor.', closed: false } });
    expect(first.body.createdBy).toBe(world.users.consultant.id);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await companyVersion(server.db, world.a.id)).toBe(before + 1);

    const edited = await call<NoteAnswer>(server, 'PUT', `/api/alerts/notes/${id}`, {
      token: tokens.consultant,
      body: { note: 'Asked the vendor twice.' },
      headers: { 'if-match': String(first.body.version) },
    });
    expect(edited).toMatchObject({ status: 200, body: { note: 'Asked the vendor twice.' } });
    const stale = await call<{ current: NoteAnswer }>(server, 'POST', `/api/alerts/notes/${id}`, {
      token: tokens.consultant,
      headers: { 'if-match': String(first.body.version) },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id, note: 'Asked the vendor twice.', closed: false });
    const closed = await call<NoteAnswer>(server, 'POST', `/api/alerts/notes/${id}`, {
      token: tokens.consultant,
      headers: { 'if-match': String(edited.body.version) },
    });
    expect(closed).toMatchObject({ status: 200, body: { closed: true } });
  });

  it('refuses a blank note and a note id already taken', async () => {
    const blank = await call(server, 'POST', `/api/alerts/${ids.open}/notes`, {
      token: tokens.consultant,
      body: { note: '   ' },
    });
    expect(blank).toMatchObject({
      status: 400,
      body: { error: { fields: { 'body.note': 'A note cannot be empty.' } } },
    });
    const note = await insertNote(server.db, world.a, ids.open, { closed: true });
    const taken = await call(server, 'POST', `/api/alerts/${ids.old}/notes`, {
      token: tokens.consultant,
      body: { note: 'Mine', id: note.id },
    });
    expect(taken).toMatchObject({
      status: 400,
      body: { error: { fields: { 'body.id': 'is already used' } } },
    });
  });
});

describe('PUT /api/alerts/:id', () => {
  it('changes the status with If-Match and answers 409 with the current alert for a stale version', async () => {
    const alert = await insertAlert(server.db, world.a);
    const res = await call<AlertAnswer>(server, 'PUT', `/api/alerts/${alert.id}`, {
      token: tokens.consultant,
      body: { status: 'pending - client input' },
      headers: { 'if-match': String(alert.version) },
    });
    expect(res).toMatchObject({ status: 200, body: { status: 'pending - client input', closedAt: null } });
    expect(res.body.version).toBeGreaterThan(alert.version);
    const stale = await call<{ current: AlertAnswer }>(server, 'PUT', `/api/alerts/${alert.id}`, {
      token: tokens.consultant,
      body: { status: 'good' },
      headers: { 'if-match': String(alert.version) },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id: alert.id, status: 'pending - client input' });
  });

  it('refuses a status the spec does not name (400 with the field)', async () => {
    const res = await call(server, 'PUT', `/api/alerts/${ids.open}`, {
      token: tokens.consultant,
      body: { status: 'escalated' },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: { fields: { 'body.status': expect.any(String) } } },
    });
  });

  it('finalizes only when every note is closed: without notes, with an open note, then closed', async () => {
    const alert = await insertAlert(server.db, world.a);
    const close = () =>
      call<AlertAnswer>(server, 'PUT', `/api/alerts/${alert.id}`, {
        token: tokens.consultant,
        body: { status: 'closed' },
      });
    expect(await close()).toMatchObject({
      status: 400,
      body: { error: { message: 'Add a note before finalizing.' } },
    });
    const note = await insertNote(server.db, world.a, alert.id, { closed: false });
    expect(await close()).toMatchObject({
      status: 400,
      body: { error: { message: 'Close the open note before finalizing.' } },
    });
    await call(server, 'POST', `/api/alerts/notes/${note.id}`, { token: tokens.consultant });
    const closed = await close();
    expect(closed).toMatchObject({ status: 200, body: { status: 'closed' } });
    expect(closed.body.closedAt).not.toBeNull();
    // Between closed statuses the close date stays; reopening clears it.
    const publicClosed = await call<AlertAnswer>(server, 'PUT', `/api/alerts/${alert.id}`, {
      token: tokens.consultant,
      body: { status: 'closed - public' },
    });
    expect(publicClosed.body.closedAt).toBe(closed.body.closedAt);
    const reopened = await call<AlertAnswer>(server, 'PUT', `/api/alerts/${alert.id}`, {
      token: tokens.consultant,
      body: { status: 'open' },
    });
    expect(reopened.body).toMatchObject({ status: 'open', closedAt: null });
  });
});

describe('the read-only rule', () => {
  const writes = () => [
    { method: 'PUT', path: `/api/alerts/${ids.open}`, body: { status: 'pending' } },
    { method: 'POST', path: `/api/alerts/${ids.open}/notes`, body: { note: 'Mine' } },
    { method: 'PUT', path: `/api/alerts/notes/${ids.note}`, body: { note: 'x' } },
    { method: 'POST', path: `/api/alerts/notes/${ids.note}` },
    { method: 'PUT', path: `/api/alerts/batchResolve?ids=${ids.open}`, body: { note: 'Done' } },
    {
      method: 'PUT',
      path: `/api/companies/${world.a.id}/alerts/batchResolve?ids=${ids.open}`,
      body: { note: 'Done' },
    },
    { method: 'PUT', path: `/api/companies/${world.a.id}/alerts/${ids.open}`, body: { status: 'pending' } },
  ];

  it.each(['client', 'clientAdmin'] as const)(
    'gives a %s on /alertsro rights 403 on every write, reads allowed',
    async (role) => {
      const before = await companyVersion(server.db, world.a.id);
      for (const write of writes()) {
        const res = await call(server, write.method, write.path, { token: tokens[role], body: write.body });
        expect(res.status, `${write.method} ${write.path}`).toBe(403);
      }
      expect(await companyVersion(server.db, world.a.id)).toBe(before);
      expect((await call(server, 'GET', '/api/alerts', { token: tokens[role] })).status).toBe(200);
    },
  );

  it('lets the consultant write (the twin and the entity routes)', async () => {
    const res = await call(server, 'PUT', `/api/companies/${world.a.id}/alerts/${ids.open}`, {
      token: tokens.consultant,
      body: { status: 'pending' },
    });
    expect(res.status).toBe(200);
  });

  it('answers 404 for another company’s alert, whoever asks', async () => {
    for (const role of ['consultant', 'client'] as const) {
      const res = await call(server, 'PUT', `/api/alerts/${ids.foreign}`, {
        token: tokens[role],
        body: { status: 'good' },
      });
      expect(res.status, role).toBe(404);
    }
  });
});
