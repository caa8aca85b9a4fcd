import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAccountsByService } from '../../../src/domain/accounts';
import { LOCATION_EXTRA_AFTER } from '../../../src/domain/grid';
import {
  SEED_TIMEOUT_MS,
  startDemoServer,
  sqlList,
  sumDollars,
  twelveMonthsEnding,
} from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';

interface LocationRow extends Record<string, unknown> {
  id: string;
  name: string;
  state: string;
  services: string;
  tagIds: string[];
  twelveMonthCharges: number;
  missingInvoiceCount: number;
  accountCount: number;
}

interface SpendAnswer {
  endMonth: string;
  months: string[];
  totalCharges: number;
  byService: { serviceType: string; totalCharges: number; taxesFees: number }[];
  rows: { metricMonth: string; serviceType: string; totalCharges: number; isInvoiceMissing: boolean }[];
}

let demo: DemoServer;
let northwind: number;
let window: string[];

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  const [latest] = await demo.rows<{ m: string }>(
    sql`select max(bill_month) as m from bills where company_id = ${northwind}`,
  );
  window = twelveMonthsEnding(latest?.m ?? '');
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('GET /api/locations', () => {
  it('lists every site of the company with 23 fixed fields, then the custom attributes in order', async () => {
    const res = await demo.as<LocationRow[]>('northwindClient', 'GET', '/api/locations');
    expect(res.status).toBe(200);
    const sites = await demo.rows<{ id: string }>(
      sql`select id from locations where company_id = ${northwind}`,
    );
    expect(res.body.map((row) => row.id).sort()).toEqual(sites.map((row) => row.id).sort());
    const attributes = await demo.rows<{ attribute_name: string }>(
      sql`select attribute_name from custom_attributes where company_id = ${northwind} order by position, attribute_name`,
    );
    for (const row of res.body) {
      const keys = Object.keys(row);
      expect(keys.slice(0, 6)).toEqual(['name', 'address', 'city', 'state', 'zip', 'services']);
      expect(keys.slice(LOCATION_EXTRA_AFTER)).toEqual(attributes.map((a) => a.attribute_name));
    }
  });

  it('gives each site its services, attribute values and 12-month charges as the database has them', async () => {
    const res = await demo.as<LocationRow[]>('northwindClient', 'GET', '/api/locations');
    const accounts = await demo.rows<{ location_id: string; services: string }>(
      sql`select location_id, services from accounts where company_id = ${northwind}`,
    );
    const charges = await demo.rows<{ location_id: string; total_new_charges: string }>(sql`
      select location_id, total_new_charges::text from bills
      where company_id = ${northwind} and bill_month in (${sqlList(window)})`);
    const values = await demo.rows<{ location_id: string; attribute_name: string; value: string }>(sql`
      select v.location_id, a.attribute_name, v.value from location_attribute_values v
      join custom_attributes a on a.id = v.attribute_id where v.company_id = ${northwind}`);
    for (const row of res.body) {
      const services = new Set(
        accounts.filter((a) => a.location_id === row.id).flatMap((a) => a.services.split(',')),
      );
      expect(new Set(row.services.split(','))).toEqual(services);
      expect(row.accountCount).toBe(accounts.filter((a) => a.location_id === row.id).length);
      expect(row.twelveMonthCharges).toBe(
        sumDollars(
          charges.filter((bill) => bill.location_id === row.id).map((bill) => bill.total_new_charges),
        ),
      );
      for (const value of values.filter((v) => v.location_id === row.id))
        expect(row[value.attribute_name]).toBe(value.value);
    }
  });

  it('filters by state, service and tag', async () => {
    const tx = await demo.as<LocationRow[]>('northwindClient', 'GET', '/api/locations?state=tx');
    const [texas] = await demo.rows<{ n: number }>(
      sql`select count(*)::int as n from locations where company_id = ${northwind} and state = 'TX'`,
    );
    expect(tx.body.length).toBe(texas?.n);
    expect(tx.body.every((row) => row.state === 'TX')).toBe(true);
    const gas = await demo.as<LocationRow[]>('northwindClient', 'GET', '/api/locations?service=natural_gas');
    expect(gas.body.length).toBeGreaterThan(0);
    expect(gas.body.every((row) => row.services.split(',').includes('natural_gas'))).toBe(true);
    const [tag] = await demo.rows<{ tag_id: string; n: number }>(sql`
      select tag_id, count(*)::int as n from site_tags where company_id = ${northwind} group by tag_id order by 2 desc limit 1`);
    const tagged = await demo.as<LocationRow[]>(
      'northwindClient',
      'GET',
      `/api/locations?tagId=${tag?.tag_id}`,
    );
    expect(tagged.body.length).toBe(tag?.n);
    const all = await demo.as<LocationRow[]>('northwindClient', 'GET', '/api/locations?service=');
    expect(all.body.length).toBeGreaterThan(gas.body.length);
  });

  it('answers the same list through the consultant twin, and 404 for companies the caller cannot reach', async () => {
    const client = await demo.as<LocationRow[]>('northwindClient', 'GET', '/api/locations');
    const twin = await demo.as<LocationRow[]>('consultant', 'GET', `/api/companies/${northwind}/locations`);
    expect(twin.status).toBe(200);
    expect(twin.body).toEqual(client.body);
    expect(
      (await demo.as('consultant', 'GET', `/api/companies/${demo.companies.cedar}/locations`)).status,
    ).toBe(404);
    expect((await demo.as('harborClient', 'GET', `/api/companies/${northwind}/locations`)).status).toBe(404);
    expect(
      (await demo.as('harborClient', 'GET', `/api/companies/${northwind}/locations/overview`)).status,
    ).toBe(404);
  });

  it('rejects unknown query parameters with field errors', async () => {
    const res = await demo.as<{ error: { fields: Record<string, string> } }>(
      'northwindClient',
      'GET',
      '/api/locations?colour=red',
    );
    expect(res.status).toBe(400);
    const bad = await demo.as<{ error: { fields: Record<string, string> } }>(
      'northwindClient',
      'GET',
      '/api/locations?tagId=nope',
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toContain('querystring.tagId');
  });
});

describe('locations overview figures', () => {
  it('totals spend per service over the latest 12 bill months', async () => {
    const res = await demo.as<SpendAnswer>(
      'northwindClient',
      'GET',
      '/api/locations/totalSpendByServiceType',
    );
    expect(res.status).toBe(200);
    expect(res.body.months).toEqual(window);
    const services = await demo.rows<{ service_type: string; charges: string; bill_month: string }>(sql`
      select s->>'serviceType' as service_type, s->>'charges' as charges, b.bill_month from bills b, jsonb_array_elements(b.services) s
      where b.company_id = ${northwind} and b.bill_month in (${sqlList(window)})`);
    expect(res.body.totalCharges).toBe(sumDollars(services.map((s) => s.charges)));
    for (const row of res.body.byService) {
      expect(row.totalCharges).toBe(
        sumDollars(services.filter((s) => s.service_type === row.serviceType).map((s) => s.charges)),
      );
    }
    const [first] = res.body.rows;
    expect(first?.totalCharges).toBe(
      sumDollars(
        services
          .filter((s) => s.service_type === first?.serviceType && s.bill_month === first.metricMonth)
          .map((s) => s.charges),
      ),
    );
    const missing = await demo.rows<{ bill_month: string; services: string }>(sql`
      select b.bill_month, a.services from bills b join accounts a on a.id = b.account_id
      where b.company_id = ${northwind} and b.is_invoice_missing and b.bill_month in (${sqlList(window)})`);
    for (const bill of missing) {
      const service = bill.services.split(',')[0];
      expect(
        res.body.rows.find((r) => r.metricMonth === bill.bill_month && r.serviceType === service)
          ?.isInvoiceMissing,
      ).toBe(true);
    }
  });

  it('counts sites, accounts and missing invoices on the overview', async () => {
    const res = await demo.as<
      Record<string, number> & {
        byService: { serviceType: string; totalCharges: number; accountCount: number }[];
      }
    >('northwindClient', 'GET', '/api/locations/overview');
    expect(res.status).toBe(200);
    const [counts] = await demo.rows<{
      locations: number;
      accounts: number;
      missing: number;
      charges: string;
    }>(sql`
      select (select count(*)::int from locations where company_id = ${northwind}) as locations,
             (select count(*)::int from accounts where company_id = ${northwind}) as accounts,
             (select count(*)::int from bills where company_id = ${northwind} and is_invoice_missing and bill_month in (${sqlList(window)})) as missing,
             (select sum((s->>'charges')::numeric)::text from bills b, jsonb_array_elements(b.services) s
               where b.company_id = ${northwind} and b.bill_month in (${sqlList(window)})) as charges`);
    expect(res.body).toMatchObject({
      locationCount: counts?.locations,
      accountCount: counts?.accounts,
      missingInvoiceCount: counts?.missing,
      totalCharges: Number(counts?.charges),
    });
    const electric = res.body.byService.find((row) => row.serviceType === 'electric');
    const [electricAccounts] = await demo.rows<{ n: number }>(
      sql`select count(*)::int as n from accounts where company_id = ${northwind} and 'electric' = any(string_to_array(services, ','))`,
    );
    expect(electric?.accountCount).toBe(electricAccounts?.n);
  });

  it('counts accounts per service type, an account with two services counting for both', async () => {
    const res = await demo.as<{ serviceType: string; label: string; count: number }[]>(
      'northwindClient',
      'GET',
      '/api/locations/totalNumberOfAccountsByServiceTypes',
    );
    const accounts = await demo.rows<{ services: string }>(
      sql`select services from accounts where company_id = ${northwind}`,
    );
    const expected = new Map<string, number>();
    for (const account of accounts)
      for (const s of account.services.split(',')) expected.set(s, (expected.get(s) ?? 0) + 1);
    expect(new Map(res.body.map((row) => [row.serviceType, row.count]))).toEqual(expected);
    // In the order the device lists its own accounts: the shared rule, ties included.
    expect(res.body.map(({ serviceType, count }) => ({ serviceType, count }))).toEqual(
      countAccountsByService(accounts),
    );
    expect(res.body.find((row) => row.serviceType === 'sewer')?.label).toBe('Sewage');
    const accountsTwin = await demo.as(
      'consultant',
      'GET',
      `/api/companies/${northwind}/accounts/totalNumberOfAccountsByServiceTypes`,
    );
    expect(accountsTwin.body).toEqual(res.body);
  });

  it('totals 12-month usage per usage service in the default units', async () => {
    const res = await demo.as<{ byService: { serviceType: string; totalUsage: number; unit: string }[] }>(
      'northwindClient',
      'GET',
      '/api/locations/usage',
    );
    expect(res.status).toBe(200);
    const units = Object.fromEntries(res.body.byService.map((row) => [row.serviceType, row.unit]));
    expect(units).toMatchObject({ electric: 'kWh', natural_gas: 'Therms', water: 'Gallons' });
    expect(units.trash).toBeUndefined();
    const [electric] = await demo.rows<{ usage: string }>(sql`
      select sum((s->>'usage')::numeric)::text as usage from bills b, jsonb_array_elements(b.services) s
      where b.company_id = ${northwind} and b.bill_month in (${sqlList(window)}) and s->>'serviceType' = 'electric'`);
    expect(res.body.byService.find((row) => row.serviceType === 'electric')?.totalUsage).toBe(
      Number(electric?.usage),
    );
  });

  it('lists the distinct states of the sites with their labels', async () => {
    const res = await demo.as<{ key: string; label: string }[]>(
      'northwindClient',
      'GET',
      '/api/locations/states',
    );
    const states = await demo.rows<{ state: string }>(
      sql`select distinct state from locations where company_id = ${northwind}`,
    );
    expect(res.body.map((row) => row.key).sort()).toEqual(states.map((row) => row.state).sort());
    expect(res.body.find((row) => row.key === 'TX')?.label).toBe('Texas');
  });
});
