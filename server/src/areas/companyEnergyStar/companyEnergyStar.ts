// GET /companies/{id}/energyStarScore (spec 000 §7): the company's ENERGY STAR summary, its sites ranked by their
// latest score, by the same rule the company page computes on the device (src/domain/energyStarPortfolio.ts).
import { and, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { companyOf } from '../../auth/access';
import { CompanyId } from '../../http/commonSchemas';
import { energyStarMetrics, locations } from '../../db/schema';
import { companyEnergyStar } from '../../../../src/domain/energyStarPortfolio';

const IdParams = Type.Object({ id: CompanyId }, { additionalProperties: false });

/** Registers the company ENERGY STAR score. */
export function companyEnergyStarRoutes(app: App, { db }: AppDeps): Promise<void> {
  app.get(
    '/api/companies/:id/energyStarScore',
    {
      config: { access: { company: { from: 'param', name: 'id' }, area: 'companyEnergyStar' } },
      schema: { params: IdParams },
    },
    async (request) => {
      const companyId = companyOf(request).id;
      const sites = await db
        .select({
          locationId: locations.id,
          name: locations.name,
          sqft: locations.sqft,
          isEnergyStarActive: locations.isEnergyStarActive,
        })
        .from(locations)
        // Closed sites (isActive false) neither rank nor take the switch.
        .where(and(eq(locations.companyId, companyId), eq(locations.isActive, true)));
      const rows = await db
        .select()
        .from(energyStarMetrics)
        .where(eq(energyStarMetrics.companyId, companyId));
      const bySite = new Map<string, (typeof rows)[number][]>();
      for (const row of rows) {
        const list = bySite.get(row.locationId);
        if (list) list.push(row);
        else bySite.set(row.locationId, [row]);
      }
      return companyEnergyStar(sites, (locationId) => bySite.get(locationId) ?? []);
    },
  );
  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
