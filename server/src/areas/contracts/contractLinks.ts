// Linking locations to a contract (spec 001 §7: POST /contracts/linked_locations/link and /unlink), with twins. The
// links are a set owned by their contract (docs/architecture.md §4 "Sets and their owning row"): every change bumps
// the contract's version, If-Match is checked against it, and the answer carries the contract and all its links.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { App, AppDeps } from '../../http/types';
import { contractLinkedLocations, contracts } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { applyWrite, syncedWriteRoute } from '../../sync/writeRoute';
import type { WriteAccess } from '../../sync/writeRoute';
import { writeTombstone } from '../../sync/versioning';
import { assertNewIds } from '../../http/newIds';
import { assertCompanyLocations, findContract, linksOf } from './contractRows';
import { CompanyScopeParams } from '../../http/twinRoutes';

/** Link and unlink name their contract in the body; the client form acts on the caller's company. */
const ACCESS: WriteAccess = { clientForm: { from: 'caller' }, area: 'contracts' };

/** Registers link and unlink with their client forms. */
export async function contractLinkRoutes(app: App, { db }: AppDeps): Promise<void> {
  syncedWriteRoute(
    app,
    'linkContractLocations',
    ACCESS,
    { params: CompanyScopeParams },
    async (request, reply) => {
      const { contractId, locationIds, ids } = request.body;
      if (ids && ids.length !== locationIds.length)
        throw badRequest('There must be one link id per location', {
          'body.ids': 'must match locationIds',
        });
      const wanted = locationIds.map((id) => id.toLowerCase());
      if (new Set(wanted).size !== wanted.length)
        throw badRequest('A location is linked once', { 'body.locationIds': 'has repeated locations' });
      return applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
        const contract = await findContract(tx, companyId, contractId);
        const current = await linksOf(tx, contract.id);
        if (expected !== undefined && contract.version !== expected)
          throw conflict({ contract, linkedLocations: current });
        await assertCompanyLocations(tx, companyId, wanted, 'locationIds');
        const linked = new Set(current.map((link) => link.locationId));
        const added = wanted.flatMap((locationId, index) =>
          linked.has(locationId) ? [] : [{ locationId, index, id: ids?.[index]?.toLowerCase() }],
        );
        await assertNewIds(
          tx,
          contractLinkedLocations,
          added.map((link) => ({ field: `body.ids.${link.index}`, value: link.id })),
        );
        if (added.length > 0)
          await tx.insert(contractLinkedLocations).values(
            added.map((link) => ({
              ...(link.id ? { id: link.id } : {}),
              companyId,
              contractId: contract.id,
              locationId: link.locationId,
              version,
            })),
          );
        const [owner] =
          added.length > 0
            ? await tx
                .update(contracts)
                .set({ version, updatedAt: sql`now()` })
                .where(eq(contracts.id, contract.id))
                .returning()
            : [contract];
        return {
          statusCode: 200,
          body: { contract: owner, linkedLocations: await linksOf(tx, contract.id) },
        };
      });
    },
  );

  syncedWriteRoute(
    app,
    'unlinkContractLocations',
    ACCESS,
    { params: CompanyScopeParams },
    async (request, reply) => {
      const { contractId, locationIds } = request.body;
      return applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
        const contract = await findContract(tx, companyId, contractId);
        const current = await linksOf(tx, contract.id);
        if (expected !== undefined && contract.version !== expected)
          throw conflict({ contract, linkedLocations: current });
        const unwanted = new Set(locationIds.map((id) => id.toLowerCase()));
        const removed = current.filter((link) => unwanted.has(link.locationId));
        if (removed.length > 0) {
          await tx.delete(contractLinkedLocations).where(
            and(
              eq(contractLinkedLocations.contractId, contract.id),
              inArray(
                contractLinkedLocations.id,
                removed.map((link) => link.id),
              ),
            ),
          );
          for (const link of removed)
            await writeTombstone(tx, companyId, 'contractLinkedLocations', link.id, version);
        }
        const [owner] =
          removed.length > 0
            ? await tx
                .update(contracts)
                .set({ version, updatedAt: sql`now()` })
                .where(eq(contracts.id, contract.id))
                .returning()
            : [contract];
        return {
          statusCode: 200,
          body: { contract: owner, linkedLocations: await linksOf(tx, contract.id) },
        };
      });
    },
  );
}
