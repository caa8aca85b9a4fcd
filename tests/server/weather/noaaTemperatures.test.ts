import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq, sql } from 'drizzle-orm';
import { bills } from '../../../server/src/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, NCEI_ACCESS_DATA_URL } from '../../../server/src/config';
import { dailySummariesUrl, parseDailySummariesCsv } from '../../../server/src/weather/ncei';
import { type WeatherReport, weatherReport } from '../../../src/domain/weather/accountWeather';
import { bundledTemperatures, stationForState } from '../../../src/domain/weather/stations';
import { addDays, datesBetween } from '../../../src/domain/weather/degreeDays';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';

/**
 * The shape of an NCEI Access Data Service v1 answer (`dataset=daily-summaries`, `format=csv`,
 * `units=standard`): every field quoted, numbers right-aligned in their quotes, an empty field for a type the
 * station did not report that day, columns in the order of the header.
 */
const RECORDED = [
  '"STATION","DATE","TAVG","TMAX","TMIN"',
  '"USW00014819","2024-01-01","   30","   35","   26"',
  '"USW00014819","2024-01-02","   28","","   21"',
  '"USW00014819","2024-01-03","","   40","   31"',
  '"USW00014819","2024-01-04","","",""',
  '"USW00094846","2024-01-01","   29","   34","   25"',
].join('\r\n');

describe('NCEI daily-summaries CSV', () => {
  it('reads the mean of TMAX and TMIN, else TAVG, for the station asked', () => {
    const days = parseDailySummariesCsv(RECORDED, 'USW00014819');
    expect([...days]).toEqual([
      ['2024-01-01', 30.5],
      ['2024-01-02', 28],
      ['2024-01-03', 35.5],
    ]);
  });

  it('builds the documented request', () => {
    const url = new URL(
      dailySummariesUrl(
        'https://ncei.test/access/services/data/v1',
        'USW00014819',
        '2024-01-01',
        '2024-02-29',
      ),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      dataset: 'daily-summaries',
      stations: 'USW00014819',
      startDate: '2024-01-01',
      endDate: '2024-02-29',
      dataTypes: 'TMAX,TMIN,TAVG',
      units: 'standard',
      format: 'csv',
    });
  });

  it('refuses an answer without its key columns', () => {
    expect(() => parseDailySummariesCsv('"A","B"\n"1","2"', 'USW00014819')).toThrow(/STATION and DATE/);
  });
});

describe('weather settings', () => {
  it('use the bundled data unless NOAA is asked for, and refuse an unknown source', () => {
    expect(loadConfig({ JWT_SECRET: 's' }).weatherNcei).toBeUndefined();
    expect(loadConfig({ JWT_SECRET: 's', WEATHER_SOURCE: 'noaa' }).weatherNcei).toEqual({
      url: NCEI_ACCESS_DATA_URL,
      timeoutMs: 15_000,
    });
    expect(() => loadConfig({ JWT_SECRET: 's', WEATHER_SOURCE: 'wunderground' })).toThrow(/WEATHER_SOURCE/);
    expect(() =>
      loadConfig({ JWT_SECRET: 's', WEATHER_SOURCE: 'noaa', WEATHER_NCEI_URL: 'ftp://x' }),
    ).toThrow(/WEATHER_NCEI_URL/);
  });
});

/** A day's temperature on the fake: a seasonal cycle, whole degrees as NCEI gives them. */
const fakeHigh = (date: string) =>
  Math.round(70 - 25 * Math.cos((2 * Math.PI * (Date.parse(date) / 86_400_000 - 15)) / 365.25));

/** A fake NCEI answering daily-summaries CSV for any station and range, counting requests; `failing` answers 503. */
function fakeNcei() {
  const requests: URL[] = [];
  const state = { failing: false };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push(url);
    if (state.failing) {
      response.writeHead(503).end('Service Unavailable');
      return;
    }
    const station = url.searchParams.get('stations') ?? '';
    const start = url.searchParams.get('startDate') ?? '';
    const end = url.searchParams.get('endDate') ?? '';
    const lines = datesBetween(start, addDays(end, 1)).map((date) => {
      const high = fakeHigh(date);
      return `"${station}","${date}","","${String(high).padStart(5)}","${String(high - 16).padStart(5)}"`;
    });
    response.writeHead(200, { 'content-type': 'text/csv' });
    response.end(['"STATION","DATE","TAVG","TMAX","TMIN"', ...lines].join('\n'));
  });
  return { server, requests, state };
}

let ncei: ReturnType<typeof fakeNcei>;
let demo: DemoServer;
let northwindAccount: string;
let harborAccount: string;

beforeAll(async () => {
  ncei = fakeNcei();
  await new Promise<void>((resolve) => ncei.server.listen(0, '127.0.0.1', resolve));
  const { port } = ncei.server.address() as AddressInfo;
  demo = await startDemoServer({
    env: { WEATHER_SOURCE: 'noaa', WEATHER_NCEI_URL: `http://127.0.0.1:${port}/access/services/data/v1` },
  });
  const accountWithElectric = async (companyId: number) => {
    const [row] = await demo.rows<{ id: string }>(
      sql`select a.id from accounts a where a.company_id = ${companyId} and a.services like '%electric%'
          and exists (select 1 from bills b where b.account_id = a.id and b.read_date_from is not null)
          order by a.id limit 1`,
    );
    if (!row) throw new Error('no account');
    return row.id;
  };
  northwindAccount = await accountWithElectric(demo.companies.northwind);
  harborAccount = await accountWithElectric(demo.companies.harbor);
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
  await new Promise((resolve) => ncei.server.close(resolve));
});

interface Answer {
  station: {
    station: { ghcnId: string };
    distanceMiles: number;
    coverage: { completeness: number };
    sources: string[];
    upstreamAvailable: boolean;
  } | null;
  report: WeatherReport | null;
}

describe('GET /api/weather/accounts/:id', () => {
  it('fetches the station’s days from NOAA once and computes the report on them', async () => {
    const first = await demo.as<Answer>('northwindAdmin', 'GET', `/api/weather/accounts/${northwindAccount}`);
    expect(first.status).toBe(200);
    expect(first.body.station?.sources[0]).toBe('NOAA NCEI GHCN-Daily');
    expect(first.body.station?.upstreamAvailable).toBe(true);
    const asked = ncei.requests.length;
    expect(asked).toBeGreaterThan(0);
    expect(
      ncei.requests.every((url) => url.searchParams.get('stations') === first.body.station?.station.ghcnId),
    ).toBe(true);
    const electric = first.body.report?.services.find((s) => s.serviceType === 'electric');
    expect(electric?.periods.length).toBeGreaterThan(10);
    // Every bill period lies in the fetched months, so every day has a temperature.
    expect(electric?.periods.every((p) => p.completeness === 1)).toBe(true);
    expect(electric?.sufficiency.sufficient).toBe(true);
    expect(electric?.model).not.toBeNull();

    // The same domain function on the device's inputs gives the same report: the account's bills, and the fake's
    // days over the bills' span added to the station's bundled days.
    const accountBills = await demo.server.db
      .select()
      .from(bills)
      .where(eq(bills.accountId, northwindAccount))
      .orderBy(asc(bills.billMonth), asc(bills.id));
    const ghcnId = first.body.station?.station.ghcnId ?? '';
    const temperatures = bundledTemperatures(ghcnId);
    const from = accountBills.flatMap((b) => (b.readDateFrom ? [b.readDateFrom] : [])).sort()[0] ?? '';
    const to =
      accountBills
        .flatMap((b) => (b.readDateTo ? [b.readDateTo] : []))
        .sort()
        .at(-1) ?? '';
    for (const date of datesBetween(from, addDays(to, 1))) temperatures.set(date, fakeHigh(date) - 8);
    const onDevice = JSON.parse(
      JSON.stringify(weatherReport(accountBills, temperatures, null)),
    ) as WeatherReport;
    expect(first.body.report).toEqual(onDevice);

    const second = await demo.as<Answer>(
      'northwindAdmin',
      'GET',
      `/api/weather/accounts/${northwindAccount}`,
    );
    expect(second.status).toBe(200);
    expect(ncei.requests.length).toBe(asked);
    expect(second.body.report).toEqual(first.body.report);
  });

  it('answers 404 to a company without the flag, and 400 to a bad baseline end', async () => {
    const harbor = await demo.as('harborClient', 'GET', `/api/weather/accounts/${harborAccount}`);
    expect(harbor.status).toBe(404);
    const bad = await demo.as(
      'northwindAdmin',
      'GET',
      `/api/weather/accounts/${northwindAccount}?baselineEnd=soon`,
    );
    expect(bad.status).toBe(400);
  });

  it('still answers from the cache and the bundled data when NOAA fails', async () => {
    ncei.state.failing = true;
    try {
      // An account served by another station than the first test's, so nothing of it is cached.
      const rows = await demo.rows<{ id: string; state: string }>(
        sql`select a.id, l.state from accounts a join locations l on l.id = a.location_id
            where a.company_id = ${demo.companies.northwind} order by a.id`,
      );
      const stationOf = (state: string) => stationForState(state)?.station.ghcnId;
      const firstState = rows.find((row) => row.id === northwindAccount)?.state ?? '';
      const other = rows.find((row) => stationOf(row.state) !== stationOf(firstState));
      if (!other) throw new Error('no account served by another station');
      const answer = await demo.as<Answer>('northwindAdmin', 'GET', `/api/weather/accounts/${other.id}`);
      expect(answer.status).toBe(200);
      expect(answer.body.station?.upstreamAvailable).toBe(false);
      expect(answer.body.station?.sources).toEqual(['Bundled (FiveThirtyEight / NOAA airport observations)']);
    } finally {
      ncei.state.failing = false;
    }
  });

  it('sends a station’s NOAA days for the device, within bounds', async () => {
    const station = 'USW00014819';
    const path = `/api/companies/${demo.companies.northwind}/weather/stations/${station}/temperatures`;
    const answer = await demo.as<{ source: string | null; days: [string, number][] }>(
      'northwindAdmin',
      'GET',
      `${path}?start=2025-01-01&end=2025-01-31`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.source).toBe('NOAA NCEI GHCN-Daily');
    expect(answer.body.days).toHaveLength(31);
    expect(answer.body.days[0]).toEqual(['2025-01-01', fakeHigh('2025-01-01') - 8]);
    expect((await demo.as('northwindAdmin', 'GET', `${path}?start=2025-01-31&end=2025-01-01`)).status).toBe(
      400,
    );
    expect((await demo.as('northwindAdmin', 'GET', `${path}?start=2010-01-01&end=2025-01-01`)).status).toBe(
      400,
    );
    const unknown = `/api/companies/${demo.companies.northwind}/weather/stations/USW00099999/temperatures`;
    expect(
      (await demo.as('northwindAdmin', 'GET', `${unknown}?start=2025-01-01&end=2025-01-31`)).status,
    ).toBe(404);
    const harbor = `/api/companies/${demo.companies.harbor}/weather/stations/${station}/temperatures`;
    expect((await demo.as('harborClient', 'GET', `${harbor}?start=2025-01-01&end=2025-01-31`)).status).toBe(
      404,
    );
  });
});
