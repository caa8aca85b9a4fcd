// A location's charts (spend, consumption and tax by service type, with end-date and service filters) and its
// charges and usage tables by bill month (first spec document §3, §7), each also under /api/companies/:companyId.
// The tables are the shared rules of src/domain/billTables.ts over the site's bills, as the offline page builds them.
import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import type { Db } from '../../db/client';
import { companyOf } from '../../auth/access';
import type { BillServiceSummary, FigureBill, ServicesOfAccount } from '../../../../src/domain/billFigures';
import { chargesTable, usageTable } from '../../../../src/domain/billTables';
import type { ChargesRow, UsageRow } from '../../../../src/domain/billTables';
import { companyCheck } from '../bills/billSeries';
import { locationOf } from './locationDetail';
import { consumptionByService, spendByService, taxByService } from '../bills/serviceCharts';
import { EntityScopeParams, MonthString, ServiceFilter, twinRoutes } from '../../http/twinRoutes';

const ChartQuery = Type.Object(
  { endDate: Type.Optional(MonthString), service: Type.Optional(ServiceFilter) },
  { additionalProperties: false },
);

/** A row of the charges table as the API answers it: the month's fields, then one amount per service type. */
export type LocationChargesRow = Omit<ChargesRow, 'amounts'> & Record<string, unknown>;

/**
 * The site's bills with their per-service summaries, and for a missing invoice the services of its account: the
 * rows the shared table rules read (a site has a few hundred bills, so they come whole).
 */
async function siteBills(
  db: Db,
  companyId: number,
  locationId: string,
): Promise<{ bills: FigureBill[]; servicesOf: ServicesOfAccount }> {
  const result = await db.execute<{
    bill_month: string;
    account_id: string;
    total: string;
    missing: boolean;
    services: BillServiceSummary[];
    account_services: string | null;
  }>(sql`
    select b.bill_month, b.account_id, b.total_new_charges::text as total, b.is_invoice_missing as missing, b.services,
           case when b.is_invoice_missing then a.services end as account_services
    from bills b join accounts a on a.id = b.account_id
    where ${companyCheck('b', companyId, true)} and b.location_id = ${locationId}`);
  const services = new Map<string, string | null>();
  const bills = result.rows.map((row) => {
    if (row.missing) services.set(row.account_id, row.account_services);
    return {
      billMonth: row.bill_month,
      accountId: row.account_id,
      totalNewCharges: Number(row.total),
      isInvoiceMissing: row.missing,
      services: row.services,
    };
  });
  return { bills, servicesOf: (accountId) => services.get(accountId) };
}

/** Every bill month of the site, newest first; every row carries every service the site was billed for (0 if none). */
async function locationCharges(db: Db, companyId: number, locationId: string): Promise<LocationChargesRow[]> {
  const { bills } = await siteBills(db, companyId, locationId);
  return chargesTable(bills).rows.map(({ amounts, ...row }) => ({ ...row, ...amounts }));
}

/** The usage table, newest month first, from the bills' summaries (synced, so the offline page shows the same). */
async function locationUsage(db: Db, companyId: number, locationId: string): Promise<UsageRow[]> {
  const { bills, servicesOf } = await siteBills(db, companyId, locationId);
  return usageTable(bills, servicesOf);
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

  const tables = { charges: locationCharges, usage: locationUsage } as const;
  for (const [name, table] of Object.entries(tables)) {
    for (const route of twinRoutes(`/locations/:id/${name}`, { entity: 'locations' })) {
      app.get(
        route.url,
        { config: { access: route.access }, schema: { params: EntityScopeParams } },
        async (request) => {
          const companyId = companyOf(request).id;
          const site = await locationOf(db, companyId, request.params.id);
          return table(db, companyId, site.id);
        },
      );
    }
  }
  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
