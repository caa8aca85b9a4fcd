import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config';
import { PM_METRICS, readPropertyMetrics } from '../../../server/src/energyStar/portfolioManager';
import { RefreshError } from '../../../server/src/energyStar/provider';
import { DEMO_USERS } from '../../../server/src/seed';
import { SEED_TIMEOUT_MS } from '../../helpers/demoServer';
import { fakeMetrics, startFakePortfolioManager } from '../../helpers/fakePortfolioManager';
import type { FakeMeter, FakePortfolioManager } from '../../helpers/fakePortfolioManager';
import { embeddedProvider } from '../../../server/src/energyStar/embeddedProvider';
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
/** The meters of the linked site's property, filled once its property id is known. */
const METERS: Record<string, FakeMeter[]> = {};
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
  fake = await startFakePortfolioManager({
    ...ACCOUNT,
    unknownProperties: [UNKNOWN_PROPERTY],
    meters: METERS,
  });
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

interface PushAnswer {
  pushedAt: string;
  pushedBy: string | null;
  meters: {
    meterId: string;
    meterType: string;
    unitOfMeasure: string;
    service: string | null;
    entries: number;
    calls: number;
    startDate: string | null;
    endDate: string | null;
    skipped: string | null;
  }[];
}

describe('pushing consumption to Portfolio Manager', () => {
  it('sends each matching meter its entries in its unit, at most 120 a call, skips the rest and records the push', async () => {
    // Published kBtu per unit (Portfolio Manager Technical Reference: Thermal Energy Conversions), to check the gas
    // meter's kBtu independently of the portal's factor table.
    const GAS_KBTU: Record<string, number> = { therm: 100, therms: 100, ccf: 102.6, mcf: 1026 };
    METERS[linked.propertyId] = [
      { id: '7001', name: 'Main electric', type: 'Electric', unitOfMeasure: 'MWh (million Watt-hours)' },
      { id: '7002', name: 'Gas', type: 'Natural Gas', unitOfMeasure: 'kBtu (thousand Btu)' },
      { id: '7003', name: 'Tank', type: 'Propane', unitOfMeasure: 'Gallons (US)' },
      {
        id: '7004',
        name: 'Irrigation',
        type: 'Municipally Supplied Potable Water - Mixed Indoor/Outdoor',
        unitOfMeasure: 'Gallons (US)',
      },
    ];
    // 130 months of propane bills: more than one call takes.
    await server.db.execute(sql`
      insert into bills (id, company_id, version, account_id, location_id, vendor_id, vendor_name, bill_month, services)
      select gen_random_uuid(), b.company_id, b.version, b.account_id, b.location_id, b.vendor_id, b.vendor_name,
        to_char(date '2000-01-01' + make_interval(months => g), 'YYYY-MM'),
        '[{"serviceType":"propane","charges":10,"usage":50,"unit":"gallons","demandKw":null}]'::jsonb
      from (select * from bills where location_id = ${linked.id} limit 1) b, generate_series(0, 129) g`);
    const billRows = await server.db.execute<{
      bill_month: string;
      read_date_from: string | null;
      read_date_to: string | null;
      services: { serviceType: string; usage: number | null; unit: string | null }[];
    }>(sql`select bill_month, read_date_from::text, read_date_to::text, services from bills
      where location_id = ${linked.id} and bill_month >= '2015-01' order by bill_month`);
    const withService = (type: string) =>
      billRows.rows.filter((bill) =>
        bill.services.some((line) => line.serviceType === type && line.usage !== null),
      );
    const electricBills = withService('electric');
    const gasBills = withService('natural_gas');
    expect(electricBills.length).toBeGreaterThan(0);
    expect(gasBills.length).toBeGreaterThan(0);

    fake.requests.length = 0;
    const res = await call<PushAnswer>(
      server,
      'POST',
      `/api/locations/${linked.id}/energyStar/pushConsumption`,
      {
        token,
      },
    );
    expect(res.status).toBe(200);
    const byId = new Map(res.body.meters.map((meter) => [meter.meterId, meter]));
    expect(byId.get('7003')).toMatchObject({
      service: 'propane',
      entries: 130,
      calls: 2,
      startDate: '2000-01-01',
      endDate: '2010-10-31',
      skipped: null,
    });
    expect(byId.get('7004')).toMatchObject({ service: null, entries: 0, calls: 0 });
    expect(byId.get('7004')?.skipped).toMatch(/No service of this site/);
    const posts = fake.requests.filter((request) => request.method === 'POST');
    expect(
      posts
        .filter((post) => post.path === '/ws/meter/7003/consumptionData')
        .map((post) => post.body.split('<meterConsumption ').length - 1),
    ).toEqual([120, 10]);
    expect(fake.requests[0]?.path).toBe(`/ws/property/${linked.propertyId}/meter/list`);

    // Electricity: a bill's kWh arrive as MWh, over the bill's read dates (else its month).
    const electric = fake.consumption.get('7001') ?? [];
    expect(electric).toHaveLength(byId.get('7001')?.entries ?? -1);
    const firstElectric = electricBills[0];
    const line = firstElectric?.services.find((service) => service.serviceType === 'electric');
    expect(line?.unit?.toLowerCase()).toBe('kwh');
    const start = firstElectric?.read_date_from ?? `${firstElectric?.bill_month}-01`;
    const sent = electric.find((entry) => entry.startDate === start);
    const sameStart = electricBills.filter(
      (bill) => (bill.read_date_from ?? `${bill.bill_month}-01`) === start,
    );
    const kwh = sameStart.reduce(
      (sum, bill) => sum + (bill.services.find((s) => s.serviceType === 'electric')?.usage ?? 0),
      0,
    );
    expect(sent?.usage).toBeCloseTo(kwh / 1000, 3);

    // Gas: the bill's unit arrives as kBtu by the published factor.
    const firstGas = gasBills[0];
    const gasLine = firstGas?.services.find((service) => service.serviceType === 'natural_gas');
    const factor = GAS_KBTU[gasLine?.unit?.toLowerCase() ?? ''];
    expect(factor).toBeDefined();
    const gasStart = firstGas?.read_date_from ?? `${firstGas?.bill_month}-01`;
    const gasSameStart = gasBills.filter(
      (bill) => (bill.read_date_from ?? `${bill.bill_month}-01`) === gasStart,
    );
    const therms = gasSameStart.reduce(
      (sum, bill) => sum + (bill.services.find((s) => s.serviceType === 'natural_gas')?.usage ?? 0),
      0,
    );
    expect(fake.consumption.get('7002')?.find((entry) => entry.startDate === gasStart)?.usage).toBeCloseTo(
      therms * (factor ?? 0),
      2,
    );

    // The push is kept and readable, with who sent it.
    const last = await call<{ push: PushAnswer | null }>(
      server,
      'GET',
      `/api/locations/${linked.id}/energyStar/pushConsumption`,
      { token },
    );
    expect(last.status).toBe(200);
    expect(last.body.push?.pushedBy).toMatch(/\S/);
    expect(last.body.push?.pushedAt).toBe(res.body.pushedAt);
    expect(last.body.push?.meters).toEqual(res.body.meters);

    // Each entry goes as EPA's sample request orders it, with the service's charges as its cost.
    const firstPropanePost = posts.find((post) => post.path === '/ws/meter/7003/consumptionData');
    expect(firstPropanePost?.body).toContain(
      '<meterConsumption estimatedValue="false"><cost>10</cost><startDate>2000-01-01</startDate><endDate>2000-01-31</endDate><usage>50</usage></meterConsumption>',
    );

    // A second push reads what each meter holds (page by page: 130 propane entries are two pages) and sends only
    // a period that is new; Portfolio Manager would refuse the overlapping ones.
    await server.db.execute(sql`
      insert into bills (id, company_id, version, account_id, location_id, vendor_id, vendor_name, bill_month, services)
      select gen_random_uuid(), b.company_id, b.version, b.account_id, b.location_id, b.vendor_id, b.vendor_name,
        '2010-11', '[{"serviceType":"propane","charges":12.5,"usage":60,"unit":"gallons","demandKw":null}]'::jsonb
      from (select * from bills where location_id = ${linked.id} limit 1) b`);
    fake.requests.length = 0;
    const again = await call<PushAnswer>(
      server,
      'POST',
      `/api/locations/${linked.id}/energyStar/pushConsumption`,
      { token },
    );
    expect(again.status).toBe(200);
    const againById = new Map(again.body.meters.map((meter) => [meter.meterId, meter]));
    expect(againById.get('7003')).toMatchObject({
      entries: 1,
      alreadyPresent: 130,
      startDate: '2010-11-01',
      endDate: '2010-11-30',
    });
    expect(againById.get('7001')).toMatchObject({ entries: 0, alreadyPresent: byId.get('7001')?.entries });
    expect(againById.get('7001')?.skipped).toMatch(/already holds every period/);
    expect(
      fake.requests
        .filter((request) => request.method === 'GET' && request.path === '/ws/meter/7003/consumptionData')
        .map((request) => request.query.get('page')),
    ).toEqual(['1', '2']);
    expect(fake.consumption.get('7003')).toHaveLength(131);
  });

  it('answers 400 for a site not linked to a property and for one Portfolio Manager does not share; nothing is recorded', async () => {
    for (const id of [unlinked, unknown]) {
      const res = await call<{ error: { message: string } }>(
        server,
        'POST',
        `/api/locations/${id}/energyStar/pushConsumption`,
        { token },
      );
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/Portfolio Manager/);
      const last = await call<{ push: unknown }>(
        server,
        'GET',
        `/api/locations/${id}/energyStar/pushConsumption`,
        { token },
      );
      expect(last.body.push).toBeNull();
    }
  });

  it('the embedded provider says it has nothing to push to', async () => {
    await expect(
      embeddedProvider.pushConsumption({ locationId: linked.id, esPropertyId: '1', bills: [] }),
    ).rejects.toMatchObject({
      failure: 'nothingToPushTo',
    });
  });
});
