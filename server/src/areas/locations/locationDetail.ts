// Single-location calls of the first spec document §7 (info, attention, accounts, budgets, contracts), each also
// under /api/companies/:companyId (a bill with its lines is the Bills area's, areas/bills/bills.ts). Client routes find
// the company from the entity; twins name it, so every read is scoped to that company and a foreign id answers 404.
import { and, asc, eq } from 'drizzle-orm';
import type { App, AppDeps } from '../../http/types';
import type { Db } from '../../db/client';
import { callerOf, canUseArea, companyOf } from '../../auth/access';
import { contractLinkedLocations, contracts, locations } from '../../db/schema';
import { notFound } from '../../errors';
import { contractStatus, daysTillExpire } from '../../../../src/domain/contracts';
import { stateLabel } from '../../../../src/domain/states';
import { accountGridRows } from '../accounts/accountRows';
import { budgetsOf } from '../budgets/budgetRows';
import { attentionItems, utcToday } from './attention';
import { EntityScopeParams, twinRoutes } from '../../http/twinRoutes';

/** The location of a company, or 404. */
export async function locationOf(db: Db, companyId: number, id: string) {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, id.toLowerCase()), eq(locations.companyId, companyId)));
  if (!row) throw notFound();
  return row;
}

const schema = { params: EntityScopeParams };

/** Registers the single-location reads with their consultant twins. */
export function locationDetailRoutes(app: App, { db }: AppDeps): Promise<void> {
  for (const route of twinRoutes('/locations/:id/locationInfo', { entity: 'locations' })) {
    app.get(route.url, { config: { access: route.access }, schema }, async (request) => {
      const site = await locationOf(db, companyOf(request).id, request.params.id);
      return { ...site, stateLabel: stateLabel(site.state) };
    });
  }

  for (const route of twinRoutes('/locations/:id/attention', { entity: 'locations' })) {
    app.get(route.url, { config: { access: route.access }, schema }, async (request) => {
      const company = companyOf(request);
      const site = await locationOf(db, company.id, request.params.id);
      return attentionItems(
        db,
        { companyId: company.id, locationId: site.id },
        {
          contracts: canUseArea(callerOf(request), company, 'contracts'),
          today: utcToday(),
        },
      );
    });
  }

  for (const route of twinRoutes('/locations/:id/accounts', { entity: 'locations' })) {
    app.get(route.url, { config: { access: route.access }, schema }, async (request) => {
      const companyId = companyOf(request).id;
      const site = await locationOf(db, companyId, request.params.id);
      return accountGridRows(db, companyId, { locationId: site.id });
    });
  }

  for (const route of twinRoutes('/locations/:id/budgets', { entity: 'locations', area: 'budgets' })) {
    app.get(route.url, { config: { access: route.access }, schema }, async (request) => {
      const companyId = companyOf(request).id;
      const site = await locationOf(db, companyId, request.params.id);
      return budgetsOf(db, companyId, { locationId: site.id });
    });
  }

  for (const route of twinRoutes('/location/:id/contracts', { entity: 'locations', area: 'contracts' })) {
    app.get(route.url, { config: { access: route.access }, schema }, async (request) => {
      const companyId = companyOf(request).id;
      const site = await locationOf(db, companyId, request.params.id);
      const rows = await db
        .select({ contract: contracts })
        .from(contracts)
        .innerJoin(contractLinkedLocations, eq(contractLinkedLocations.contractId, contracts.id))
        .where(and(eq(contracts.companyId, companyId), eq(contractLinkedLocations.locationId, site.id)))
        .orderBy(asc(contracts.endDate), asc(contracts.id));
      const today = utcToday();
      // Extended contracts stay in a site's list (its history), marked by the status suffix and grey colour.
      return rows.map(({ contract }) => {
        const days = daysTillExpire(contract.endDate, today);
        const status = contractStatus(days, contract.isExtended);
        return { ...contract, daysTillExpire: days, status: status.text, statusColor: status.color };
      });
    });
  }

  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
