// Linking locations to a contract (spec 001 §7: POST /contracts/linked_locations/link and /unlink), with twins. The
// links are a set owned by their contract (docs/architecture.md §4 "Sets and their owning row"): every change bumps
// the contract's version, If-Match is checked against it, and the answer carries the contract and all its links.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { App, AppDeps } from '../../http/types';
import { contractLinkedLocations, contracts } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { applyWrite, syncedWriteRoute } from '../../sync/writeRoute';
import type { WriteAccess, WriteEffect } from '../../sync/writeRoute';
import type { WriteResult } from '../../sync/syncedWrite';
import { writeTombstone } from '../../sync/versioning';
import { assertNewIds } from '../../http/newIds';
import { assertCompanyLocations, findContract, linksOf } from './contractRows';
import type { ContractRecord } from './contractRows';
import { CompanyScopeParams } from '../../http/twinRoutes';

/** Link and unlink name their contract in the body; the client form acts on the caller's company. */
const ACCESS: WriteAccess = { clientForm: { from: 'caller' }, area: 'contracts' };

type Link = Awaited<ReturnType<typeof linksOf>>[number];

/**
 * A change of a contract's links as one write: the contract under If-Match (409 with it and its links), the change
 * (which says whether it changed any link), the contract's version bumped when it did, and the answer with the
 * contract and all its links.
 */
async function changeLinks(
  { tx, version, expected, companyId }: WriteEffect,
  contractId: string,
  change: (contract: ContractRecord, current: Link[]) => Promise<boolean>,
): Promise<WriteResult> {
  const contract = await findContract(tx, companyId, contractId);
  const current = await linksOf(tx, contract.id);
  if (expected !== undefined && contract.version !== expected)
    throw conflict({ contract, linkedLocations: current });
  const [owner] = (await change(contract, current))
    ? await tx
        .update(contracts)
        .set({ version, updatedAt: sql`now()` })
        .where(eq(contracts.id, contract.id))
        .returning()
    : [contract];
  return { statusCode: 200, body: { contract: owner, linkedLocations: await linksOf(tx, contract.id) } };
}

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
      return applyWrite(db, request, reply, (write) =>
        changeLinks(write, contractId, async (contract, current) => {
          const { tx, version, companyId } = write;
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
          return added.length > 0;
        }),
      );
    },
  );

  syncedWriteRoute(
    app,
    'unlinkContractLocations',
    ACCESS,
    { params: CompanyScopeParams },
    async (request, reply) => {
      const { contractId, locationIds } = request.body;
      return applyWrite(db, request, reply, (write) =>
        changeLinks(write, contractId, async (contract, current) => {
          const { tx, version, companyId } = write;
          const unwanted = new Set(locationIds.map((id) => id.toLowerCase()));
          const removed = current.filter((link) => unwanted.has(link.locationId));
          if (removed.length === 0) return false;
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
          return true;
        }),
      );
    },
  );
}
