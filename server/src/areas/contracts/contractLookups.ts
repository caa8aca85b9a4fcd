// The look-ups of the contract form (spec 001 §7 Contracts and documents): vendors, the consultants who act for the
// company, and its site types, each also under /api/companies/:companyId. The device's form suggests the names it
// already holds (docs/architecture.md §14 Contracts), so these serve online callers of the spec's API.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { App, AppDeps } from '../../http/types';
import { companyOf } from '../../auth/access';
import { consultantCompanyAccess, locations, users, vendors } from '../../db/schema';
import { CompanyScopeParams, twinRoutes } from '../../http/twinRoutes';

/** Registers the look-ups with their twins. */
export function contractLookupRoutes(app: App, { db }: AppDeps): Promise<void> {
  const schema = { params: CompanyScopeParams };

  for (const route of twinRoutes('/companies/getAllVendorsInfo', { area: 'contracts' })) {
    app.get(route.url, { config: { access: route.access }, schema }, async () =>
      db.select({ id: vendors.id, name: vendors.name }).from(vendors).orderBy(asc(vendors.name)),
    );
  }

  for (const route of twinRoutes('/companies/all_get_consultants', { area: 'contracts' })) {
    app.get(route.url, { config: { access: route.access }, schema }, async (request) => {
      const rows = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(consultantCompanyAccess)
        .innerJoin(users, eq(users.id, consultantCompanyAccess.userId))
        .where(and(eq(consultantCompanyAccess.companyId, companyOf(request).id), eq(users.isActive, true)))
        .orderBy(asc(users.lastName), asc(users.firstName));
      return rows.map((row) => ({ ...row, fullName: `${row.firstName} ${row.lastName}` }));
    });
  }

  for (const route of twinRoutes('/locations/site_type', { area: 'contracts' })) {
    app.get(route.url, { config: { access: route.access }, schema }, async (request) => {
      const rows = await db
        .selectDistinct({ siteType: locations.siteType })
        .from(locations)
        .where(and(eq(locations.companyId, companyOf(request).id), isNotNull(locations.siteType)))
        .orderBy(asc(locations.siteType));
      return rows.flatMap((row) => (row.siteType ? [row.siteType] : []));
    });
  }
  return Promise.resolve();
}
