import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEED_TIMEOUT_MS,
  startDemoServer,
  sqlList,
  sumDollars,
  twelveMonthsEnding,
} from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';

interface BillRow {
  id: string;
  billMonth: string;
  dueDate: string | null;
  status: string | null;
  statusDate: string | null;
  totalNewCharges: number;
}

interface ChartAnswer {
  months: string[];
  totalCharges?: number;
  byService: { serviceType: string; totalCharges?: number; totalUsage?: number; unit?: string }[];
}

let demo: DemoServer;
let northwind: number;
let accountId: string;
let pendingBillId: string;

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  // A Texas electric account with two meters or more, if the demo has one: meters, esiIds and usage all show.
  const [account] = await demo.rows<{ id: string }>(sql`
    select a.id from accounts a join locations l on l.id = a.location_id
    where a.company_id = ${northwind} and l.state = 'TX' and a.services = 'electric'
    order by (select count(*) from meters m where m.account_id = a.id) desc, a.account_number limit 1`);
  accountId = account?.id ?? '';
  // A status other than cleared with a stored status date: the date must not show.
  const [bill] = await demo.rows<{ id: string }>(sql`
    select id from bills where account_id = ${accountId} and not is_invoice_missing order by bill_month limit 1`);
  pendingBillId = bill?.id ?? '';
  await demo.server.db.execute(
    sql`update bills set status = 'Pending', status_date = '2025-01-05' where id = ${pendingBillId}`,
  );
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('GET /api/accounts/:id/info', () => {
  it('answers the account row with its meters and next expected delivery date', async () => {
    const res = await demo.as<
      Record<string, unknown> & {
        meters: { id: string; number: string; meterService: string; esiId: string | null }[];
      }
    >('northwindClient', 'GET', `/api/accounts/${accountId}/info`);
    expect(res.status).toBe(200);
    const meters = await demo.rows<{
      id: string;
      meter_number: string;
      meter_service: string;
      esi_id: string | null;
    }>(
      sql`select id, meter_number, meter_service, esi_id from meters where account_id = ${accountId} order by meter_number, id`,
    );
    expect(
      res.body.meters.map((m) => ({
        id: m.id,
        number: m.number,
        meterService: m.meterService,
        esiId: m.esiId,
      })),
    ).toEqual(
      meters.map((m) => ({
        id: m.id,
        number: m.meter_number,
        meterService: m.meter_service,
        esiId: m.esi_id,
      })),
    );
    expect(res.body.meters[0]?.esiId).toMatch(/^[0-9]{17}$/);
    const [account] = await demo.rows<{ next: string; address: string; service_address: string | null }>(sql`
      select a.next_expected_delivery_date::text as next, l.address, a.service_address
      from accounts a join locations l on l.id = a.location_id where a.id = ${accountId}`);
    expect(res.body).toMatchObject({
      id: accountId,
      nextExpectedDeliveryDate: account?.next,
      serviceAddress: account?.service_address ?? account?.address,
    });
  });
});

describe('GET /api/accounts/:id/info/bills', () => {
  it('lists every bill month, newest first, with due date, status and charges', async () => {
    const res = await demo.as<BillRow[]>('northwindClient', 'GET', `/api/accounts/${accountId}/info/bills`);
    expect(res.status).toBe(200);
    const bills = await demo.rows<{
      id: string;
      bill_month: string;
      due_date: string | null;
      total: string;
    }>(sql`
      select id, bill_month, due_date::text as due_date, total_new_charges::text as total
      from bills where account_id = ${accountId} order by bill_month desc`);
    expect(res.body.map((row) => [row.id, row.billMonth, row.dueDate, row.totalNewCharges])).toEqual(
      bills.map((bill) => [bill.id, bill.bill_month, bill.due_date, Number(bill.total)]),
    );
  });

  it('shows a status date only when the status is cleared', async () => {
    const res = await demo.as<BillRow[]>('northwindClient', 'GET', `/api/accounts/${accountId}/info/bills`);
    const stored = await demo.rows<{ id: string; status_date: string | null }>(
      sql`select id, status_date::text as status_date from bills where account_id = ${accountId}`,
    );
    const cleared = res.body.filter((row) => row.status === 'Cleared');
    expect(cleared.length).toBeGreaterThan(0);
    for (const row of cleared)
      expect(row.statusDate).toBe(stored.find((bill) => bill.id === row.id)?.status_date);
    expect(res.body.find((row) => row.id === pendingBillId)).toMatchObject({
      status: 'Pending',
      statusDate: null,
    });
    for (const row of res.body.filter((bill) => bill.status !== 'Cleared')) expect(row.statusDate).toBeNull();
  });
});

describe('12-month totals of an account', () => {
  it("totals spend and consumption per service over the account's latest 12 bill months", async () => {
    const [latest] = await demo.rows<{ m: string }>(
      sql`select max(bill_month) as m from bills where account_id = ${accountId}`,
    );
    const months = twelveMonthsEnding(latest?.m ?? '');
    const lines = await demo.rows<{ service_type: string; charges: string; usage: string }>(sql`
      select s->>'serviceType' as service_type, s->>'charges' as charges, s->>'usage' as usage
      from bills b, jsonb_array_elements(b.services) s where b.account_id = ${accountId} and b.bill_month in (${sqlList(months)})`);
    const spend = await demo.as<ChartAnswer>(
      'northwindClient',
      'GET',
      `/api/accounts/${accountId}/info/totalSpendByServiceType`,
    );
    expect(spend.body.months).toEqual(months);
    expect(spend.body.totalCharges).toBe(sumDollars(lines.map((line) => line.charges)));
    const usage = await demo.as<ChartAnswer>(
      'northwindClient',
      'GET',
      `/api/accounts/${accountId}/info/totalConsumptionByServiceType`,
    );
    expect(usage.body.byService).toEqual([
      {
        serviceType: 'electric',
        label: 'Electricity',
        unit: 'kWh',
        totalUsage: lines.reduce((sum, line) => sum + Math.round(Number(line.usage) * 1000), 0) / 1000,
      },
    ]);
  });
});

describe('single account access', () => {
  it('answers the consultant twins like the client routes', async () => {
    for (const path of [
      'info',
      'info/bills',
      'info/totalSpendByServiceType',
      'info/totalConsumptionByServiceType',
    ]) {
      const client = await demo.as('northwindClient', 'GET', `/api/accounts/${accountId}/${path}`);
      const twin = await demo.as(
        'consultant',
        'GET',
        `/api/companies/${northwind}/accounts/${accountId}/${path}`,
      );
      expect(twin.status).toBe(200);
      expect(twin.body).toEqual(client.body);
      const wrongCompany = await demo.as(
        'consultant',
        'GET',
        `/api/companies/${demo.companies.harbor}/accounts/${accountId}/${path}`,
      );
      expect(wrongCompany.status).toBe(404);
    }
  });

  it('answers 404 to a client of another company', async () => {
    for (const path of [
      'info',
      'info/bills',
      'info/totalSpendByServiceType',
      'info/totalConsumptionByServiceType',
    ]) {
      expect((await demo.as('harborClient', 'GET', `/api/accounts/${accountId}/${path}`)).status).toBe(404);
    }
  });
});
