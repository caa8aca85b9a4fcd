// The report filters' choices (spec 001 §7): GET /allFilters?id&isParent, /filters/chargeTypes and
// /filters/locationAttributeValues?id&attributeName, each also under /api/companies/:companyId. `id` names the
// company; a parent's choices cover its business units. The device computes the same choices from its own rows
// (src/domain/reports/options.ts), so the filters work offline.
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import type { RouteAccess } from '../../auth/access';
import { CompanyId, CompanyIdParams } from '../../http/commonSchemas';
import { CHARGE_TYPES } from '../../../../src/domain/reports/filter';
import { attributeValueChoices, reportFilterOptions } from '../../../../src/domain/reports/options';
import { ALL_REPORT_ENTITIES, loadReportData, reportCompanyIds } from './reportData';
import { CompanyScopeParams, twinRoutes } from '../../http/twinRoutes';

const AllFiltersQuery = Type.Object(
  { id: CompanyId, isParent: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
const TwinAllFiltersQuery = Type.Object(
  { id: Type.Optional(CompanyId), isParent: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
const AttributeName = Type.String({ minLength: 1, maxLength: 200 });
const AttributeValuesQuery = Type.Object(
  { id: CompanyId, attributeName: AttributeName, isParent: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
const TwinAttributeValuesQuery = Type.Object(
  {
    id: Type.Optional(CompanyId),
    attributeName: AttributeName,
    isParent: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const BY_QUERY: RouteAccess = { company: { from: 'query', name: 'id' }, area: 'reports' };
const BY_PARAM: RouteAccess = { company: { from: 'param', name: 'companyId' }, area: 'reports' };

/** Registers the filter choice calls and their consultant twins. */
export function reportChoiceRoutes(app: App, { db }: AppDeps): Promise<void> {
  const everyChoice = async (request: Parameters<typeof reportCompanyIds>[1], isParent?: boolean) =>
    reportFilterOptions(
      await loadReportData(db, await reportCompanyIds(db, request, isParent), ALL_REPORT_ENTITIES),
    );

  app.get(
    '/api/allFilters',
    { config: { access: BY_QUERY }, schema: { querystring: AllFiltersQuery } },
    async (request) => everyChoice(request, request.query.isParent),
  );
  app.get(
    '/api/companies/:companyId/allFilters',
    { config: { access: BY_PARAM }, schema: { params: CompanyIdParams, querystring: TwinAllFiltersQuery } },
    async (request) => everyChoice(request, request.query.isParent),
  );

  for (const route of twinRoutes('/filters/chargeTypes', { area: 'reports' }))
    app.get(route.url, { config: { access: route.access }, schema: { params: CompanyScopeParams } }, () => [
      ...CHARGE_TYPES,
    ]);

  const attributeValues = async (
    request: Parameters<typeof reportCompanyIds>[1],
    attributeName: string,
    isParent?: boolean,
  ) => {
    const ids = await reportCompanyIds(db, request, isParent);
    return attributeValueChoices(
      await loadReportData(db, ids, ['attributes', 'attributeValues']),
      attributeName,
    );
  };
  app.get(
    '/api/filters/locationAttributeValues',
    { config: { access: BY_QUERY }, schema: { querystring: AttributeValuesQuery } },
    async (request) => attributeValues(request, request.query.attributeName, request.query.isParent),
  );
  app.get(
    '/api/companies/:companyId/filters/locationAttributeValues',
    {
      config: { access: BY_PARAM },
      schema: { params: CompanyIdParams, querystring: TwinAttributeValuesQuery },
    },
    async (request) => attributeValues(request, request.query.attributeName, request.query.isParent),
  );
  return Promise.resolve();
}
