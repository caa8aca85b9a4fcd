import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyVersion } from '../../helpers/companyWorld';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';
import { feedCursor } from '../../helpers/feedCursor';

/** The role names of the client users these tests read the feed as. */
const CLIENT = ['Client'];

interface MetricRow {
  id: string;
  locationId: string;
  metricMonth: string;
  score: number | null;
  isBaseline: boolean;
  sourceIntensity: number | null;
  locationIntensity: number | null;
  sourceTotal: number | null;
  locationTotal: number | null;
  totalGHGEmissions: number | null;
  version: number;
}

interface SiteAnswer {
  locationId: string;
  locationName: string;
  baseline: MetricRow | null;
  rows: (MetricRow & {
    locationName: string;
    change: number;
    vsBaseline: Record<string, { change: number; percent: number | null } | null>;
  })[];
}

interface ChangePage {
  changes: { entity: string; op: string; id: string; version: number; row?: Record<string, unknown> }[];
}

let demo: DemoServer;
let northwind: number;
/** A Northwind site with ENERGY STAR active and its seeded months. */
let site: { id: string; name: string; months: string[] };

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  const [row] = await demo.rows<{ id: string; name: string }>(sql`
    select id, name from locations where company_id = ${northwind} and is_energy_star_active order by name limit 1`);
  const months = await demo.rows<{ metric_month: string }>(sql`
    select metric_month from energy_star_metrics where location_id = ${row?.id} order by metric_month`);
  site = { id: row?.id ?? '', name: row?.name ?? '', months: months.map((m) => m.metric_month) };
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

async function storedRow(month: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await demo.rows(sql`
    select score, version::int as version, source_total, location_total from energy_star_metrics
    where location_id = ${site.id} and metric_month = ${month}`);
  return row;
}

describe('GET /api/locations/:id/energystar', () => {
  it('answers the monthly rows of a range with score changes and changes versus the baseline', async () => {
    expect(site.months.length).toBeGreaterThan(12);
    const from = site.months[11] ?? '';
    const to = site.months[12] ?? '';
    const path = `/api/locations/${site.id}/energystar`;
    const res = await demo.as<SiteAnswer>(
      'northwindClient',
      'GET',
      `${path}?fromDate=${from}-01&toDate=${to}-28`,
    );
    expect(res.status).toBe(200);
    expect(res.body.locationName).toBe(site.name);
    expect(res.body.rows.map((row) => row.metricMonth)).toEqual([from, to]);
    const scores = await demo.rows<{ metric_month: string; score: number }>(sql`
      select metric_month, score from energy_star_metrics where location_id = ${site.id} order by metric_month`);
    const scoreOf = (month: string | undefined) => scores.find((s) => s.metric_month === month)?.score ?? 0;
    // The seed's baseline is the first twelve months: the row of the 12th month is the baseline row.
    expect(res.body.baseline?.metricMonth).toBe(from);
    const [baselineRow, after] = res.body.rows;
    expect(baselineRow?.change).toBe(0);
    expect(after?.change).toBe(scoreOf(to) - scoreOf(from));
    const baseScore = scoreOf(from);
    expect(after?.vsBaseline.score).toEqual({
      change: scoreOf(to) - baseScore,
      percent: ((scoreOf(to) - baseScore) / baseScore) * 100,
    });
    expect(after?.locationName).toBe(site.name);

    // The first month shown still compares with the month before it, which the range leaves out.
    const alone = await demo.as<SiteAnswer>('northwindClient', 'GET', `${path}?fromDate=${to}&toDate=${to}`);
    expect(alone.body.rows.map((row) => [row.metricMonth, row.change])).toEqual([
      [to, scoreOf(to) - scoreOf(from)],
    ]);
  });

  it('answers the same through the consultant twin, and 404 for a site of another company', async () => {
    const twin = await demo.as<SiteAnswer>(
      'consultant',
      'GET',
      `/api/companies/${northwind}/locations/${site.id}/energystar`,
    );
    expect(twin.status).toBe(200);
    expect(twin.body.rows).toHaveLength(site.months.length);
    // Cedar has ENERGY STAR access too: the site is simply not one of its own.
    const foreign = await demo.as(
      'superConsultant',
      'GET',
      `/api/companies/${demo.companies.cedar}/locations/${site.id}/energystar`,
    );
    expect(foreign.status).toBe(404);
    const harbor = await demo.as('harborClient', 'GET', `/api/locations/${site.id}/energystar`);
    expect(harbor.status).toBe(404);
  });

  it('refuses a company without ENERGY STAR access with 403', async () => {
    const [harborSite] = await demo.rows<{ id: string }>(
      sql`select id from locations where company_id = ${demo.companies.harbor} limit 1`,
    );
    const res = await demo.as('harborClient', 'GET', `/api/locations/${harborSite?.id}/energystar`);
    expect(res.status).toBe(403);
    const score = await demo.as('harborClient', 'PUT', `/api/locations/${harborSite?.id}/updateEsScore`, {
      body: { esScore: 50, esScoreDate: '2026-01-15' },
    });
    expect(score.status).toBe(403);
  });
});

describe('PUT /api/locations/:id/updateEsScore', () => {
  it('sets the score of the month of its date as a synced write the change feed serves', async () => {
    const month = site.months.at(-1) ?? '';
    const before = await companyVersion(demo.server.db, northwind);
    const res = await demo.as<MetricRow>(
      'northwindClient',
      'PUT',
      `/api/locations/${site.id}/updateEsScore`,
      {
        body: { esScore: 91, esScoreDate: `${month}-20` },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ metricMonth: month, score: 91, version: before + 1 });
    expect(await storedRow(month)).toMatchObject({ score: 91, version: before + 1 });
    const feed = await demo.as<ChangePage>(
      'northwindClient',
      'GET',
      `/api/sync/${northwind}/changes?since=${await feedCursor(demo.server.db, northwind, before, CLIENT)}`,
    );
    expect(feed.body.changes).toContainEqual(
      expect.objectContaining({ entity: 'energyStarMetrics', op: 'put', id: res.body.id }),
    );
  });

  it('answers 409 with the current row for a stale If-Match, and applies a repeated key once', async () => {
    const month = site.months.at(-2) ?? '';
    const path = `/api/locations/${site.id}/updateEsScore`;
    const current = await demo.as<MetricRow>('northwindAdmin', 'PUT', path, {
      body: { esScore: 60, esScoreDate: `${month}-01` },
    });
    const stale = await demo.as<{ current: MetricRow }>('northwindClient', 'PUT', path, {
      body: { esScore: 61, esScoreDate: `${month}-01` },
      headers: { 'if-match': String(current.body.version - 1) },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ score: 60, version: current.body.version });
    const before = await companyVersion(demo.server.db, northwind);
    const headers = { 'idempotency-key': 'es-score:7', 'if-match': String(current.body.version) };
    const first = await demo.as('northwindClient', 'PUT', path, {
      body: { esScore: 62, esScoreDate: `${month}-01` },
      headers,
    });
    const again = await demo.as('northwindClient', 'PUT', path, {
      body: { esScore: 62, esScoreDate: `${month}-01` },
      headers,
    });
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await companyVersion(demo.server.db, northwind)).toBe(before + 1);
  });

  it('creates the row of a month without one under the id the device made', async () => {
    const id = randomUUID();
    const res = await demo.as<MetricRow>(
      'consultant',
      'PUT',
      `/api/companies/${northwind}/locations/${site.id}/updateEsScore`,
      {
        body: { esScore: 77, esScoreDate: '2026-04-02', id },
      },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id,
      metricMonth: '2026-04',
      score: 77,
      sourceTotal: null,
      isBaseline: false,
    });
  });

  it.each([
    [0, 'esScore'],
    [101, 'esScore'],
    [55.5, 'esScore'],
  ])('refuses the score %s with 400', async (esScore) => {
    const res = await demo.as<{ error: { fields: Record<string, string> } }>(
      'northwindClient',
      'PUT',
      `/api/locations/${site.id}/updateEsScore`,
      {
        body: { esScore, esScoreDate: '2026-01-10' },
      },
    );
    expect(res.status).toBe(400);
  });

  it('refuses a date that is not a day', async () => {
    const res = await demo.as('northwindClient', 'PUT', `/api/locations/${site.id}/updateEsScore`, {
      body: { esScore: 50, esScoreDate: '2026-02-30' },
    });
    expect(res.status).toBe(400);
  });
});

describe('GET /api/locations/:id/refreshEsScore (embedded provider)', () => {
  it('recomputes site and source energy from the bills with the published factors and keeps the scores', async () => {
    // Spoil the stored energy of two months, so the refresh has something to put right: the first month of data
    // (fewer than twelve months behind it: "Not Available", as Portfolio Manager shows it) and the twelfth.
    const a = site.months[0] ?? '';
    const b = site.months[11] ?? '';
    await demo.server.db.execute(sql`
      update energy_star_metrics set source_total = 1, location_total = 1, source_intensity = 1, location_intensity = 1
      where location_id = ${site.id} and metric_month in (${a}, ${b})`);
    const scoresBefore = await demo.rows<{ metric_month: string; score: number | null }>(
      sql`select metric_month, score from energy_star_metrics where location_id = ${site.id} order by metric_month`,
    );
    const res = await demo.as<{ provider: string; changed: number; rows: MetricRow[] }>(
      'northwindClient',
      'GET',
      `/api/locations/${site.id}/refreshEsScore`,
    );
    expect(res.status).toBe(200);
    expect(res.body.provider).toBe('embedded');
    expect(res.body.rows.map((row) => row.metricMonth)).toEqual(expect.arrayContaining([a, b]));

    // Expected, from the bills in SQL: the twelve months to b, kWh × 3.412 × 2.80 and therms × 100 × 1.05.
    const [usage] = await demo.rows<{ kwh: string; therms: string }>(sql`
      select coalesce(sum((s->>'usage')::numeric) filter (where s->>'serviceType' = 'electric'), 0) as kwh,
             coalesce(sum((s->>'usage')::numeric) filter (where s->>'serviceType' = 'natural_gas'), 0) as therms
      from bills, jsonb_array_elements(services) s
      where location_id = ${site.id} and bill_month >= ${a} and bill_month <= ${b}`);
    const [sqft] = await demo.rows<{ sqft: number }>(sql`select sqft from locations where id = ${site.id}`);
    const siteKbtu = Number(usage?.kwh) * 3.412 + Number(usage?.therms) * 100;
    const sourceKbtu = Number(usage?.kwh) * 3.412 * 2.8 + Number(usage?.therms) * 100 * 1.05;
    const twelfth = res.body.rows.find((row) => row.metricMonth === b);
    expect(twelfth?.locationTotal).toBeCloseTo(siteKbtu, 0);
    expect(twelfth?.sourceTotal).toBeCloseTo(sourceKbtu, 0);
    expect(twelfth?.sourceIntensity).toBeCloseTo(sourceKbtu / (sqft?.sqft ?? 1), 1);
    const first = res.body.rows.find((row) => row.metricMonth === a);
    expect(first).toMatchObject({ locationTotal: null, sourceTotal: null, sourceIntensity: null });
    const scoresAfter = await demo.rows<{ metric_month: string; score: number | null }>(
      sql`select metric_month, score from energy_star_metrics where location_id = ${site.id} order by metric_month`,
    );
    expect(scoresAfter).toEqual(scoresBefore);
  });

  it('changes nothing when the figures already match the bills', async () => {
    await demo.as('northwindClient', 'GET', `/api/locations/${site.id}/refreshEsScore`);
    const again = await demo.as<{ changed: number }>(
      'northwindClient',
      'GET',
      `/api/locations/${site.id}/refreshEsScore`,
    );
    expect(again.status).toBe(200);
    expect(again.body.changed).toBe(0);
  });

  it('refuses a site without ENERGY STAR active with 400', async () => {
    const [inactive] = await demo.rows<{ id: string }>(sql`
      select id from locations where company_id = ${northwind} and not is_energy_star_active limit 1`);
    const res = await demo.as('northwindClient', 'GET', `/api/locations/${inactive?.id}/refreshEsScore`);
    expect(res.status).toBe(400);
  });
});
