// Locations calls of the first spec document §7, each also under /api/companies/:companyId: the list, its
// overview figures, attention items, usage, states and the ENERGY STAR toggle. The `{hash}` call of that list
// is not served: the spec does not say what it means.
import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { callerOf, canUseArea, companyOf } from '../../auth/access';
import { UuidString } from '../../http/commonSchemas';
import { patchWriteRoute } from '../../sync/patchRow';
import { stateLabel } from '../../../../src/domain/states';
import { attentionItems, utcToday } from './attention';
import { locationListRows } from './locationRows';
import { accountsByService, companyOverview, usageTotals } from './overviewData';
import { spendByService } from '../bills/serviceCharts';
import {
  CompanyScopeParams,
  EntityScopeParams,
  MonthString,
  ServiceFilter,
  twinRoutes,
} from '../../http/twinRoutes';

const ListQuery = Type.Object(
  {
    state: Type.Optional(Type.String({ pattern: '^[A-Za-z]{0,3}$' })),
    service: Type.Optional(ServiceFilter),
    tagId: Type.Optional(UuidString),
  },
  { additionalProperties: false },
);

const ChartQuery = Type.Object(
  { endDate: Type.Optional(MonthString), service: Type.Optional(ServiceFilter) },
  { additionalProperties: false },
);

/** Registers the company-level locations calls and their consultant twins. */
export function locationsListRoutes(app: App, { db }: AppDeps): Promise<void> {
  for (const route of twinRoutes('/locations')) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: ListQuery } },
      async (request) => locationListRows(db, companyOf(request).id, request.query),
    );
  }

  for (const route of twinRoutes('/locations/overview')) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams } },
      async (request) => companyOverview(db, companyOf(request).id),
    );
  }

  for (const route of twinRoutes('/locations/totalNumberOfAccountsByServiceTypes')) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams } },
      async (request) => accountsByService(db, companyOf(request).id),
    );
  }

  for (const route of twinRoutes('/locations/totalSpendByServiceType')) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: ChartQuery } },
      async (request) => spendByService(db, { companyId: companyOf(request).id }, request.query),
    );
  }

  for (const route of twinRoutes('/locations/usage')) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: ChartQuery } },
      async (request) => usageTotals(db, companyOf(request).id, request.query),
    );
  }

  // The second spec document names this list `/accounts/attention` as well; both answer the same items.
  for (const path of ['/locations/attention', '/accounts/attention']) {
    for (const route of twinRoutes(path)) {
      app.get(
        route.url,
        { config: { access: route.access }, schema: { params: CompanyScopeParams } },
        async (request) => {
          const company = companyOf(request);
          return attentionItems(
            db,
            { companyId: company.id },
            {
              contracts: canUseArea(callerOf(request), company, 'contracts'),
              today: utcToday(),
            },
          );
        },
      );
    }
  }

  for (const route of twinRoutes('/locations/states')) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams } },
      async (request) => {
        const result = await db.execute<{ state: string }>(
          sql`select distinct state from locations where company_id = ${companyOf(request).id}`,
        );
        return result.rows
          .map((row) => ({ key: row.state, label: stateLabel(row.state) }))
          .sort((a, b) => a.label.localeCompare(b.label));
      },
    );
  }

  // The twin names the company in its path: another company's site is answered like a missing one (patchRow).
  patchWriteRoute(
    app,
    db,
    'energyStarToggle',
    // The site Energy Star toggle needs Energy Star access, the rule of the Company Energy Star area (spec 000 §5).
    { company: { from: 'entity', entity: 'locations', param: 'id' }, area: 'companyEnergyStar', twin: true },
    { params: EntityScopeParams },
    { rowId: (request) => request.params.id },
  );
  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
