// The weather-based outlier in the server's audit run (server/src/audits/raiseAlerts.ts): two companies with the
// same site (Austin, TX: Houston Hobby's station), the same electric bills of a known load and the same station
// temperatures held by the server (the NOAA cache). The company with weather normalisation gets a
// 'weather_outlier' alert on the bill 60 % above its load and on no other; the company without the flag gets none.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseBillAlerts } from '../../../server/src/audits/raiseAlerts';
import { alerts, companies, weatherDailyTemperatures } from '../../../server/src/db/schema';
import { bumpCompanyVersion } from '../../../server/src/sync/versioning';
import {
  addDays,
  coolingDegreeDays,
  datesBetween,
  meanOf,
  periodTemperatures,
} from '../../../src/domain/weather/degreeDays';
import { stationForState } from '../../../src/domain/weather/stations';
import { insertBills } from '../../helpers/alertWorld';
import type { BillSpec } from '../../helpers/alertWorld';
import { seedWorld } from '../../helpers/companyWorld';
import type { World, WorldCompany } from '../../helpers/companyWorld';
import { SEED_TIMEOUT_MS } from '../../helpers/demoServer';
import { startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';

let server: TestServer;
let world: World;

/** A warm climate's daily means with a day-to-day wobble that repeats every 7 days. */
const temperatures = new Map(
  datesBetween('2023-01-01', '2025-01-01').map((date, day) => [
    date,
    72 - 16 * Math.cos((2 * Math.PI * (day - 15)) / 365) + ((day * 5) % 7) - 3,
  ]),
);

/** Electric use of a 30-day period from `start`: 300 kWh/day and 40 kWh per CDD at 65 °F, ±3 % by period. */
function bill(index: number, factor = 1): BillSpec {
  const start = addDays('2023-01-01', index * 30);
  const end = addDays(start, 30);
  const cdd = meanOf(periodTemperatures(temperatures, start, end).map((t) => coolingDegreeDays(t, 65)));
  const usage = (300 + 40 * cdd) * 30 * (1 + 0.03 * Math.sin(index * 2.1)) * factor;
  return {
    month: addDays(end, -1).slice(0, 7),
    invoiceDate: addDays(end, 3),
    readDateFrom: start,
    readDateTo: addDays(end, -1),
    charges: Math.round(usage * 0.12 * 100) / 100,
    usage: Math.round(usage),
  };
}

beforeAll(async () => {
  server = await startTestServer({ seed: async (db) => void (world = await seedWorld(db)) });
  const stationId = stationForState('TX')?.station.ghcnId ?? '';
  await server.db
    .insert(weatherDailyTemperatures)
    .values([...temperatures].map(([day, meanF]) => ({ stationId, day, meanF })));
  await server.db
    .update(companies)
    .set({ weatherNormalizationAccess: true })
    .where(eq(companies.id, world.a.id));
  await server.db
    .update(companies)
    .set({ weatherNormalizationAccess: false })
    .where(eq(companies.id, world.b.id));
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await server.close();
});

/** Writes the bills (the 15th 60 % above its load) and audits them; answers the weather alerts' bill ids. */
async function weatherAlertsOf(company: WorldCompany): Promise<{ billIds: string[]; outlier: string }> {
  const ids = await insertBills(
    server.db,
    company,
    Array.from({ length: 16 }, (_, i) => bill(i, i === 14 ? 1.6 : 1)),
  );
  await server.db.transaction(async (tx) => {
    const version = await bumpCompanyVersion(tx, company.id);
    await raiseBillAlerts(tx, {
      companyId: company.id,
      version,
      accountIds: [company.accountId],
      today: '2024-06-01',
    });
  });
  const rows = await server.db.select().from(alerts).where(eq(alerts.companyId, company.id));
  return {
    billIds: rows.filter((row) => row.rule === 'weather_outlier').map((row) => row.billId ?? ''),
    outlier: ids[14] ?? '',
  };
}

describe('weather-based outlier alerts', () => {
  it('are raised for a company with weather normalisation, on the bill outside its prediction interval', async () => {
    const { billIds, outlier } = await weatherAlertsOf(world.a);
    expect(billIds).toEqual([outlier]);
  });

  it('are not raised for a company without it', async () => {
    const { billIds } = await weatherAlertsOf(world.b);
    expect(billIds).toEqual([]);
  });
});
