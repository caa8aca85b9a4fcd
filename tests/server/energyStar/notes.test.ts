import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyVersion } from '../../helpers/companyWorld';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';
import { feedCursor } from '../../helpers/feedCursor';

/** The role names of the client users these tests read the feed as. */
const CLIENT = ['Client'];

interface NoteRow {
  id: string;
  locationId: string;
  note: string;
  createDate: string;
  modifiedAt: string | null;
  version: number;
}

interface ChangePage {
  changes: { entity: string; op: string; id: string; version: number; row?: Record<string, unknown> }[];
}

let demo: DemoServer;
let northwind: number;
let siteId: string;

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  const [site] = await demo.rows<{ id: string }>(sql`
    select id from locations where company_id = ${northwind} and is_energy_star_active order by name limit 1`);
  siteId = site?.id ?? '';
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

async function feedSince(version: number): Promise<ChangePage['changes']> {
  const res = await demo.as<ChangePage>(
    'northwindClient',
    'GET',
    `/api/sync/${northwind}/changes?since=${await feedCursor(demo.server.db, northwind, version, CLIENT)}`,
  );
  return res.body.changes;
}

describe('ENERGY STAR notes', () => {
  it('adds a note under the id the device made, lists it first and serves it in the change feed', async () => {
    const id = randomUUID();
    const before = await companyVersion(demo.server.db, northwind);
    const res = await demo.as<NoteRow>('northwindClient', 'POST', '/api/energystar/addnote', {
      body: { id, locationId: siteId, note: '  Lighting retrofit finished.  ' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id,
      locationId: siteId,
      note: 'Lighting retrofit finished.',
      version: before + 1,
    });
    const list = await demo.as<NoteRow[]>(
      'northwindClient',
      'GET',
      `/api/energystar/${siteId}/getEnergyStarNotes`,
    );
    expect(list.body[0]?.id).toBe(id);
    expect(await feedSince(before)).toContainEqual(
      expect.objectContaining({ entity: 'energyStarNotes', op: 'put', id }),
    );
  });

  it('updates a note with If-Match and refuses a stale version with 409', async () => {
    const added = await demo.as<NoteRow>(
      'northwindAdmin',
      'POST',
      `/api/companies/${northwind}/energystar/addnote`,
      {
        body: { locationId: siteId, note: 'First draft' },
      },
    );
    const path = `/api/companies/${northwind}/energystar/updateNote`;
    const updated = await demo.as<NoteRow>('northwindClient', 'PUT', path, {
      body: { id: added.body.id, note: 'Second draft' },
      headers: { 'if-match': String(added.body.version) },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ note: 'Second draft' });
    expect(updated.body.modifiedAt).not.toBeNull();
    const stale = await demo.as<{ current: NoteRow }>(
      'northwindClient',
      'PUT',
      '/api/energystar/updateNote',
      {
        body: { id: added.body.id, note: 'Third draft' },
        headers: { 'if-match': String(added.body.version) },
      },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ note: 'Second draft' });
  });

  it('deletes a note with a tombstone, and a replay of the delete answers the stored answer', async () => {
    const added = await demo.as<NoteRow>('consultant', 'POST', '/api/energystar/addnote', {
      body: { locationId: siteId, note: 'To be removed' },
    });
    const before = await companyVersion(demo.server.db, northwind);
    const path = `/api/companies/${northwind}/energystar/${added.body.id}/deleteNote`;
    const headers = { 'idempotency-key': 'es-notes:3', 'if-match': String(added.body.version) };
    const first = await demo.as('northwindClient', 'DELETE', path, { headers });
    expect(first.status).toBe(200);
    // The answer was lost: the device sends the same key again, and the note is gone by now.
    const again = await demo.as('northwindClient', 'DELETE', path, { headers });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await feedSince(before)).toContainEqual(
      expect.objectContaining({ entity: 'energyStarNotes', op: 'del', id: added.body.id }),
    );
    const gone = await demo.as('northwindClient', 'DELETE', `/api/energystar/${added.body.id}/deleteNote`);
    expect(gone.status).toBe(404);
  });

  it.each([
    ['a blank note', { note: '   ' }],
    ['a note over 2,000 characters', { note: 'x'.repeat(2001) }],
  ])('refuses %s with 400', async (_name, body) => {
    const res = await demo.as('northwindClient', 'POST', '/api/energystar/addnote', {
      body: { locationId: siteId, ...body },
    });
    expect(res.status).toBe(400);
  });

  it('refuses an id already used with 400 rather than 409 (a 409 would be resent for ever)', async () => {
    const id = randomUUID();
    const body = { id, locationId: siteId, note: 'Once' };
    await demo.as('northwindClient', 'POST', '/api/energystar/addnote', { body });
    const twice = await demo.as('northwindClient', 'POST', '/api/energystar/addnote', { body });
    expect(twice.status).toBe(400);
  });

  it('keeps notes from users of other companies and from companies without ENERGY STAR access', async () => {
    const foreign = await demo.as('summitClient', 'GET', `/api/energystar/${siteId}/getEnergyStarNotes`);
    expect(foreign.status).toBe(404);
    const twin = await demo.as(
      'consultant',
      'POST',
      `/api/companies/${demo.companies.harbor}/energystar/addnote`,
      {
        body: { locationId: siteId, note: 'Wrong company' },
      },
    );
    expect(twin.status).toBe(403);
    const elsewhere = await demo.as(
      'superConsultant',
      'POST',
      `/api/companies/${demo.companies.cedar}/energystar/addnote`,
      {
        body: { locationId: siteId, note: 'Not a Cedar site' },
      },
    );
    expect(elsewhere.status).toBe(404);
    const [harborSite] = await demo.rows<{ id: string }>(
      sql`select id from locations where company_id = ${demo.companies.harbor} limit 1`,
    );
    const harbor = await demo.as('harborClient', 'POST', '/api/energystar/addnote', {
      body: { locationId: harborSite?.id, note: 'No access' },
    });
    expect(harbor.status).toBe(403);
  });
});
