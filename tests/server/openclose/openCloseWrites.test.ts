// The open/close writes: synced (idempotent by key, one company version each, served by the change feed with their
// history event), checked with the device's rules (400 with fields), status changes by consultants only.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyVersion } from '../../helpers/companyWorld';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';
import { feedCursor } from '../../helpers/feedCursor';

/** The role names of the client users these tests read the feed as. */
const CLIENT = ['Client'];

interface RequestRow {
  id: string;
  version: number;
  locationId: string;
  accountId: string | null;
  serviceType: string;
  isOpen: boolean;
  accountStatus: number;
  turnoverDate: string | null;
  storeOpenDate: string | null;
  storeCloseDate: string | null;
  requestedBy: number | null;
  requestedByName: string | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
}

interface EventRow {
  requestId: string;
  kind: string;
  fromStatus: number | null;
  toStatus: number | null;
  fields: string | null;
  createdByName: string | null;
  version: number;
}

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
  current?: RequestRow;
}

interface ChangePage {
  changes: { entity: string; op: string; id: string; version: number; row?: Record<string, unknown> }[];
}

let demo: DemoServer;
let summit: number;
/** A Summit site with an active electric account. */
let site: { locationId: string; accountId: string };

const CONTACT = { contactName: 'Ana Ruiz', contactPhone: '(512) 555-0147', contactEmail: null };
const OPENING = { turnoverDate: '2026-05-01', storeOpenDate: '2026-06-01', ...CONTACT };

beforeAll(async () => {
  demo = await startDemoServer();
  summit = demo.companies.summit;
  const [row] = await demo.rows<{ location_id: string; id: string }>(sql`
    select location_id, id from accounts
    where company_id = ${summit} and is_active and services like '%electric%' order by id limit 1`);
  site = { locationId: row?.location_id ?? '', accountId: row?.id ?? '' };
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

/** History events of Summit written after `version`, as the change feed serves them. */
async function eventsSince(version: number): Promise<EventRow[]> {
  const feed = await demo.as<ChangePage>(
    'summitClient',
    'GET',
    `/api/sync/${summit}/changes?since=${await feedCursor(demo.server.db, summit, version, CLIENT)}`,
  );
  return feed.body.changes.flatMap((change) =>
    change.entity === 'openCloseEvents' && change.row ? [change.row as unknown as EventRow] : [],
  );
}

/** A new opening of Summit's site, made by its client; answers the created request. */
async function newOpening(serviceType = 'water'): Promise<RequestRow> {
  const res = await demo.as<{ requests: RequestRow[] }>('summitClient', 'POST', '/api/OpenAccounts', {
    body: { locationId: site.locationId, services: [{ id: randomUUID(), serviceType }], ...OPENING },
  });
  expect(res.status).toBe(201);
  const [request] = res.body.requests;
  if (!request) throw new Error('no request created');
  return request;
}

describe('POST /api/OpenAccounts and /api/CloseAccounts', () => {
  it('creates one request per service under the ids made on the device, once per Idempotency-Key', async () => {
    const before = await companyVersion(demo.server.db, summit);
    const ids = [randomUUID(), randomUUID()];
    const body = {
      locationId: site.locationId,
      services: [
        { id: ids[0], serviceType: 'electric' },
        { id: ids[1], serviceType: 'natural_gas' },
      ],
      ...OPENING,
      contactName: '  Ana Ruiz ',
    };
    const headers = { 'idempotency-key': 'openclose-client:1' };
    const first = await demo.as<{ requests: RequestRow[]; events: EventRow[] }>(
      'summitClient',
      'POST',
      '/api/OpenAccounts',
      { body, headers },
    );
    const again = await demo.as('summitClient', 'POST', '/api/OpenAccounts', { body, headers });
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.body.requests).toEqual([
      expect.objectContaining({ id: ids[0], serviceType: 'electric', accountStatus: 0, version: before + 1 }),
      expect.objectContaining({
        id: ids[1],
        serviceType: 'natural_gas',
        accountStatus: 0,
        version: before + 1,
      }),
    ]);
    expect(first.body.requests[0]).toMatchObject({
      isOpen: true,
      accountId: null,
      storeOpenDate: '2026-06-01',
      storeCloseDate: null,
      contactName: 'Ana Ruiz',
      requestedByName: 'Owen Nakamura',
    });
    expect(first.body.events.map((event) => [event.requestId, event.kind])).toEqual([
      [ids[0], 'created'],
      [ids[1], 'created'],
    ]);
    expect(await companyVersion(demo.server.db, summit)).toBe(before + 1);
    const feed = await demo.as<ChangePage>(
      'summitClient',
      'GET',
      `/api/sync/${summit}/changes?since=${await feedCursor(demo.server.db, summit, before, CLIENT)}`,
    );
    expect(feed.body.changes.map((change) => change.entity).sort()).toEqual([
      'openCloseEvents',
      'openCloseEvents',
      'openCloseRequests',
      'openCloseRequests',
    ]);
  });

  it('closes an active account of the site, naming it', async () => {
    const res = await demo.as<{ requests: RequestRow[] }>('consultant', 'POST', '/api/CloseAccounts', {
      body: {
        locationId: site.locationId,
        services: [{ serviceType: 'electric', accountId: site.accountId }],
        turnoverDate: '2026-07-08',
        storeCloseDate: '2026-07-01',
        ...CONTACT,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.requests[0]).toMatchObject({
      isOpen: false,
      accountId: site.accountId,
      storeCloseDate: '2026-07-01',
    });
  });

  it('answers 400 with the fields the rules name', async () => {
    const res = await demo.as<ErrorBody>('summitClient', 'POST', '/api/CloseAccounts', {
      body: {
        locationId: site.locationId,
        services: [{ serviceType: 'telecom', accountId: site.accountId }],
        turnoverDate: '2026-06-30',
        storeCloseDate: '2026-07-01',
        contactName: '',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      'body.services': 'Telecom is not a service of an active account at this site',
      'body.turnoverDate': 'must be on or after the store close date',
      'body.contactName': 'is required',
      'body.contactPhone': 'or an email is required',
    });
  });

  it('refuses an id already taken, and sites of other companies or outside the area', async () => {
    const taken = await newOpening();
    const reused = await demo.as<ErrorBody>('summitClient', 'POST', '/api/OpenAccounts', {
      body: { locationId: site.locationId, services: [{ id: taken.id, serviceType: 'water' }], ...OPENING },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error.fields).toEqual({ 'body.services': 'use an id that is already taken' });
    const body = { locationId: site.locationId, services: [{ serviceType: 'water' }], ...OPENING };
    expect((await demo.as('harborClient', 'POST', '/api/OpenAccounts', { body })).status).toBe(404);
    const [northwindSite] = await demo.rows<{ id: string }>(
      sql`select id from locations where company_id = ${demo.companies.northwind} limit 1`,
    );
    const limited = await demo.as('northwindLimited', 'POST', '/api/OpenAccounts', {
      body: { ...body, locationId: northwindSite?.id },
    });
    expect(limited.status).toBe(403);
  });
});

describe('PUT /api/changeOpenCloseStatus', () => {
  it('moves a request on for a consultant, with its history event, under If-Match', async () => {
    const request = await newOpening();
    const res = await demo.as<RequestRow>('consultant', 'PUT', '/api/changeOpenCloseStatus', {
      body: { id: request.id, accountStatus: 1 },
      headers: { 'if-match': String(request.version) },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: request.id, accountStatus: 1, version: request.version + 1 });
    // The answer is the request; its history event comes with the change feed, in the same version.
    expect(await eventsSince(request.version)).toEqual([
      expect.objectContaining({
        requestId: request.id,
        kind: 'status',
        fromStatus: 0,
        toStatus: 1,
        createdByName: 'Jordan Patel',
        version: request.version + 1,
      }),
    ]);
    const stale = await demo.as<ErrorBody>('consultant', 'PUT', '/api/changeOpenCloseStatus', {
      body: { id: request.id, accountStatus: 2 },
      headers: { 'if-match': String(request.version) },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id: request.id, accountStatus: 1 });
  });

  it('refuses clients (403) and moves the workflow does not allow (400)', async () => {
    const request = await newOpening();
    const client = await demo.as<ErrorBody>('summitClient', 'PUT', '/api/changeOpenCloseStatus', {
      body: { id: request.id, accountStatus: 1 },
    });
    expect(client.status).toBe(403);
    const done = await demo.as('consultant', 'PUT', '/api/changeOpenCloseStatus', {
      body: { id: request.id, accountStatus: 3 },
    });
    expect(done.status).toBe(200);
    const back = await demo.as<ErrorBody>('consultant', 'PUT', '/api/changeOpenCloseStatus', {
      body: { id: request.id, accountStatus: 1 },
    });
    expect(back.status).toBe(400);
    expect(back.body.error.fields).toEqual({ 'body.accountStatus': 'cannot move from Done to In Progress' });
    const unknown = await demo.as<ErrorBody>('superConsultant', 'PUT', '/api/changeOpenCloseStatus', {
      body: { id: randomUUID(), accountStatus: 1 },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('PUT /api/updateOpenCloseAccount', () => {
  it('edits dates and contact, recording the fields that changed', async () => {
    const request = await newOpening();
    const res = await demo.as<RequestRow>('summitClient', 'PUT', '/api/updateOpenCloseAccount', {
      body: { id: request.id, storeOpenDate: '2026-06-15', contactEmail: 'ana@summit.demo' },
      headers: { 'if-match': String(request.version) },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      storeOpenDate: '2026-06-15',
      turnoverDate: '2026-05-01',
      contactPhone: '(512) 555-0147',
      contactEmail: 'ana@summit.demo',
    });
    expect(await eventsSince(request.version)).toEqual([
      expect.objectContaining({
        kind: 'edited',
        fields: 'storeOpenDate,contactEmail',
        version: res.body.version,
      }),
    ]);
  });

  it('checks the dates against each other and keeps done requests as they are', async () => {
    const request = await newOpening();
    const late = await demo.as<ErrorBody>('summitClient', 'PUT', '/api/updateOpenCloseAccount', {
      body: { id: request.id, turnoverDate: '2026-07-01' },
    });
    expect(late.status).toBe(400);
    expect(late.body.error.fields).toEqual({
      'body.turnoverDate': 'must be on or before the store open date',
    });
    await demo.as('consultant', 'PUT', '/api/changeOpenCloseStatus', {
      body: { id: request.id, accountStatus: 3 },
    });
    const done = await demo.as<ErrorBody>('summitClient', 'PUT', '/api/updateOpenCloseAccount', {
      body: { id: request.id, contactName: 'Someone Else' },
    });
    expect(done.status).toBe(400);
    expect(done.body.error.message).toBe('A done request can no longer be edited');
  });
});

describe('POST /api/AddAccountNotes', () => {
  it('adds a note under the id made on the device, with its author, once per key', async () => {
    const request = await newOpening();
    const id = randomUUID();
    const call = () =>
      demo.as<{ id: string; note: string; createdByName: string; requestId: string }>(
        'summitClient',
        'POST',
        '/api/AddAccountNotes',
        {
          body: { id, requestId: request.id, note: '  Landlord confirmed the keys.  ' },
          headers: { 'idempotency-key': 'openclose-notes:7' },
        },
      );
    const first = await call();
    const again = await call();
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      id,
      requestId: request.id,
      note: 'Landlord confirmed the keys.',
      createdByName: 'Owen Nakamura',
    });
    expect(again.body).toEqual(first.body);
    const notes = await demo.as<{ id: string }[]>(
      'consultant',
      'GET',
      `/api/getOpenCloseAccountNotes/${request.id}`,
    );
    expect(notes.body.map((note) => note.id)).toEqual([id]);
  });

  it('refuses a blank note', async () => {
    const request = await newOpening();
    const res = await demo.as<ErrorBody>('summitClient', 'POST', '/api/AddAccountNotes', {
      body: { requestId: request.id, note: '   ' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ 'body.note': 'must not be blank' });
  });
});
