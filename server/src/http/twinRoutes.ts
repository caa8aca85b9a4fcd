// Every client call of the locations and accounts areas also exists as a consultant twin under
// `/api/companies/:companyId/...` (first spec document §2, docs/architecture.md §6). This builds both URLs with their access
// rules, so a route module writes each handler once and authorization stays in the access hook.
import { Type } from 'typebox';
import type { AreaKey } from '../../../src/domain/nav';
import type { CompanySource, RouteAccess } from '../auth/access';
import type { EntityName } from '../auth/accessQueries';
import { CompanyId, MonthOrDate, UuidString } from './commonSchemas';

/** One registration of a route: its URL and the access rule the hook enforces. */
export interface TwinRoute {
  url: string;
  access: RouteAccess;
}

/**
 * The client URL `/api{path}` and its twin `/api/companies/:companyId{path}`. The client form acts on the
 * caller's company, or on the company of the entity named by `:id` when `entity` is given; the twin acts on the
 * company in its path, so its handler must look the entity up within that company (404 otherwise).
 */
export function twinRoutes(
  path: string,
  options: { entity?: EntityName; area?: AreaKey; write?: boolean } = {},
): TwinRoute[] {
  const own: CompanySource = options.entity
    ? { from: 'entity', entity: options.entity, param: 'id' }
    : { from: 'caller' };
  const area = options.area ? { area: options.area, ...(options.write ? { write: true } : {}) } : {};
  return [
    { url: `/api${path}`, access: { company: own, ...area } },
    {
      url: `/api/companies/:companyId${path}`,
      access: { company: { from: 'param', name: 'companyId' }, ...area },
    },
  ];
}

/** Params of a company-level route and its twin (`companyId` is present only on the twin). */
export const CompanyScopeParams = Type.Object(
  { companyId: Type.Optional(CompanyId) },
  { additionalProperties: false },
);

/** Params of a route naming an entity by `:id`, and of its twin. */
export const EntityScopeParams = Type.Object(
  { companyId: Type.Optional(CompanyId), id: UuidString },
  { additionalProperties: false },
);

/** A bill month filter, `YYYY-MM` (a full date is accepted and read as its month). */
export const MonthString = MonthOrDate;

export { ServiceFilter } from '../../../src/domain/requestSchemas';
