import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBillAnomaly } from '../../../src/domain/alerts';
import { contractLinkedLocations, contracts } from '../../../server/src/db/schema';
import { bumpCompanyVersion } from '../../../server/src/sync/versioning';
import { SEED_TIMEOUT_MS, startDemoServer, sqlList, twelveMonthsEnding } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';

interface Item {
  id: string;
  type: string;
  locationId: string;
  accountId: string | null;
  billId: string | null;
  alertId: string | null;
  contractId: string | null;
  billMonth: string | null;
  daysTillExpire: number | null;
  text: string;
}

let demo: DemoServer;
let northwind: number;
let window: string[];
let siteId: string;
let expiringId: string;

function dayPlus(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  const [latest] = await demo.rows<{ m: string }>(
    sql`select max(bill_month) as m from bills where company_id = ${northwind}`,
  );
  window = twelveMonthsEnding(latest?.m ?? '');
  const [site] = await demo.rows<{ id: string }>(
    sql`select id from locations where company_id = ${northwind} order by name limit 1`,
  );
  siteId = site?.id ?? '';
  // Contracts relative to today: one expiring in 40 days, one in 120 days, one extended in 10 days.
  expiringId = randomUUID();
  await demo.server.db.transaction(async (tx) => {
    const version = await bumpCompanyVersion(tx, northwind);
    const base = {
      companyId: northwind,
      version,
      serviceType: 'electric',
      vendorName: 'Test Supply',
      startDate: '2025-01-01',
    };
    const ids = [expiringId, randomUUID(), randomUUID()];
    await tx.insert(contracts).values([
      { ...base, id: ids[0], endDate: dayPlus(40) },
      { ...base, id: ids[1], endDate: dayPlus(120) },
      { ...base, id: ids[2], endDate: dayPlus(10), isExtended: true },
    ]);
    await tx
      .insert(contractLinkedLocations)
      .values(ids.map((contractId) => ({ companyId: northwind, version, contractId, locationId: siteId })));
  });
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('GET /api/locations/attention', () => {
  it('lists every missing invoice of the latest 12 months', async () => {
    const res = await demo.as<Item[]>('northwindClient', 'GET', '/api/locations/attention');
    expect(res.status).toBe(200);
    const missing = await demo.rows<{ id: string }>(sql`
      select id from bills where company_id = ${northwind} and is_invoice_missing and bill_month in (${sqlList(window)})`);
    expect(missing.length).toBeGreaterThan(0);
    const items = res.body.filter((item) => item.type === 'missingInvoice');
    expect(items.map((item) => item.billId).sort()).toEqual(missing.map((bill) => bill.id).sort());
    expect(items[0]?.text).toMatch(/^Missing invoice: .+ account .+ at .+, [A-Z][a-z]{2} \d{4}$/);
  });

  it('lists the open alerts whose bill is an anomaly', async () => {
    const res = await demo.as<Item[]>('northwindClient', 'GET', '/api/locations/attention');
    const alerts = await demo.rows<Record<string, number | string | null>>(sql`
      select al.id, al.late_fee::float8 as "lateFee", al.charge_variance_mom::float8 as "chargeVarianceMoM",
             al.charge_variance_yoy::float8 as "chargeVarianceYoY", al.usage_variance_mom::float8 as "usageVarianceMoM",
             al.usage_variance_yoy::float8 as "usageVarianceYoY",
             al.variance_percentage_charge_mom as "variancePercentageChargeMoM",
             al.variance_percentage_charge_yoy as "variancePercentageChargeYoY",
             al.variance_percentage_usage_mom as "variancePercentageUsageMoM",
             al.variance_percentage_usage_yoy as "variancePercentageUsageYoY"
      from alerts al join bills b on b.id = al.bill_id
      where al.company_id = ${northwind} and al.status in ('open', 'pending', 'pending - client input')
        and b.bill_month in (${sqlList(window)})`);
    const expected = alerts
      .filter((alert) =>
        isBillAnomaly({
          lateFee: alert.lateFee as number | null,
          chargeVarianceMoM: alert.chargeVarianceMoM as number | null,
          chargeVarianceYoY: alert.chargeVarianceYoY as number | null,
          usageVarianceMoM: alert.usageVarianceMoM as number | null,
          usageVarianceYoY: alert.usageVarianceYoY as number | null,
          variancePercentageChargeMoM: alert.variancePercentageChargeMoM as number | null,
          variancePercentageChargeYoY: alert.variancePercentageChargeYoY as number | null,
          variancePercentageUsageMoM: alert.variancePercentageUsageMoM as number | null,
          variancePercentageUsageYoY: alert.variancePercentageUsageYoY as number | null,
        }),
      )
      .map((alert) => String(alert.id));
    expect(expected.length).toBeGreaterThan(0);
    const items = res.body.filter((item) => item.type === 'billAnomaly');
    expect(items.map((item) => item.alertId).sort()).toEqual(expected.sort());
  });

  it('lists contracts ending within 90 days, not extended ones, once per linked site', async () => {
    const res = await demo.as<Item[]>('northwindClient', 'GET', '/api/locations/attention');
    const contractItems = res.body.filter((item) => item.type === 'contractExpiring');
    const ours = contractItems.filter(
      (item) => item.locationId === siteId && item.text.includes('Test Supply'),
    );
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({ contractId: expiringId, daysTillExpire: 40 });
    expect(ours[0]?.text).toContain('expires in 40 days');
    expect(
      contractItems.every((item) => (item.daysTillExpire ?? 0) > 0 && (item.daysTillExpire ?? 99) < 90),
    ).toBe(true);
  });

  it('leaves contracts out for a limited client, who may not see them', async () => {
    const res = await demo.as<Item[]>('northwindLimited', 'GET', '/api/locations/attention');
    expect(res.status).toBe(200);
    expect(res.body.some((item) => item.type === 'contractExpiring')).toBe(false);
    expect(res.body.some((item) => item.type === 'missingInvoice')).toBe(true);
  });

  it('answers the same items at /accounts/attention and through the consultant twins', async () => {
    const client = await demo.as<Item[]>('northwindClient', 'GET', '/api/locations/attention');
    const accounts = await demo.as<Item[]>('northwindClient', 'GET', '/api/accounts/attention');
    const twin = await demo.as<Item[]>(
      'consultant',
      'GET',
      `/api/companies/${northwind}/locations/attention`,
    );
    expect(accounts.body).toEqual(client.body);
    expect(twin.body).toEqual(client.body);
    expect(
      (await demo.as('harborClient', 'GET', `/api/companies/${northwind}/locations/attention`)).status,
    ).toBe(404);
  });

  it('narrows to one site at /locations/:id/attention', async () => {
    const all = await demo.as<Item[]>('northwindClient', 'GET', '/api/locations/attention');
    const res = await demo.as<Item[]>('northwindClient', 'GET', `/api/locations/${siteId}/attention`);
    expect(res.status).toBe(200);
    expect(res.body.some((item) => item.contractId === expiringId)).toBe(true);
    expect(res.body.every((item) => item.locationId === siteId)).toBe(true);
    // The site's window is its own latest 12 months; with bills up to the company's last month it is the same.
    const [latest] = await demo.rows<{ m: string }>(
      sql`select max(bill_month) as m from bills where location_id = ${siteId}`,
    );
    if (latest?.m === window[window.length - 1]) {
      expect(res.body).toEqual(all.body.filter((item) => item.locationId === siteId));
    }
    expect((await demo.as('harborClient', 'GET', `/api/locations/${siteId}/attention`)).status).toBe(404);
  });
});
