import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_EXTRA_AFTER } from '../../../src/domain/grid';
import { SERVICE_TYPES } from '../../../src/domain/serviceTypes';
import {
  SEED_TIMEOUT_MS,
  startDemoServer,
  sqlList,
  sumDollars,
  twelveMonthsEnding,
} from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';

interface AccountRow extends Record<string, unknown> {
  id: string;
  serviceAddress: string | null;
  esiId: string | null;
  meterCustomerNumbers: string | null;
  meterNumber: string | null;
  locationState: string;
  locationId: string;
  vendorName: string;
  twelveMonthCharges: number;
  version: number;
}

let demo: DemoServer;
let northwind: number;
let window: string[];
let nonTexasId: string;

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  const [latest] = await demo.rows<{ m: string }>(
    sql`select max(bill_month) as m from bills where company_id = ${northwind}`,
  );
  window = twelveMonthsEnding(latest?.m ?? '');
  // The seed gives esiIds only to Texas accounts; one outside Texas shows the spec's rule.
  const [other] = await demo.rows<{ id: string }>(sql`
    select a.id from accounts a join locations l on l.id = a.location_id
    where a.company_id = ${northwind} and l.state <> 'TX' and a.meter_customer_numbers is not null order by a.account_number limit 1`);
  nonTexasId = other?.id ?? '';
  await demo.server.db.execute(sql`update accounts set esi_id = '55501234' where id = ${nonTexasId}`);
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('GET /api/accounts', () => {
  it('lists every account in rows of exactly 33 fields, the grid fields first', async () => {
    const res = await demo.as<AccountRow[]>('northwindClient', 'GET', '/api/accounts');
    expect(res.status).toBe(200);
    const ids = await demo.rows<{ id: string }>(sql`select id from accounts where company_id = ${northwind}`);
    expect(res.body.map((row) => row.id).sort()).toEqual(ids.map((row) => row.id).sort());
    for (const row of res.body) {
      const keys = Object.keys(row);
      expect(keys).toHaveLength(ACCOUNT_EXTRA_AFTER);
      expect(keys.slice(0, 10)).toEqual([
        'serviceAddress',
        'services',
        'collectionType',
        'esiId',
        'meterCustomerNumbers',
        'meterNumber',
        'serviceCity',
        'serviceZip',
        'locationState',
        'nickname',
      ]);
    }
  });

  it('fills each row from the database: vendor, meters, address fallback, 12-month charges', async () => {
    const res = await demo.as<AccountRow[]>('northwindClient', 'GET', '/api/accounts');
    const accounts = await demo.rows<{
      id: string;
      vendor: string;
      service_address: string | null;
      address: string;
      meters: string | null;
      version: string;
    }>(sql`
      select a.id, v.name as vendor, a.service_address, l.address, a.version::text as version,
             (select string_agg(meter_number, ', ' order by meter_number) from meters m where m.account_id = a.id) as meters
      from accounts a join vendors v on v.id = a.vendor_id join locations l on l.id = a.location_id
      where a.company_id = ${northwind}`);
    const bills = await demo.rows<{ account_id: string; total: string }>(sql`
      select account_id, total_new_charges::text as total from bills where company_id = ${northwind} and bill_month in (${sqlList(window)})`);
    expect(accounts.some((a) => a.service_address === null)).toBe(true);
    for (const row of res.body) {
      const account = accounts.find((a) => a.id === row.id);
      expect(row).toMatchObject({
        vendorName: account?.vendor,
        meterNumber: account?.meters ?? null,
        serviceAddress: account?.service_address ?? account?.address,
        version: Number(account?.version),
      });
      expect(row.twelveMonthCharges).toBe(
        sumDollars(bills.filter((b) => b.account_id === row.id).map((b) => b.total)),
      );
    }
  });

  it('shows an esiId outside Texas among the meter/customer numbers, and keeps Texas esiIds', async () => {
    const res = await demo.as<AccountRow[]>('northwindClient', 'GET', '/api/accounts');
    const other = res.body.find((row) => row.id === nonTexasId);
    expect(other?.esiId).toBe('');
    expect(other?.meterCustomerNumbers).toMatch(/, 55501234$/);
    const texas = res.body.filter((row) => row.locationState === 'TX' && row.esiId);
    expect(texas.length).toBeGreaterThan(0);
    for (const row of texas) expect(row.esiId).toMatch(/^[0-9]{17}$/);
  });

  it("narrows to one location with ?locationId=, and finds nothing for another company's location", async () => {
    const [site] = await demo.rows<{ location_id: string; n: number }>(sql`
      select location_id, count(*)::int as n from accounts where company_id = ${northwind} group by 1 order by 2 desc limit 1`);
    const res = await demo.as<AccountRow[]>(
      'northwindClient',
      'GET',
      `/api/accounts?locationId=${site?.location_id}`,
    );
    expect(res.body).toHaveLength(site?.n ?? -1);
    expect(res.body.every((row) => row.locationId === site?.location_id)).toBe(true);
    const byLocation = await demo.as<AccountRow[]>(
      'northwindClient',
      'GET',
      `/api/locations/${site?.location_id}/accounts`,
    );
    expect(byLocation.body).toEqual(res.body);
    const foreign = await demo.as<AccountRow[]>(
      'harborClient',
      'GET',
      `/api/accounts?locationId=${site?.location_id}`,
    );
    expect(foreign).toMatchObject({ status: 200, body: [] });
  });

  it('answers the consultant twin like the client route, and 404 for unreachable companies', async () => {
    const client = await demo.as('northwindClient', 'GET', '/api/accounts');
    const twin = await demo.as('consultant', 'GET', `/api/companies/${northwind}/accounts`);
    expect(twin.body).toEqual(client.body);
    expect(
      (await demo.as('consultant', 'GET', `/api/companies/${demo.companies.cedar}/accounts`)).status,
    ).toBe(404);
    expect((await demo.as('harborClient', 'GET', `/api/companies/${northwind}/accounts`)).status).toBe(404);
    expect(
      (await demo.as('harborClient', 'GET', `/api/companies/${northwind}/accounts/info/overview`)).status,
    ).toBe(404);
  });
});

describe('accounts overview calls', () => {
  it('counts accounts, by collection type too, and totals the latest 12 months', async () => {
    const res = await demo.as<{
      accountCount: number;
      totalCharges: number;
      months: string[];
      byCollectionType: { count: number }[];
    }>('northwindClient', 'GET', '/api/accounts/info/overview');
    expect(res.status).toBe(200);
    const [counts] = await demo.rows<{ accounts: number; charges: string }>(sql`
      select (select count(*)::int from accounts where company_id = ${northwind}) as accounts,
             (select sum((s->>'charges')::numeric)::text from bills b, jsonb_array_elements(b.services) s
               where b.company_id = ${northwind} and b.bill_month in (${sqlList(window)})) as charges`);
    expect(res.body).toMatchObject({
      accountCount: counts?.accounts,
      totalCharges: Number(counts?.charges),
      months: window,
    });
    expect(res.body.byCollectionType.reduce((sum, row) => sum + row.count, 0)).toBe(counts?.accounts);
  });

  it('lists the service types of the spec with ids and units', async () => {
    const res = await demo.as<{ value: string; id: number; label: string; unit: string | null }[]>(
      'northwindClient',
      'GET',
      '/api/accounts/serviceTypes',
    );
    expect(res.body.map((row) => row.value)).toEqual(SERVICE_TYPES.map((type) => type.value));
    expect(res.body[0]).toEqual({ value: 'electric', id: 4, label: 'Electricity', unit: 'kWh' });
  });
});

describe('GET /api/companies/businessUnits/:id', () => {
  it('lists a parent company and its children', async () => {
    const { cedar, cedarNorth, cedarSouth } = demo.companies;
    const res = await demo.as<{ id: number; isParent: boolean }[]>(
      'superConsultant',
      'GET',
      `/api/companies/businessUnits/${cedar}?isParent=true`,
    );
    expect(res.status).toBe(200);
    expect(res.body.map((row) => row.id)).toEqual([cedar, ...[cedarNorth, cedarSouth].sort((a, b) => a - b)]);
    expect(res.body[0]?.isParent).toBe(true);
    const alone = await demo.as<{ id: number }[]>(
      'superConsultant',
      'GET',
      `/api/companies/businessUnits/${cedar}?isParent=false`,
    );
    expect(alone.body.map((row) => row.id)).toEqual([cedar]);
  });

  it('answers a company without children with itself, and 404 where the caller cannot reach', async () => {
    const own = await demo.as<{ id: number }[]>(
      'northwindClient',
      'GET',
      `/api/companies/businessUnits/${northwind}?isParent=true`,
    );
    expect(own.body.map((row) => row.id)).toEqual([northwind]);
    expect(
      (await demo.as('northwindClient', 'GET', `/api/companies/businessUnits/${demo.companies.cedar}`))
        .status,
    ).toBe(404);
    expect(
      (
        await demo.as(
          'consultant',
          'GET',
          `/api/companies/businessUnits/${demo.companies.cedar}?isParent=true`,
        )
      ).status,
    ).toBe(404);
  });
});
