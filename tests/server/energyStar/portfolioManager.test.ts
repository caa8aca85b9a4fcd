import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config';
import { PM_METRICS, readPropertyMetrics } from '../../../server/src/energyStar/portfolioManager';
import { RefreshError } from '../../../server/src/energyStar/provider';
import { DEMO_USERS } from '../../../server/src/seed';
import { SEED_TIMEOUT_MS } from '../../helpers/demoServer';
import { fakeMetrics, startFakePortfolioManager } from '../../helpers/fakePortfolioManager';
import type { FakePortfolioManager } from '../../helpers/fakePortfolioManager';
import { tokenFor } from '../../helpers/fixtures';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';

interface MetricRow {
  metricMonth: string;
  score: number | null;
  sourceTotal: number | null;
  locationTotal: number | null;
  sourceIntensity: number | null;
  locationIntensity: number | null;
  totalGHGEmissions: number | null;
}

const ACCOUNT = { username: 'portal-account', password: 'Pm-Secret-1' };
const UNKNOWN_PROPERTY = '424242';

let fake: FakePortfolioManager;
let server: TestServer;
let token: string;
/** Three ENERGY STAR sites of Northwind: one linked to a property, one not linked, one linked to an unknown one. */
let linked: { id: string; propertyId: string };
let unlinked: string;
let unknown: string;

async function siteIds(db: TestServer['db']): Promise<{ id: string; es_property_id: string | null }[]> {
  const result = await db.execute<{ id: string; es_property_id: string | null }>(sql`
    select id, es_property_id from locations where company_id = 2 and is_energy_star_active order by name`);
  return result.rows;
}

beforeAll(async () => {
  fake = await startFakePortfolioManager({ ...ACCOUNT, unknownProperties: [UNKNOWN_PROPERTY] });
  server = await startTestServer({
    env: {
      ENERGY_STAR_PROVIDER: 'portfolio-manager',
      ENERGY_STAR_PM_URL: fake.url,
      ENERGY_STAR_PM_USERNAME: ACCOUNT.username,
      ENERGY_STAR_PM_PASSWORD: ACCOUNT.password,
    },
    from: 'demo',
    seed: async (db) => {
      // The small demo registers a single site per company; make two more so each case has its own.
      await db.execute(sql`
        update locations set is_energy_star_active = true, es_property_id = null
        where id in (select id from locations where company_id = 2 and not is_energy_star_active order by name limit 2)`);
    },
  });
  const admin = DEMO_USERS.find((user) => user.email === 'admin@northwind.demo');
  if (!admin) throw new Error('no demo admin');
  token = await tokenFor(server.config, {
    id: admin.id,
    companyId: admin.companyId,
    roles: [...admin.roles],
  });
  const sites = await siteIds(server.db);
  const registered = sites.find((site) => site.es_property_id !== null);
  const [second, third] = sites.filter((site) => site.es_property_id === null);
  if (!registered?.es_property_id || !second || !third)
    throw new Error('the demo has too few ENERGY STAR sites');
  linked = { id: registered.id, propertyId: registered.es_property_id };
  unlinked = second.id;
  unknown = third.id;
  await server.db.execute(
    sql`update locations set es_property_id = ${UNKNOWN_PROPERTY} where id = ${unknown}`,
  );
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await server.close();
  await fake.close();
});

describe('the Portfolio Manager provider', () => {
  it('asks Portfolio Manager for each month of the latest year and stores its figures and scores', async () => {
    fake.requests.length = 0;
    const res = await call<{ provider: string; months: number; rows: MetricRow[] }>(
      server,
      'GET',
      `/api/locations/${linked.id}/refreshEsScore`,
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.provider).toBe('portfolio-manager');
    expect(res.body.months).toBe(12);
    expect(fake.requests).toHaveLength(12);
    const request = fake.requests[0];
    expect(request?.path).toBe(`/ws/property/${linked.propertyId}/metrics`);
    expect(request?.query.get('measurementSystem')).toBe('EPA');
    expect(request?.metricsHeader?.split(',')).toEqual(Object.values(PM_METRICS));
    expect(request?.accept).toContain('application/xml');

    const stored = await server.db.execute<{
      metric_month: string;
      score: number | null;
      source_total: number | null;
      location_intensity: number | null;
      total_ghg_emissions: number | null;
    }>(sql`
      select metric_month, score, source_total, location_intensity, total_ghg_emissions
      from energy_star_metrics where location_id = ${linked.id} order by metric_month desc limit 12`);
    for (const row of stored.rows) {
      const [year, month] = row.metric_month.split('-').map(Number);
      const expected = fakeMetrics(linked.propertyId, year ?? 0, month ?? 0);
      expect(row).toMatchObject({
        score: expected.score,
        source_total: expected.sourceTotal,
        location_intensity: expected.siteIntensity,
        total_ghg_emissions: expected.totalLocationBasedGHGEmissions,
      });
    }
  });

  it('answers 400 for a site not linked to a property, and 400 for a property Portfolio Manager does not share', async () => {
    const none = await call<{ error: { message: string } }>(
      server,
      'GET',
      `/api/locations/${unlinked}/refreshEsScore`,
      {
        token,
      },
    );
    expect(none.status).toBe(400);
    expect(none.body.error.message).toMatch(/not linked to a Portfolio Manager property/);
    const notShared = await call<{ error: { message: string } }>(
      server,
      'GET',
      `/api/locations/${unknown}/refreshEsScore`,
      { token },
    );
    expect(notShared.status).toBe(400);
    expect(notShared.body.error.message).toContain(UNKNOWN_PROPERTY);
  });
});

describe('a misconfigured or unreachable Portfolio Manager', () => {
  it(
    'answers 502 when Portfolio Manager refuses the account, and stores nothing',
    async () => {
      const wrong = await startTestServer({
        env: {
          ENERGY_STAR_PROVIDER: 'portfolio-manager',
          ENERGY_STAR_PM_URL: fake.url,
          ENERGY_STAR_PM_USERNAME: ACCOUNT.username,
          ENERGY_STAR_PM_PASSWORD: 'not-the-password',
        },
        from: 'demo',
      });
      try {
        const site = (await siteIds(wrong.db)).find((candidate) => candidate.es_property_id !== null);
        const before = await wrong.db.execute(
          sql`select count(*)::int as n, max(version)::int as v from energy_star_metrics`,
        );
        const res = await call<{ error: { code: string; message: string } }>(
          wrong,
          'GET',
          `/api/locations/${site?.id}/refreshEsScore`,
          { token: await tokenFor(wrong.config, { id: 3, companyId: 2, roles: ['Client', 'Admin'] }) },
        );
        expect(res.status).toBe(502);
        expect(res.body.error.message).toMatch(/refused the account/);
        const after = await wrong.db.execute(
          sql`select count(*)::int as n, max(version)::int as v from energy_star_metrics`,
        );
        expect(after.rows).toEqual(before.rows);
      } finally {
        await wrong.close();
      }
    },
    SEED_TIMEOUT_MS,
  );

  it('refuses to start half configured', () => {
    expect(() => loadConfig({ ENERGY_STAR_PROVIDER: 'portfolio-manager', JWT_SECRET: 's' })).toThrow(
      /ENERGY_STAR_PM_USERNAME/,
    );
    expect(() => loadConfig({ ENERGY_STAR_PROVIDER: 'elsewhere', JWT_SECRET: 's' })).toThrow(
      /ENERGY_STAR_PROVIDER/,
    );
    expect(loadConfig({ JWT_SECRET: 's' }).energyStar).toEqual({ provider: 'embedded' });
  });
});

describe('readPropertyMetrics', () => {
  it('reads each metric by name, a nil value as null', () => {
    const values = readPropertyMetrics(`<?xml version="1.0"?>
      <propertyMetrics xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" propertyId="1" year="2025" month="12">
        <metric name="score" dataType="numeric"><value>81</value></metric>
        <metric uom="kBtu" dataType="numeric" name="siteTotal"><value> 1234.5 </value></metric>
        <metric name="sourceIntensity" dataType="numeric"><value xsi:nil="true"/></metric>
      </propertyMetrics>`);
    expect([...values]).toEqual([
      ['score', 81],
      ['siteTotal', 1234.5],
      ['sourceIntensity', null],
    ]);
  });

  it.each([
    ['text that is not XML', 'Service Unavailable'],
    ['another document', '<response status="Error"><errors/></response>'],
    [
      'a value that is not a number',
      '<propertyMetrics><metric name="score"><value>high</value></metric></propertyMetrics>',
    ],
  ])('refuses %s', (_name, xml) => {
    expect(() => readPropertyMetrics(xml)).toThrow(RefreshError);
  });
});
