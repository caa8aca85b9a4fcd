// Single-account reads of the second spec document §7: info with meters, the bill-month rows and the 12-month
// spend and consumption by service, each also under /api/companies/:companyId.
import { and, asc, desc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { companyOf } from '../../auth/access';
import { bills, meters } from '../../db/schema';
import { notFound } from '../../errors';
import { shownStatusDate } from '../../../../src/domain/accounts';
import { accountGridRows, accountOf } from './accountRows';
import { consumptionByService, spendByService } from '../bills/serviceCharts';
import { EntityScopeParams, MonthString, ServiceFilter, twinRoutes } from '../../http/twinRoutes';

const ChartQuery = Type.Object(
  { endDate: Type.Optional(MonthString), service: Type.Optional(ServiceFilter) },
  { additionalProperties: false },
);

// The rule lives in the domain, shared with the offline client; re-exported for the server's callers.
export { shownStatusDate };

/** Registers the single-account reads with their consultant twins. */
export function accountDetailRoutes(app: App, { db }: AppDeps): Promise<void> {
  const schema = { params: EntityScopeParams };

  for (const route of twinRoutes('/accounts/:id/info', { entity: 'accounts' })) {
    app.get(route.url, { config: { access: route.access }, schema }, async (request) => {
      const companyId = companyOf(request).id;
      const accountId = request.params.id.toLowerCase();
      const [row] = await accountGridRows(db, companyId, { accountId });
      if (!row) throw notFound();
      const meterRows = await db
        .select()
        .from(meters)
        .where(and(eq(meters.accountId, accountId), eq(meters.companyId, companyId)))
        .orderBy(asc(meters.meterNumber), asc(meters.id));
      return {
        ...row,
        meters: meterRows.map((meter) => ({
          id: meter.id,
          version: meter.version,
          number: meter.meterNumber,
          meterService: meter.meterService,
          esiId: meter.esiId,
          subAddress: meter.subAddress,
          serviceCity: meter.serviceCity,
          serviceState: meter.serviceState,
          serviceZip: meter.serviceZip,
        })),
      };
    });
  }

  for (const route of twinRoutes('/accounts/:id/info/bills', { entity: 'accounts' })) {
    app.get(route.url, { config: { access: route.access }, schema }, async (request) => {
      const companyId = companyOf(request).id;
      const accountId = request.params.id.toLowerCase();
      await accountOf(db, companyId, accountId);
      const rows = await db
        .select()
        .from(bills)
        .where(and(eq(bills.accountId, accountId), eq(bills.companyId, companyId)))
        .orderBy(desc(bills.billMonth), asc(bills.id));
      return rows.map((bill) => ({
        id: bill.id,
        version: bill.version,
        billMonth: bill.billMonth,
        invoiceDate: bill.invoiceDate,
        dueDate: bill.dueDate,
        status: bill.status,
        statusDate: shownStatusDate(bill.status, bill.statusDate),
        totalNewCharges: bill.totalNewCharges,
        amountDue: bill.amountDue,
        isInvoiceMissing: bill.isInvoiceMissing,
        services: bill.services.map((service) => service.serviceType).join(','),
      }));
    });
  }

  const charts = {
    totalSpendByServiceType: spendByService,
    totalConsumptionByServiceType: consumptionByService,
  } as const;
  for (const [name, chart] of Object.entries(charts)) {
    for (const route of twinRoutes(`/accounts/:id/info/${name}`, { entity: 'accounts' })) {
      app.get(
        route.url,
        { config: { access: route.access }, schema: { params: EntityScopeParams, querystring: ChartQuery } },
        async (request) => {
          const companyId = companyOf(request).id;
          const accountId = request.params.id.toLowerCase();
          await accountOf(db, companyId, accountId);
          return chart(db, { companyId, accountId }, request.query);
        },
      );
    }
  }
  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
