import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TYPE_IDS } from '../../../src/domain/reports/types';
import type { ReportResult } from '../../../src/domain/reports/types';
import { SEED_TIMEOUT_MS, startDemoServer, sumDollars } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';

const RANGE = { fromMonth: '2025-03', toMonth: '2026-02' };
let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer();
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

const reportPath = (reportType: string, filter: unknown, prefix = '') =>
  `/api${prefix}/reporting/report?reportType=${reportType}&jsonFilter=${encodeURIComponent(JSON.stringify(filter))}`;

describe('GET /reporting/report', () => {
  it('runs every report type for the caller’s company, with typed columns and rows keyed by them', async () => {
    for (const reportType of REPORT_TYPE_IDS) {
      const res = await demo.as<ReportResult>('northwindAdmin', 'GET', reportPath(reportType, RANGE));
      expect(res.status, reportType).toBe(200);
      expect(res.body.reportType).toBe(reportType);
      expect(res.body.rows.length, reportType).toBeGreaterThan(0);
      const keys = res.body.columns.map((column) => column.key);
      for (const row of res.body.rows.slice(0, 20)) expect(Object.keys(row).sort()).toEqual([...keys].sort());
    }
  });

  it('answers bill detail rows that add up to the bills’ totals, month by month', async () => {
    const res = await demo.as<ReportResult>('northwindAdmin', 'GET', reportPath('billDetail', RANGE));
    const byMonth = new Map<string, number[]>();
    for (const row of res.body.rows) {
      const list = byMonth.get(String(row.bill_month)) ?? [];
      list.push(Number(row.cost));
      byMonth.set(String(row.bill_month), list);
    }
    const totals = await demo.rows<{ bill_month: string; total: string }>(sql`
      select bill_month, sum(total_new_charges)::text as total from bills
      where company_id = ${demo.companies.northwind} and not is_invoice_missing
        and bill_month between ${RANGE.fromMonth} and ${RANGE.toMonth}
      group by bill_month order by bill_month`);
    expect(totals.length).toBe(12);
    for (const { bill_month, total } of totals)
      expect(sumDollars(byMonth.get(bill_month) ?? [])).toBe(sumDollars([total]));
  });

  it('reads a saved filter by id, and narrows by state and service', async () => {
    const filters = await demo.as<{ id: string; name: string }[]>(
      'northwindAdmin',
      'GET',
      '/api/reporting/reportFilters',
    );
    const texas = filters.body.find((filter) => filter.name === 'Texas electric usage');
    if (!texas) throw new Error('the seeded filter is missing');
    const res = await demo.as<ReportResult>(
      'northwindAdmin',
      'GET',
      `/api/reporting/report?reportType=billDetail&id=${texas.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.rows.length).toBeGreaterThan(0);
    expect(new Set(res.body.rows.map((row) => row.service))).toEqual(new Set(['Electricity']));
    const sites = await demo.rows<{ name: string }>(
      sql`select name from locations where company_id = ${demo.companies.northwind} and state = 'TX'`,
    );
    const texasSites = new Set(sites.map((site) => site.name));
    for (const row of res.body.rows) expect(texasSites.has(String(row.site_name))).toBe(true);
  });

  it('adds weather-normalised usage for a company with weather normalisation, naming the accounts without a model', async () => {
    const asked = { ...RANGE, weatherNormalized: true };
    const flagged = await demo.as<ReportResult>('northwindAdmin', 'GET', reportPath('usageByMonth', asked));
    expect(flagged.status).toBe(200);
    expect(flagged.body.columns.map((column) => column.key)).toContain('usage_weather_normalized');
    // The demo's bills are of recent years and the server holds only the bundled 2014–15 temperatures (no NOAA
    // here): no account has a model, and the notes say which.
    expect(flagged.body.notes?.[1]).toMatch(
      /^No adequate weather model \(no normalised usage\) for \d+ account services: .+\(Electricity\)/,
    );
    expect(flagged.body.rows.every((row) => row.usage_weather_normalized === null)).toBe(true);
    const plain = await demo.as<ReportResult>('harborClient', 'GET', reportPath('yearOverYear', asked));
    expect(plain.status).toBe(200);
    expect(plain.body.columns.map((column) => column.key)).not.toContain('usage_weather_normalized');
    expect(plain.body.notes).toBeUndefined();
    const bad = await demo.as(
      'northwindAdmin',
      'GET',
      reportPath('usageByMonth', { ...RANGE, weatherNormalized: 'yes' }),
    );
    expect(bad.status).toBe(400);
  });

  it('answers 400 with the fields of a bad filter or report type', async () => {
    const bad = await demo.as<{ error: { fields: Record<string, string> } }>(
      'northwindAdmin',
      'GET',
      reportPath('billDetail', { fromMonth: '2025-13', toMonth: '2026-02', chargeTypes: ['Energy'] }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual([
      'querystring.jsonFilter.chargeTypes',
      'querystring.jsonFilter.fromMonth',
    ]);
    const type = await demo.as('northwindAdmin', 'GET', reportPath('everything', RANGE));
    expect(type.status).toBe(400);
    const none = await demo.as('northwindAdmin', 'GET', '/api/reporting/report?reportType=billDetail');
    expect(none.status).toBe(400);
  });

  it('keeps limited clients out (403), other companies hidden (404), and serves the consultant twin', async () => {
    expect((await demo.as('northwindLimited', 'GET', reportPath('billDetail', RANGE))).status).toBe(403);
    const foreign = reportPath('billDetail', RANGE, `/companies/${demo.companies.harbor}`);
    expect((await demo.as('northwindAdmin', 'GET', foreign)).status).toBe(404);
    const twin = await demo.as<ReportResult>(
      'consultant',
      'GET',
      reportPath('chargesByMonth', RANGE, `/companies/${demo.companies.northwind}`),
    );
    const own = await demo.as<ReportResult>('northwindAdmin', 'GET', reportPath('chargesByMonth', RANGE));
    expect(twin.status).toBe(200);
    expect(twin.body).toEqual(own.body);
  });

  it('answers 403 for emissions without sustainability access', async () => {
    await demo.rows(
      sql`update companies set sustainability_access = false where id = ${demo.companies.summit}`,
    );
    try {
      expect((await demo.as('summitClient', 'GET', reportPath('emissions', RANGE))).status).toBe(403);
      expect((await demo.as('summitClient', 'GET', reportPath('billDetail', RANGE))).status).toBe(200);
    } finally {
      await demo.rows(
        sql`update companies set sustainability_access = true where id = ${demo.companies.summit}`,
      );
    }
  });
});

describe('report filter choices', () => {
  it('lists the company’s states, services, vendors, sites, attributes and charge types', async () => {
    const res = await demo.as<{
      states: string[];
      serviceTypes: string[];
      vendors: { value: string; label: string }[];
      locations: unknown[];
      customAttributes: string[];
      chargeTypes: string[];
      lastMonth: string;
    }>('northwindAdmin', 'GET', `/api/allFilters?id=${demo.companies.northwind}`);
    expect(res.status).toBe(200);
    expect(res.body.states).toContain('TX');
    expect(res.body.serviceTypes[0]).toBe('electric');
    expect(res.body.vendors.length).toBeGreaterThan(0);
    expect(res.body.customAttributes).toEqual(['Cost Center', 'Region', 'Store Format']);
    expect(res.body.chargeTypes).toEqual(['Service Charges', 'Taxes & Fees', 'Late Fee']);
    expect(res.body.lastMonth).toBe('2026-02');
    const charge = await demo.as('northwindAdmin', 'GET', '/api/filters/chargeTypes');
    expect(charge.body).toEqual(res.body.chargeTypes);
    const values = await demo.as<string[]>(
      'northwindAdmin',
      'GET',
      `/api/filters/locationAttributeValues?id=${demo.companies.northwind}&attributeName=Region`,
    );
    expect(values.status).toBe(200);
    expect(values.body.length).toBeGreaterThan(0);
    expect(values.body).toEqual([...values.body].sort());
  });

  it('covers a parent’s business units', async () => {
    const parent = await demo.as<{ companies: { id: number }[]; locations: unknown[] }>(
      'superConsultant',
      'GET',
      `/api/companies/${demo.companies.cedar}/allFilters`,
    );
    const alone = await demo.as<{ companies: { id: number }[]; locations: unknown[] }>(
      'superConsultant',
      'GET',
      `/api/companies/${demo.companies.cedar}/allFilters?isParent=false`,
    );
    expect(parent.body.companies.map((company) => company.id).sort()).toEqual(
      [demo.companies.cedar, demo.companies.cedarNorth, demo.companies.cedarSouth].sort(),
    );
    expect(alone.body.companies.map((company) => company.id)).toEqual([demo.companies.cedar]);
    expect(parent.body.locations.length).toBeGreaterThan(alone.body.locations.length);
  });
});
