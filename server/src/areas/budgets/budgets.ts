// Budgets reads of the second spec document §7, each also under /api/companies/:companyId: the list (optionally of one
// location or service) with actuals from the bills, and last year's figures for a new budget
// (`GET /budgets/{locationId}/previousData?ServiceGroupId&StartYear&StartMonth&NumOfMonths`), by the rule the device
// uses offline (src/domain/budgetPlans.ts previousYearItems).
import { and, eq, gte, lte } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { companyOf } from '../../auth/access';
import { UuidString } from '../../http/commonSchemas';
import { bills } from '../../db/schema';
import { badRequest } from '../../errors';
import { MAX_BUDGET_MONTHS, previousYearItems } from '../../../../src/domain/budgetPlans';
import { serviceTypeById, serviceUnit } from '../../../../src/domain/serviceTypes';
import { addMonths } from '../../../../src/domain/totals';
import { budgetsOf } from './budgetRows';
import { locationOf } from '../locations/locationDetail';
import { CompanyScopeParams, EntityScopeParams, ServiceFilter, twinRoutes } from '../../http/twinRoutes';

const ListQuery = Type.Object(
  { locationId: Type.Optional(UuidString), serviceType: Type.Optional(ServiceFilter) },
  { additionalProperties: false },
);

// The spec's own parameter names (PascalCase) are kept.
const PreviousQuery = Type.Object(
  {
    ServiceGroupId: Type.Integer({ minimum: 1, maximum: 1000 }),
    StartYear: Type.Integer({ minimum: 1900, maximum: 2999 }),
    StartMonth: Type.Integer({ minimum: 1, maximum: 12 }),
    NumOfMonths: Type.Integer({ minimum: 1, maximum: MAX_BUDGET_MONTHS }),
    Unit: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  },
  { additionalProperties: false },
);

/** Registers the budgets reads with their consultant twins. */
export function budgetRoutes(app: App, { db }: AppDeps): Promise<void> {
  for (const route of twinRoutes('/budgets', { area: 'budgets' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: ListQuery } },
      async (request) =>
        budgetsOf(db, companyOf(request).id, {
          ...(request.query.locationId ? { locationId: request.query.locationId.toLowerCase() } : {}),
          ...(request.query.serviceType ? { serviceType: request.query.serviceType } : {}),
        }),
    );
  }

  for (const route of twinRoutes('/budgets/:id/previousData', { entity: 'locations', area: 'budgets' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams, querystring: PreviousQuery } },
      async (request) => {
        const companyId = companyOf(request).id;
        const site = await locationOf(db, companyId, request.params.id);
        const q = request.query;
        const service = serviceTypeById(q.ServiceGroupId);
        if (!service)
          throw badRequest('No such service', { 'querystring.ServiceGroupId': 'is not a service id' });
        const unit = q.Unit ?? serviceUnit(service.value);
        const startMonth = `${q.StartYear}-${String(q.StartMonth).padStart(2, '0')}`;
        const rows = await db
          .select({
            billMonth: bills.billMonth,
            isInvoiceMissing: bills.isInvoiceMissing,
            services: bills.services,
          })
          .from(bills)
          .where(
            and(
              eq(bills.companyId, companyId),
              eq(bills.locationId, site.id),
              gte(bills.billMonth, addMonths(startMonth, -12)),
              lte(bills.billMonth, addMonths(startMonth, q.NumOfMonths - 13)),
            ),
          );
        return {
          locationId: site.id,
          serviceType: service.value,
          unit,
          items: previousYearItems(rows, service.value, unit, startMonth, q.NumOfMonths),
        };
      },
    );
  }
  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
