// Accounts calls of the second spec document §7, each also under /api/companies/:companyId: the grid, its
// overview, accounts per service, business units and the service type list. `/accounts/attention` is served
// with the locations' attention list (locationsList.ts). The `{hash}` call is not served: its meaning is not shown.
import { asc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { callerOf, canReachCompany, companyOf } from '../../auth/access';
import { CompanyId, UuidString } from '../../http/commonSchemas';
import { companies } from '../../db/schema';
import { SERVICE_TYPES } from '../../../../src/domain/serviceTypes';
import { accountGridRows } from './accountRows';
import { accountsByService, companyOverview } from '../locations/overviewData';
import { CompanyScopeParams, twinRoutes } from '../../http/twinRoutes';

const AccountsQuery = Type.Object({ locationId: Type.Optional(UuidString) }, { additionalProperties: false });
const BusinessUnitParams = Type.Object({ id: CompanyId }, { additionalProperties: false });
const BusinessUnitQuery = Type.Object(
  { isParent: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/** A company offered by the business units filter. */
export interface BusinessUnit {
  id: number;
  name: string;
  parentId: number | null;
  companyTypeId: number;
  isParent: boolean;
}

/** Registers the accounts list calls and their consultant twins. */
export function accountsListRoutes(app: App, { db }: AppDeps): Promise<void> {
  for (const route of twinRoutes('/accounts')) {
    app.get(
      route.url,
      {
        config: { access: route.access },
        schema: { params: CompanyScopeParams, querystring: AccountsQuery },
      },
      // A location of another company simply has no accounts here: every row is read within the company.
      async (request) =>
        accountGridRows(db, companyOf(request).id, { locationId: request.query.locationId?.toLowerCase() }),
    );
  }

  for (const route of twinRoutes('/accounts/info/overview')) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams } },
      async (request) => companyOverview(db, companyOf(request).id),
    );
  }

  for (const route of twinRoutes('/accounts/totalNumberOfAccountsByServiceTypes')) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams } },
      async (request) => accountsByService(db, companyOf(request).id),
    );
  }

  for (const route of twinRoutes('/accounts/serviceTypes')) {
    app.get(route.url, { config: { access: route.access }, schema: { params: CompanyScopeParams } }, () =>
      SERVICE_TYPES.map((type) => ({
        value: type.value,
        id: type.id,
        label: type.label,
        unit: type.unit ?? null,
      })),
    );
  }

  app.get(
    '/api/companies/businessUnits/:id',
    {
      config: { access: { company: { from: 'param', name: 'id' } } },
      schema: { params: BusinessUnitParams, querystring: BusinessUnitQuery },
    },
    // The company itself, then (unless the caller says it is not a parent) the children the caller may open:
    // the same reachability rule as the access hook, so the filter never offers a company that answers 404.
    async (request): Promise<BusinessUnit[]> => {
      const company = companyOf(request);
      const caller = callerOf(request);
      const children =
        request.query.isParent === false
          ? []
          : await db
              .select()
              .from(companies)
              .where(eq(companies.parentId, company.id))
              .orderBy(asc(companies.name), asc(companies.id));
      const reachable = [];
      for (const child of children) if (await canReachCompany(db, caller, child)) reachable.push(child);
      const unit = (row: typeof company, isParent: boolean): BusinessUnit => ({
        id: row.id,
        name: row.name,
        parentId: row.parentId,
        companyTypeId: row.companyTypeId,
        isParent,
      });
      return [unit(company, children.length > 0), ...reachable.map((child) => unit(child, false))];
    },
  );
  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
