// The Bills calls of spec 001 §7 (each also under /api/companies/:companyId): the list of a bill-month range, one
// bill, its charges, its usage and its usage chart. Downloads are in billDownloads.ts. The device reads its own
// copy of the same rows (docs/architecture.md §14 Bills); these serve API users and the page's online-only path.
import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { companyOf } from '../../auth/access';
import { bills } from '../../db/schema';
import { badRequest } from '../../errors';
import { billRangeProblem } from '../../../../src/domain/bills';
import { compareServiceTypes } from '../../../../src/domain/serviceTypes';
import { addMonths, monthKey } from '../../../../src/domain/totals';
import { billDownloadRoutes } from './billDownloads';
import { billOf, billRowsOf, linesOf } from './billRows';
import { CompanyScopeParams, EntityScopeParams, MonthString, twinRoutes } from '../../http/twinRoutes';

const ListQuery = Type.Object(
  { fromDate: Type.Optional(MonthString), toDate: Type.Optional(MonthString) },
  { additionalProperties: false },
);

/** The latest 12 bill months of the company: the list's range when the caller names neither end. */
async function latestTwelve(deps: AppDeps, companyId: number): Promise<{ from: string; to: string } | null> {
  const [last] = await deps.db
    .select({ billMonth: bills.billMonth })
    .from(bills)
    .where(eq(bills.companyId, companyId))
    .orderBy(desc(bills.billMonth))
    .limit(1);
  return last ? { from: addMonths(last.billMonth, -11), to: last.billMonth } : null;
}

/** Registers the Bills reads with their consultant twins, then the downloads. */
export async function billRoutes(app: App, deps: AppDeps): Promise<void> {
  const { db } = deps;

  for (const route of twinRoutes('/bills', { area: 'bills' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: ListQuery } },
      async (request) => {
        const companyId = companyOf(request).id;
        const { fromDate, toDate } = request.query;
        const range = {
          from: fromDate === undefined ? null : (monthKey(fromDate) ?? null),
          to: toDate === undefined ? null : (monthKey(toDate) ?? null),
        };
        const problem = billRangeProblem(range);
        if (problem) throw badRequest(problem, { 'querystring.fromDate': problem });
        if (range.from === null && range.to === null) {
          const latest = await latestTwelve(deps, companyId);
          if (!latest) return [];
          return billRowsOf(db, companyId, latest);
        }
        return billRowsOf(db, companyId, range);
      },
    );
  }

  const schema = { params: EntityScopeParams };
  for (const route of twinRoutes('/bills/:id', { entity: 'bills', area: 'bills' })) {
    app.get(route.url, { config: { access: route.access }, schema }, async (request) => {
      const bill = await billOf(db, companyOf(request).id, request.params.id);
      const lines = await linesOf(db, bill.id);
      return { ...bill, charges: lines.charges, usage: lines.usages };
    });
  }

  for (const route of twinRoutes('/bills/:id/charges', { entity: 'bills', area: 'bills' })) {
    app.get(route.url, { config: { access: route.access }, schema }, async (request) => {
      const bill = await billOf(db, companyOf(request).id, request.params.id);
      return (await linesOf(db, bill.id)).charges;
    });
  }

  for (const route of twinRoutes('/bills/:id/usage', { entity: 'bills', area: 'bills' })) {
    app.get(route.url, { config: { access: route.access }, schema }, async (request) => {
      const bill = await billOf(db, companyOf(request).id, request.params.id);
      return (await linesOf(db, bill.id)).usages;
    });
  }

  // The account's charges and usage per service over the 13 months ending with this bill (the page's chart).
  for (const route of twinRoutes('/bills/:id/usage/chart', { entity: 'bills', area: 'bills' })) {
    app.get(route.url, { config: { access: route.access }, schema }, async (request) => {
      const companyId = companyOf(request).id;
      const bill = await billOf(db, companyId, request.params.id);
      const rows = await db
        .select({ billMonth: bills.billMonth, services: bills.services })
        .from(bills)
        .where(
          and(
            eq(bills.companyId, companyId),
            eq(bills.accountId, bill.accountId),
            gte(bills.billMonth, addMonths(bill.billMonth, -12)),
            lte(bills.billMonth, bill.billMonth),
          ),
        )
        .orderBy(asc(bills.billMonth));
      return rows
        .flatMap((row) =>
          row.services.map((service) => ({
            billMonth: row.billMonth,
            serviceType: service.serviceType,
            totalCharges: service.charges,
            totalUsage: service.usage,
            unit: service.unit,
          })),
        )
        .sort(
          (a, b) =>
            a.billMonth.localeCompare(b.billMonth) || compareServiceTypes(a.serviceType, b.serviceType),
        );
    });
  }

  await billDownloadRoutes(app, deps);
}
