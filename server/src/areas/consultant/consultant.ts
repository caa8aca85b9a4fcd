// Consultant client lists and the per-company headline figures of the landing cards (second spec
// document §7, "Consultant client lists"). The lists need the consultant role; the figures need the company.
import { asc, eq, inArray, ne } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { callerOf, companyOf } from '../../auth/access';
import { CompanyId } from '../../http/commonSchemas';
import { companies, consultantCompanyAccess } from '../../db/schema';
import type { Db } from '../../db/client';
import { homeChartsData } from './homeCharts';

/** A client company as the consultant landing lists it. */
const ClientRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  companyTypeId: Type.Integer(),
  hasAccess: Type.Boolean(),
});

const clientColumns = {
  id: companies.id,
  name: companies.name,
  parentId: companies.parentId,
  companyTypeId: companies.companyTypeId,
};

async function grantedIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ companyId: consultantCompanyAccess.companyId })
    .from(consultantCompanyAccess)
    .where(eq(consultantCompanyAccess.userId, userId));
  return new Set(rows.map((row) => row.companyId));
}

/** Registers `/api/consultant`, `/api/consultant/all` and `/api/companies/:id/homeChartsData`. */
export function consultantRoutes(app: App, { db }: AppDeps): Promise<void> {
  app.get(
    '/api/consultant',
    {
      config: { access: { company: { from: 'none' }, role: 'consultant' } },
      schema: { response: { 200: Type.Array(ClientRow) } },
    },
    // My clients: the companies granted to the consultant; a super consultant works for every client.
    async (request) => {
      const caller = callerOf(request);
      if (caller.roles.isSuperConsultant) {
        const rows = await db
          .select(clientColumns)
          .from(companies)
          .where(ne(companies.id, caller.companyId))
          .orderBy(asc(companies.name));
        return rows.map((row) => ({ ...row, hasAccess: true }));
      }
      const granted = [...(await grantedIds(db, caller.userId))];
      if (granted.length === 0) return [];
      const rows = await db
        .select(clientColumns)
        .from(companies)
        .where(inArray(companies.id, granted))
        .orderBy(asc(companies.name));
      return rows.map((row) => ({ ...row, hasAccess: true }));
    },
  );

  app.get(
    '/api/consultant/all',
    {
      config: { access: { company: { from: 'none' }, role: 'consultant' } },
      schema: { response: { 200: Type.Array(ClientRow) } },
    },
    // Every client of the consultancy; `hasAccess` says which ones this consultant may open.
    async (request) => {
      const caller = callerOf(request);
      const granted = await grantedIds(db, caller.userId);
      const rows = await db
        .select(clientColumns)
        .from(companies)
        .where(ne(companies.id, caller.companyId))
        .orderBy(asc(companies.name));
      return rows.map((row) => ({
        ...row,
        hasAccess: caller.roles.isSuperConsultant || granted.has(row.id),
      }));
    },
  );

  app.get(
    '/api/companies/:id/homeChartsData',
    {
      config: { access: { company: { from: 'param', name: 'id' } } },
      schema: { params: Type.Object({ id: CompanyId }, { additionalProperties: false }) },
    },
    async (request) => homeChartsData(db, companyOf(request)),
  );
  return Promise.resolve();
}
