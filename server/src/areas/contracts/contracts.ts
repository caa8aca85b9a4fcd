// Contract reads of spec 001 §7 (Contracts and documents), each also under /api/companies/:companyId: the list of
// contracts not extended, the summary, one contract, the contracts it extends, its linked locations and its PDF
// summary. Writes are in contractWrites.ts. Contracts belong to the Contracts area: limited clients get 403 from
// the access hook, and another company's contract answers 404.
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { App, AppDeps } from '../../http/types';
import { companyOf } from '../../auth/access';
import { contractDocuments, contractLinkedLocations, contracts, locations } from '../../db/schema';
import { sendPdfSummary } from './contractPdf';
import { contractsDueBadge, countContractsDue } from '../../../../src/domain/contracts';
import { utcToday } from '../locations/attention';
import { chainOf, findContract, publicContract } from './contractRows';
import { publicDocument } from './documents';
import { contractLookupRoutes } from './contractLookups';
import { contractWriteRoutes } from './contractWrites';
import { CompanyScopeParams, EntityScopeParams, twinRoutes } from '../../http/twinRoutes';

/** Registers the contract routes with their consultant twins. */
export async function contractRoutes(app: App, deps: AppDeps): Promise<void> {
  const { db } = deps;

  for (const route of twinRoutes('/contracts', { area: 'contracts' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams } },
      async (request) => {
        const companyId = companyOf(request).id;
        const rows = await db
          .select()
          .from(contracts)
          .where(and(eq(contracts.companyId, companyId), eq(contracts.isExtended, false)))
          .orderBy(asc(contracts.endDate), asc(contracts.id));
        const ids = rows.map((row) => row.id);
        const linkCounts = await countsBy(db, contractLinkedLocations, ids);
        const documentCounts = await countsBy(db, contractDocuments, ids);
        const today = utcToday();
        return rows.map((row) => ({
          ...publicContract(row, today),
          linkedLocationsCount: linkCounts.get(row.id) ?? 0,
          documentsCount: documentCounts.get(row.id) ?? 0,
        }));
      },
    );
  }

  for (const route of twinRoutes('/contracts/info', { area: 'contracts' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams } },
      async (request) => {
        const rows = await db
          .select()
          .from(contracts)
          .where(eq(contracts.companyId, companyOf(request).id));
        const today = utcToday();
        const current = rows.filter((row) => !row.isExtended).map((row) => publicContract(row, today));
        const byStatus: Record<string, number> = {};
        for (const row of current) byStatus[row.status] = (byStatus[row.status] ?? 0) + 1;
        const badge = contractsDueBadge(current);
        return {
          total: current.length,
          extended: rows.length - current.length,
          due: countContractsDue(rows, today),
          byStatus,
          badge,
        };
      },
    );
  }

  for (const route of twinRoutes('/contracts/:id', { entity: 'contracts', area: 'contracts' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams } },
      async (request) => {
        const contract = await findContract(db, companyOf(request).id, request.params.id);
        const documents = await db
          .select()
          .from(contractDocuments)
          .where(eq(contractDocuments.contractId, contract.id))
          .orderBy(asc(contractDocuments.createdAt));
        return { ...publicContract(contract), associatedDocuments: documents.map(publicDocument) };
      },
    );
  }

  for (const route of twinRoutes('/contracts/:id/extended', { entity: 'contracts', area: 'contracts' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams } },
      async (request) => {
        const contract = await findContract(db, companyOf(request).id, request.params.id);
        const today = utcToday();
        return (await chainOf(db, contract)).map((row) => publicContract(row, today));
      },
    );
  }

  for (const route of twinRoutes('/contracts/:id/linked_locations', {
    entity: 'contracts',
    area: 'contracts',
  })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams } },
      async (request) => {
        const contract = await findContract(db, companyOf(request).id, request.params.id);
        const rows = await db
          .select({ link: contractLinkedLocations, location: locations })
          .from(contractLinkedLocations)
          .innerJoin(locations, eq(locations.id, contractLinkedLocations.locationId))
          .where(eq(contractLinkedLocations.contractId, contract.id))
          .orderBy(asc(locations.name), asc(locations.id));
        return rows.map(({ link, location }) => ({
          id: link.id,
          contractId: link.contractId,
          locationId: location.id,
          name: location.name,
          address: location.address,
          city: location.city,
          state: location.state,
          zip: location.zip,
        }));
      },
    );
  }

  for (const route of twinRoutes('/contracts/:id/download', { entity: 'contracts', area: 'contracts' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams } },
      async (request, reply) => {
        const company = companyOf(request);
        const contract = await findContract(db, company.id, request.params.id);
        return sendPdfSummary(db, reply, company.name, publicContract(contract));
      },
    );
  }

  await contractLookupRoutes(app, deps);
  await contractWriteRoutes(app, deps);
}

/** Rows per contract id of a table that has a contract_id. */
async function countsBy(
  db: AppDeps['db'],
  table: typeof contractLinkedLocations | typeof contractDocuments,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ contractId: table.contractId, n: count() })
    .from(table)
    .where(inArray(table.contractId, [...ids]))
    .groupBy(table.contractId);
  return new Map(rows.map((row) => [row.contractId, row.n]));
}
