import type { FastifyRequest } from 'fastify';
import type { App } from '../http/types';
import { canOpenArea, canWriteArea } from '../../../src/domain/nav';
import type { AreaKey } from '../../../src/domain/nav';
import { parseRoles } from '../../../src/domain/roles';
import type { Roles } from '../../../src/domain/roles';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { forbidden, notFound, unauthorized } from '../errors';
import { isSessionLive } from './sessions';
import { verifyAccessToken } from './tokens';
import { companyById, entityCompanyId, isGrantedCompany } from './accessQueries';
import type { CompanyRow, EntityName } from './accessQueries';

/** How a route finds the company it reads or writes. */
export type CompanySource =
  /** `/companies/:companyId/...` and other routes carrying the company in the path. */
  | { from: 'param'; name: string }
  /** `?companyId=` */
  | { from: 'query'; name: string }
  /** Client routes without a prefix act on the caller's own company. */
  | { from: 'caller' }
  /** Routes naming an entity (`/accounts/nickname/:id`): the entity's company. */
  | { from: 'entity'; entity: EntityName; param: string }
  /** Writes naming their entity in the body (`POST /accounts/addMeterRecord`): the entity's company. */
  | { from: 'bodyEntity'; entity: EntityName; field: string }
  /** Signed in, but no single company (e.g. the consultant's client lists). */
  | { from: 'none' };

/** Every `/api` route declares this in `config.access`; the server refuses to start otherwise. */
export type RouteAccess =
  | { public: true }
  | {
      public?: false;
      company: CompanySource;
      /** The area the route belongs to: the caller must be able to open it (src/domain/nav.ts), else 403. */
      area?: AreaKey;
      /**
       * The route changes the area's data: the caller needs full access to it, not only its read-only page (a client
       * on `/alertsro` rights reads alerts but may not change them), else 403.
       */
      write?: boolean;
      role?: 'consultant' | 'superConsultant';
    };

/** The signed-in user of a request. */
export interface Caller {
  userId: number;
  companyId: number;
  roleClaim: string[];
  roles: Roles;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    caller: Caller | null;
    company: CompanyRow | null;
  }
}

/** The rule of docs/architecture.md §5, in one place: may this caller act on this company? */
export async function canReachCompany(db: Db, caller: Caller, company: CompanyRow): Promise<boolean> {
  if (caller.roles.isSuperConsultant) return true;
  if (caller.roles.isConsultant)
    return company.id === caller.companyId || isGrantedCompany(db, caller.userId, company.id);
  return company.id === caller.companyId || company.parentId === caller.companyId;
}

/**
 * Whether the caller may use an area of a reachable company (or, `isWrite`, change its data): the area rule the
 * client's sidebar and route guards read (src/domain/nav.ts, docs/architecture.md §5, §6), so client and server never
 * disagree.
 */
export function canUseArea(
  caller: Caller,
  company: CompanyRow,
  area: AreaKey,
  isWrite: boolean = false,
): boolean {
  const ctx = { roles: caller.roles, company };
  return isWrite ? canWriteArea(area, ctx) : canOpenArea(area, ctx);
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}

function stringAt(source: unknown, name: string): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const value: unknown = Reflect.get(source, name);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

async function resolveCompanyId(db: Db, request: FastifyRequest, caller: Caller, source: CompanySource) {
  switch (source.from) {
    case 'caller':
      return caller.companyId;
    case 'param':
      return Number(stringAt(request.params, source.name));
    case 'query':
      return Number(stringAt(request.query, source.name));
    case 'entity': {
      const id = stringAt(request.params, source.param);
      return id === undefined ? null : entityCompanyId(db, source.entity, id);
    }
    case 'bodyEntity': {
      // preHandler runs after body validation, so the field has the type its route's schema declares.
      const id = stringAt(request.body, source.field);
      return id === undefined ? null : entityCompanyId(db, source.entity, id);
    }
    case 'none':
      return null;
  }
}

/**
 * Installs authentication and authorization for every `/api` route: the token is read on
 * request, the company and area are checked before the handler runs. A route without a
 * declared `access` makes startup fail, so nothing is reachable by omission.
 */
export function installAccessControl(app: App, deps: { db: Db; config: ServerConfig }): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('company', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (!route.config?.access)
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access.public) return;
    const token = bearer(request);
    const claims = token ? await verifyAccessToken(deps.config, token) : null;
    if (!claims) throw unauthorized();
    // A signed-out session's token stops here, not when it expires (docs/architecture.md §5). Every token the
    // sessions issue names its session; only the tests sign tokens without one.
    if (claims.sid !== undefined && !(await isSessionLive(deps.db, claims.sid)))
      throw unauthorized('Your session has ended. Please sign in again.');
    request.caller = {
      userId: claims.userId,
      companyId: claims.companyId,
      roleClaim: claims.role,
      roles: parseRoles(claims.role),
    };
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    const caller = request.caller;
    if (!access || access.public || !caller) return;
    if (access.role === 'superConsultant' && !caller.roles.isSuperConsultant) throw notFound();
    if (access.role === 'consultant' && !caller.roles.isConsultant) throw notFound();
    const companyId = await resolveCompanyId(deps.db, request, caller, access.company);
    if (access.company.from === 'none') return;
    if (companyId === null || !Number.isInteger(companyId)) throw notFound();
    const company = await companyById(deps.db, companyId);
    if (!company || !(await canReachCompany(deps.db, caller, company))) throw notFound();
    if (access.area && !canUseArea(caller, company, access.area, access.write === true)) throw forbidden();
    request.company = company;
  });
}

/** The company resolved for a company-scoped route (the access hook guarantees it). */
export function companyOf(request: FastifyRequest): CompanyRow {
  if (!request.company) throw new Error('companyOf() on a route without a company');
  return request.company;
}

/** The signed-in caller of a non-public route (the access hook guarantees it). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('callerOf() on a public route');
  return request.caller;
}
