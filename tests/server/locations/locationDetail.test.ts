import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractStatus, daysTillExpire } from '../../../src/domain/contracts';
import {
  SEED_TIMEOUT_MS,
  startDemoServer,
  sqlList,
  sumDollars,
  twelveMonthsEnding,
} from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';

interface ChartAnswer {
  endMonth: string;
  months: string[];
  service: string | null;
  totalCharges?: number;
  totalTaxesFees?: number;
  byService: {
    serviceType: string;
    totalCharges?: number;
    totalUsage?: number;
    taxesFees?: number;
    unit?: string;
  }[];
  rows: { metricMonth: string; serviceType: string; totalCharges?: number; totalUsage?: number | null }[];
}

let demo: DemoServer;
let northwind: number;
let siteId: string;
let siteWindow: string[];

interface ServiceLine extends Record<string, unknown> {
  bill_month: string;
  service_type: string;
  charges: string;
  usage: string | null;
  taxes: string;
}

async function serviceLines(months: readonly string[]): Promise<ServiceLine[]> {
  return demo.rows<ServiceLine>(sql`
    select b.bill_month, s->>'serviceType' as service_type, s->>'charges' as charges, s->>'usage' as usage,
           s->>'taxesFees' as taxes
    from bills b, jsonb_array_elements(b.services) s
    where b.location_id = ${siteId} and b.bill_month in (${sqlList(months)})`);
}

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  // The site with a missing invoice and the most accounts shows the most of every table.
  const [site] = await demo.rows<{ id: string }>(sql`
    select l.id from locations l
    where l.company_id = ${northwind}
    order by exists (select 1 from bills b where b.location_id = l.id and b.is_invoice_missing) desc,
             (select count(*) from accounts a where a.location_id = l.id) desc, l.name
    limit 1`);
  siteId = site?.id ?? '';
  const [latest] = await demo.rows<{ m: string }>(
    sql`select max(bill_month) as m from bills where location_id = ${siteId}`,
  );
  siteWindow = twelveMonthsEnding(latest?.m ?? '');
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('single location reads', () => {
  it('answers the site info', async () => {
    const res = await demo.as<Record<string, unknown>>(
      'northwindClient',
      'GET',
      `/api/locations/${siteId}/locationInfo`,
    );
    expect(res.status).toBe(200);
    const [row] = await demo.rows<Record<string, unknown>>(sql`
      select name, address, city, state, zip, sqft, site_type as "siteType", is_energy_star_active as "isEnergyStarActive"
      from locations where id = ${siteId}`);
    expect(res.body).toMatchObject(row ?? {});
  });

  it('lists the accounts, budgets and linked contracts of the site', async () => {
    const accounts = await demo.as<{ id: string; locationId: string }[]>(
      'northwindClient',
      'GET',
      `/api/locations/${siteId}/accounts`,
    );
    const accountIds = await demo.rows<{ id: string }>(
      sql`select id from accounts where location_id = ${siteId}`,
    );
    expect(accounts.body.map((row) => row.id).sort()).toEqual(accountIds.map((row) => row.id).sort());

    const budgets = await demo.as<{ id: string; budgetItems: { actualSpendAmount: number }[] }[]>(
      'northwindClient',
      'GET',
      `/api/locations/${siteId}/budgets`,
    );
    const budgetRows = await demo.rows<{ id: string; items: number }>(sql`
      select b.id, (select count(*)::int from budget_items i where i.budget_id = b.id) as items
      from budgets b where b.location_id = ${siteId}`);
    expect(budgets.body.map((row) => row.id).sort()).toEqual(budgetRows.map((row) => row.id).sort());
    for (const budget of budgets.body) {
      expect(budget.budgetItems.length).toBe(budgetRows.find((row) => row.id === budget.id)?.items);
    }

    const contracts = await demo.as<
      {
        id: string;
        endDate: string;
        isExtended: boolean;
        daysTillExpire: number;
        status: string;
        statusColor: string;
      }[]
    >('northwindClient', 'GET', `/api/location/${siteId}/contracts`);
    const linked = await demo.rows<{ contract_id: string }>(
      sql`select contract_id from contract_linked_locations where location_id = ${siteId}`,
    );
    expect(contracts.body.map((row) => row.id).sort()).toEqual(linked.map((row) => row.contract_id).sort());
    const today = new Date().toISOString().slice(0, 10);
    for (const contract of contracts.body) {
      const days = daysTillExpire(contract.endDate, today);
      const status = contractStatus(days, contract.isExtended);
      expect(contract).toMatchObject({
        daysTillExpire: days,
        status: status.text,
        statusColor: status.color,
      });
    }
  });

  it("totals the site's spend, usage and taxes of its latest 12 months, per service", async () => {
    const lines = await serviceLines(siteWindow);
    const spend = await demo.as<ChartAnswer>(
      'northwindClient',
      'GET',
      `/api/locations/${siteId}/totalSpendByServiceType`,
    );
    expect(spend.body.months).toEqual(siteWindow);
    expect(spend.body.totalCharges).toBe(sumDollars(lines.map((line) => line.charges)));
    for (const service of spend.body.byService) {
      expect(service.totalCharges).toBe(
        sumDollars(lines.filter((l) => l.service_type === service.serviceType).map((l) => l.charges)),
      );
    }
    const tax = await demo.as<ChartAnswer>(
      'northwindClient',
      'GET',
      `/api/locations/${siteId}/totalTaxByServiceType`,
    );
    expect(tax.body.totalTaxesFees).toBe(sumDollars(lines.map((line) => line.taxes)));
    const usage = await demo.as<ChartAnswer>(
      'northwindClient',
      'GET',
      `/api/locations/${siteId}/totalConsumptionByServiceType?service=electric`,
    );
    expect(usage.body.service).toBe('electric');
    expect(usage.body.byService).toEqual([
      {
        serviceType: 'electric',
        label: 'Electricity',
        unit: 'kWh',
        totalUsage:
          lines
            .filter((l) => l.service_type === 'electric')
            .reduce((sum, l) => sum + Math.round(Number(l.usage) * 1000), 0) / 1000,
      },
    ]);
    expect(usage.body.rows.every((row) => row.serviceType === 'electric')).toBe(true);
  });

  it('moves the window to end at endDate', async () => {
    const months = twelveMonthsEnding('2025-08');
    const res = await demo.as<ChartAnswer>(
      'northwindClient',
      'GET',
      `/api/locations/${siteId}/totalSpendByServiceType?endDate=2025-08`,
    );
    expect(res.body).toMatchObject({ endMonth: '2025-08', months });
    expect(res.body.totalCharges).toBe(sumDollars((await serviceLines(months)).map((line) => line.charges)));
    const bad = await demo.as(
      'northwindClient',
      'GET',
      `/api/locations/${siteId}/totalSpendByServiceType?endDate=2025-13`,
    );
    expect(bad.status).toBe(400);
  });

  it('answers the charges table by bill month with an amount per service and the missing-invoice mark', async () => {
    const res = await demo.as<
      (Record<string, unknown> & { billMonth: string; totalCharges: number; isInvoiceMissing: boolean })[]
    >('northwindClient', 'GET', `/api/locations/${siteId}/charges`);
    expect(res.status).toBe(200);
    const bills = await demo.rows<{ bill_month: string; total: string; missing: boolean }>(sql`
      select bill_month, total_new_charges::text as total, is_invoice_missing as missing from bills where location_id = ${siteId}`);
    const months = [...new Set(bills.map((bill) => bill.bill_month))].sort().reverse();
    expect(res.body.map((row) => row.billMonth)).toEqual(months);
    const lines = await serviceLines(months);
    for (const row of res.body) {
      const ofMonth = bills.filter((bill) => bill.bill_month === row.billMonth);
      expect(row.totalCharges).toBe(sumDollars(ofMonth.map((bill) => bill.total)));
      expect(row.isInvoiceMissing).toBe(ofMonth.some((bill) => bill.missing));
      for (const service of new Set(lines.map((line) => line.service_type))) {
        expect(row[service]).toBe(
          sumDollars(
            lines
              .filter((l) => l.service_type === service && l.bill_month === row.billMonth)
              .map((l) => l.charges),
          ),
        );
      }
    }
    expect(res.body.some((row) => row.isInvoiceMissing)).toBe(true);
  });

  it('answers the usage table with demand figures from the usage lines', async () => {
    const res = await demo.as<
      {
        billMonth: string;
        serviceType: string;
        totalUsage: number | null;
        energyUnit: string;
        maxKvA: number | null;
        maxkW: number | null;
        totalKvAR: number | null;
        isInvoiceMissing: boolean;
      }[]
    >('northwindClient', 'GET', `/api/locations/${siteId}/usage`);
    expect(res.status).toBe(200);
    const [latest] = res.body.filter((row) => row.serviceType === 'electric');
    const [expected] = await demo.rows<{ usage: string; kva: string; kvar: string; kw: string }>(sql`
      select sum(u.usage_total)::text as usage, max(u.kva_max)::text as kva, sum(u.kvar_sum)::text as kvar, max(u.kw_max)::text as kw
      from bill_usages u join bills b on b.id = u.bill_id
      where b.location_id = ${siteId} and b.bill_month = ${latest?.billMonth ?? ''} and u.service_name = 'electric'`);
    expect(latest).toMatchObject({
      totalUsage: Number(expected?.usage),
      energyUnit: 'kWh',
      maxKvA: Number(expected?.kva),
      maxkW: Number(expected?.kw),
      totalKvAR: Number(expected?.kvar),
    });
    const missing = await demo.rows<{ bill_month: string }>(
      sql`select bill_month from bills where location_id = ${siteId} and is_invoice_missing`,
    );
    for (const bill of missing)
      expect(res.body.some((row) => row.billMonth === bill.bill_month && row.isInvoiceMissing)).toBe(true);
  });

  it('answers a bill with its charge and usage lines', async () => {
    const [bill] = await demo.rows<{ id: string; lines: number; usages: number }>(sql`
      select b.id, (select count(*)::int from bill_charges c where c.bill_id = b.id) as lines,
             (select count(*)::int from bill_usages u where u.bill_id = b.id) as usages
      from bills b where b.location_id = ${siteId} and not b.is_invoice_missing order by b.bill_month desc limit 1`);
    const res = await demo.as<{
      id: string;
      vendorName: string;
      charges: { amount: number }[];
      usage: unknown[];
      totalNewCharges: number;
    }>('northwindClient', 'GET', `/api/bills/${bill?.id}`);
    expect(res.status).toBe(200);
    expect(res.body.charges).toHaveLength(bill?.lines ?? -1);
    expect(res.body.usage).toHaveLength(bill?.usages ?? -1);
    expect(sumDollars(res.body.charges.map((line) => line.amount))).toBe(res.body.totalNewCharges);
    expect((await demo.as('consultant', 'GET', `/api/companies/${northwind}/bills/${bill?.id}`)).status).toBe(
      200,
    );
    expect((await demo.as('harborClient', 'GET', `/api/bills/${bill?.id}`)).status).toBe(404);
  });
});

describe('single location access', () => {
  it('answers the consultant twin within the named company only', async () => {
    const client = await demo.as('northwindClient', 'GET', `/api/locations/${siteId}/charges`);
    const twin = await demo.as(
      'consultant',
      'GET',
      `/api/companies/${northwind}/locations/${siteId}/charges`,
    );
    expect(twin.body).toEqual(client.body);
    // Harbor is granted to the consultant, but the site is Northwind's.
    expect(
      (
        await demo.as(
          'consultant',
          'GET',
          `/api/companies/${demo.companies.harbor}/locations/${siteId}/charges`,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await demo.as(
          'consultant',
          'GET',
          `/api/companies/${demo.companies.harbor}/location/${siteId}/contracts`,
        )
      ).status,
    ).toBe(404);
  });

  it('answers 404 to another company and for unknown ids, 400 for malformed ones', async () => {
    for (const path of ['locationInfo', 'accounts', 'usage', 'totalSpendByServiceType']) {
      expect((await demo.as('harborClient', 'GET', `/api/locations/${siteId}/${path}`)).status).toBe(404);
    }
    expect(
      (
        await demo.as(
          'northwindClient',
          'GET',
          '/api/locations/00000000-0000-4000-8000-000000000000/locationInfo',
        )
      ).status,
    ).toBe(404);
    expect((await demo.as('northwindClient', 'GET', '/api/locations/not-a-uuid/locationInfo')).status).toBe(
      400,
    );
  });

  it('keeps budgets and contracts from a limited client', async () => {
    expect((await demo.as('northwindLimited', 'GET', `/api/locations/${siteId}/budgets`)).status).toBe(403);
    expect((await demo.as('northwindLimited', 'GET', `/api/location/${siteId}/contracts`)).status).toBe(403);
    expect((await demo.as('northwindLimited', 'GET', `/api/locations/${siteId}/locationInfo`)).status).toBe(
      200,
    );
  });
});
