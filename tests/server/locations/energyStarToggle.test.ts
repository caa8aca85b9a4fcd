import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyVersion } from '../../helpers/companyWorld';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';
import { feedCursor } from '../../helpers/feedCursor';

/** The role names of the client users these tests read the feed as. */
const CLIENT = ['Client'];

interface LocationRow {
  id: string;
  isEnergyStarActive: boolean;
  version: number;
}

interface ChangePage {
  changes: { entity: string; op: string; id: string; version: number; row?: Record<string, unknown> }[];
}

let demo: DemoServer;
let northwind: number;
let siteId: string;

const path = (value: boolean) => `/api/locations/${siteId}/energyStarToggle?isEnergyStarActive=${value}`;

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  const [site] = await demo.rows<{ id: string }>(
    sql`select id from locations where company_id = ${northwind} and not is_energy_star_active order by name limit 1`,
  );
  siteId = site?.id ?? '';
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('PUT /api/locations/:id/energyStarToggle', () => {
  it('sets the flag as a synced write that shows in the change feed', async () => {
    const before = await companyVersion(demo.server.db, northwind);
    const res = await demo.as<LocationRow>('northwindClient', 'PUT', path(true));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: siteId, isEnergyStarActive: true, version: before + 1 });
    const feed = await demo.as<ChangePage>(
      'northwindClient',
      'GET',
      `/api/sync/${northwind}/changes?since=${await feedCursor(demo.server.db, northwind, before, CLIENT)}`,
    );
    expect(feed.body.changes).toContainEqual(
      expect.objectContaining({
        entity: 'locations',
        op: 'put',
        id: siteId,
        version: before + 1,
        row: expect.objectContaining({ isEnergyStarActive: true }),
      }),
    );
  });

  it('applies a repeated Idempotency-Key once and answers the same both times', async () => {
    const before = await companyVersion(demo.server.db, northwind);
    const headers = { 'idempotency-key': 'es-client:1' };
    const first = await demo.as<LocationRow>('northwindClient', 'PUT', path(false), { headers });
    const second = await demo.as<LocationRow>('northwindClient', 'PUT', path(false), { headers });
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await companyVersion(demo.server.db, northwind)).toBe(before + 1);
  });

  it('answers 409 with the current row for a stale If-Match and changes nothing', async () => {
    const current = await demo.as<LocationRow>('northwindAdmin', 'PUT', path(true));
    const before = await companyVersion(demo.server.db, northwind);
    const stale = await demo.as<{ error: { code: string }; current: LocationRow }>(
      'northwindClient',
      'PUT',
      path(false),
      {
        headers: { 'if-match': String(current.body.version - 1) },
      },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    expect(stale.body.current).toMatchObject({
      id: siteId,
      isEnergyStarActive: true,
      version: current.body.version,
    });
    expect(await companyVersion(demo.server.db, northwind)).toBe(before);
    const fresh = await demo.as<LocationRow>('northwindClient', 'PUT', path(false), {
      headers: { 'if-match': `"${current.body.version}"` },
    });
    expect(fresh).toMatchObject({ status: 200, body: { isEnergyStarActive: false } });
  });

  it('works through the consultant twin, within the named company only', async () => {
    const twin = await demo.as<LocationRow>(
      'consultant',
      'PUT',
      `/api/companies/${northwind}${path(true).slice(4)}`,
    );
    expect(twin).toMatchObject({ status: 200, body: { isEnergyStarActive: true } });
    // Cedar has ENERGY STAR access and the super consultant reaches it, but the site is Northwind's.
    const wrong = await demo.as(
      'superConsultant',
      'PUT',
      `/api/companies/${demo.companies.cedar}${path(true).slice(4)}`,
    );
    expect(wrong.status).toBe(404);
  });

  it('answers 404 to another company and 403 where the company has no ENERGY STAR access', async () => {
    expect((await demo.as('harborClient', 'PUT', path(true))).status).toBe(404);
    const [summitSite] = await demo.rows<{ id: string }>(
      sql`select id from locations where company_id = ${demo.companies.summit} limit 1`,
    );
    const res = await demo.as(
      'summitClient',
      'PUT',
      `/api/locations/${summitSite?.id}/energyStarToggle?isEnergyStarActive=true`,
    );
    expect(res.status).toBe(403);
  });

  it('requires a boolean isEnergyStarActive', async () => {
    const missing = await demo.as<{ error: { fields: Record<string, string> } }>(
      'northwindClient',
      'PUT',
      `/api/locations/${siteId}/energyStarToggle`,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty(['querystring.isEnergyStarActive']);
    const wrong = await demo.as(
      'northwindClient',
      'PUT',
      `/api/locations/${siteId}/energyStarToggle?isEnergyStarActive=maybe`,
    );
    expect(wrong.status).toBe(400);
  });
});
