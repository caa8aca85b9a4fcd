// A location's charts (spend, consumption and tax by service type, with end-date and service filters) and its
// charges and usage tables by bill month (first spec document §3, §7), each also under /api/companies/:companyId.
import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../http/types';
import type { Db } from '../db/client';
import { companyOf } from '../auth/access';
import { fromCents, toCents } from '../../../src/domain/money';
import { byServiceOrder, companyCheck, splitServices } from './billSeries';
import { locationOf } from './locationDetail';
import { consumptionByService, spendByService, taxByService } from './serviceCharts';
import { EntityScopeParams, MonthString, ServiceFilter, twinRoutes } from './twinRoutes';

const ChartQuery = Type.Object(
  { endDate: Type.Optional(MonthString), service: Type.Optional(ServiceFilter) },
  { additionalProperties: false },
);

/** A row of the charges table: the month's total, the missing-invoice mark, then one amount per service type. */
export type LocationChargesRow = {
  billMonth: string;
  totalCharges: number;
  isInvoiceMissing: boolean;
} & Record<string, unknown>;

/** A row of the usage table (first spec document §3, Location usage row). */
export interface LocationUsageRow {
  billMonth: string;
  serviceType: string;
  totalUsage: number | null;
  energyUnit: string | null;
  maxKvA: number | null;
  maxkW: number | null;
  totalKvAR: number | null;
  isInvoiceMissing: boolean;
}

const numberOrNull = (text: string | null) => (text === null ? null : Number(text));

/** Every bill month of the site, newest first; every row carries every service the site was billed for (0 if none). */
async function chargesTable(db: Db, companyId: number, locationId: string): Promise<LocationChargesRow[]> {
  const where = sql`${companyCheck('b', companyId, true)} and b.location_id = ${locationId}`;
  const months = await db.execute<{ bill_month: string; total: string; missing: boolean }>(sql`
    select b.bill_month, coalesce(sum(b.total_new_charges), 0)::text as total, bool_or(b.is_invoice_missing) as missing
    from bills b where ${where} group by 1 order by 1 desc`);
  const services = await db.execute<{ bill_month: string; service_type: string; charges: string }>(sql`
    select b.bill_month, s->>'serviceType' as service_type, coalesce(sum((s->>'charges')::numeric), 0)::text as charges
    from bills b cross join lateral jsonb_array_elements(b.services) s where ${where} group by 1, 2`);
  const types = [...new Set(services.rows.map((row) => row.service_type))].sort(byServiceOrder);
  const amounts = new Map(
    services.rows.map((row) => [`${row.bill_month}|${row.service_type}`, toCents(Number(row.charges))]),
  );
  return months.rows.map((month) => {
    const row: LocationChargesRow = {
      billMonth: month.bill_month,
      totalCharges: fromCents(toCents(Number(month.total))),
      isInvoiceMissing: month.missing,
    };
    for (const type of types) row[type] = fromCents(amounts.get(`${month.bill_month}|${type}`) ?? 0);
    return row;
  });
}

/**
 * The usage table, newest month first. Usage, unit and demand come from the bills' summaries (synced, so the
 * offline client shows the same); kVA and kVAR exist only on the usage lines and are read from there.
 */
async function usageTable(db: Db, companyId: number, locationId: string): Promise<LocationUsageRow[]> {
  const where = sql`${companyCheck('b', companyId, true)} and b.location_id = ${locationId}`;
  const summaries = await db.execute<{
    bill_month: string;
    service_type: string;
    usage: string;
    unit: string | null;
    kw: string | null;
  }>(sql`
    select b.bill_month, s->>'serviceType' as service_type, sum((s->>'usage')::numeric)::text as usage,
           max(s->>'unit') as unit, max((s->>'demandKw')::numeric)::text as kw
    from bills b cross join lateral jsonb_array_elements(b.services) s
    where ${where} and s->>'usage' is not null group by 1, 2`);
  const lines = await db.execute<{
    bill_month: string;
    service_type: string;
    kva: string | null;
    kvar: string | null;
    kw: string | null;
  }>(sql`
    select b.bill_month, u.service_name as service_type, max(u.kva_max)::text as kva, sum(u.kvar_sum)::text as kvar,
           max(u.kw_max)::text as kw
    from bill_usages u join bills b on b.id = u.bill_id where ${where} group by 1, 2`);
  const missing = await db.execute<{ bill_month: string; services: string }>(sql`
    select b.bill_month, a.services from bills b join accounts a on a.id = b.account_id
    where ${where} and b.is_invoice_missing`);

  const rows = new Map<string, LocationUsageRow>();
  for (const row of summaries.rows) {
    rows.set(`${row.bill_month}|${row.service_type}`, {
      billMonth: row.bill_month,
      serviceType: row.service_type,
      totalUsage: Number(row.usage),
      energyUnit: row.unit,
      maxKvA: null,
      maxkW: numberOrNull(row.kw),
      totalKvAR: null,
      isInvoiceMissing: false,
    });
  }
  for (const line of lines.rows) {
    const row = rows.get(`${line.bill_month}|${line.service_type}`);
    if (!row) continue;
    row.maxKvA = numberOrNull(line.kva);
    row.totalKvAR = numberOrNull(line.kvar);
    row.maxkW = numberOrNull(line.kw) ?? row.maxkW;
  }
  // A missing invoice marks the month of each metered service of its account; unmetered services have no usage row.
  const metered = new Map<string, string | null>();
  for (const row of rows.values()) metered.set(row.serviceType, row.energyUnit);
  for (const bill of missing.rows) {
    for (const serviceType of splitServices(bill.services)) {
      if (!metered.has(serviceType)) continue;
      const key = `${bill.bill_month}|${serviceType}`;
      const row = rows.get(key);
      if (row) row.isInvoiceMissing = true;
      else
        rows.set(key, {
          billMonth: bill.bill_month,
          serviceType,
          totalUsage: null,
          energyUnit: metered.get(serviceType) ?? null,
          maxKvA: null,
          maxkW: null,
          totalKvAR: null,
          isInvoiceMissing: true,
        });
    }
  }
  return [...rows.values()].sort(
    (a, b) => b.billMonth.localeCompare(a.billMonth) || byServiceOrder(a.serviceType, b.serviceType),
  );
}

/** Registers a location's chart and table calls with their consultant twins. */
export function locationTableRoutes(app: App, { db }: AppDeps): Promise<void> {
  const charts = {
    totalSpendByServiceType: spendByService,
    totalConsumptionByServiceType: consumptionByService,
    totalTaxByServiceType: taxByService,
  } as const;
  for (const [name, chart] of Object.entries(charts)) {
    for (const route of twinRoutes(`/locations/:id/${name}`, { entity: 'locations' })) {
      app.get(
        route.url,
        { config: { access: route.access }, schema: { params: EntityScopeParams, querystring: ChartQuery } },
        async (request) => {
          const companyId = companyOf(request).id;
          const site = await locationOf(db, companyId, request.params.id);
          return chart(db, { companyId, locationId: site.id }, request.query);
        },
      );
    }
  }

  for (const route of twinRoutes('/locations/:id/charges', { entity: 'locations' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams } },
      async (request) => {
        const companyId = companyOf(request).id;
        const site = await locationOf(db, companyId, request.params.id);
        return chargesTable(db, companyId, site.id);
      },
    );
  }

  for (const route of twinRoutes('/locations/:id/usage', { entity: 'locations' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams } },
      async (request) => {
        const companyId = companyOf(request).id;
        const site = await locationOf(db, companyId, request.params.id);
        return usageTable(db, companyId, site.id);
      },
    );
  }
  // Registration is synchronous; the Promise matches the route-module signature of routes/index.ts.
  return Promise.resolve();
}
