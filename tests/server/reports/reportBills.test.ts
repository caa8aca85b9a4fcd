import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';

let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer();
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('GET bills/{companyId}/locationBills', () => {
  it('answers the bills of the chosen sites over whole years', async () => {
    const company = demo.companies.northwind;
    const [site] = await demo.rows<{ id: string }>(
      sql`select location_id as id from bills where company_id = ${company} group by location_id order by location_id limit 1`,
    );
    if (!site) throw new Error('no bills');
    const expected = await demo.rows<{ n: number }>(
      sql`select count(*)::int as n from bills where location_id = ${site.id} and bill_month between '2025-01' and '2025-12'`,
    );
    const res = await demo.as<{ locationId: string; billMonth: string }[]>(
      'northwindAdmin',
      'GET',
      `/api/bills/${company}/locationBills?siteIds=${site.id}&fromYear=2025&toYear=2025`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(expected[0]?.n ?? -1);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((bill) => bill.locationId === site.id && bill.billMonth.startsWith('2025'))).toBe(
      true,
    );
  });

  it('refuses a reversed range and hides other companies', async () => {
    const company = demo.companies.northwind;
    const reversed = await demo.as(
      'northwindAdmin',
      'GET',
      `/api/bills/${company}/locationBills?fromYear=2026&toYear=2025`,
    );
    expect(reversed.status).toBe(400);
    const foreign = await demo.as(
      'northwindAdmin',
      'GET',
      `/api/bills/${demo.companies.harbor}/locationBills?fromYear=2025&toYear=2025`,
    );
    expect(foreign.status).toBe(404);
  });
});

describe('GET bills/{companyId}/getAllSitesMissingBills', () => {
  it('answers the missing invoices of the years with the rule the device uses', async () => {
    const company = demo.companies.northwind;
    const res = await demo.as<{ billMonth: string; reason: string }[]>(
      'northwindAdmin',
      'GET',
      `/api/bills/${company}/getAllSitesMissingBills?fromYear=2025&toYear=2025`,
    );
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((invoice) => invoice.billMonth.startsWith('2025'))).toBe(true);
    const report = await demo.as<{ rows: unknown[] }>(
      'northwindAdmin',
      'GET',
      `/api/reporting/report?reportType=missingInvoices&jsonFilter=${encodeURIComponent(JSON.stringify({ fromMonth: '2025-01', toMonth: '2025-12' }))}`,
    );
    expect(report.body.rows).toHaveLength(res.body.length);
  });
});
