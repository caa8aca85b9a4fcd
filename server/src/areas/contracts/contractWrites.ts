// Contract writes of spec 001 §7: add, {id}/update (also how a contract is marked viewed), {id}/extend and delete,
// each a synced write (idempotent by key, versioned, If-Match on the contract) with its consultant twin, so the
// device's outbox can replay them offline. Ids made on the device are accepted (docs/architecture.md §6). Writes
// answer plain rows, as the change feed has them; the expiry is computed wherever a contract is read.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { App, AppDeps } from '../../http/types';
import type { Tx } from '../../db/tx';
import { contractDocuments, contractLinkedLocations, contracts } from '../../db/schema';
import { withDroppedFiles } from '../../files/storedWrite';
import { createFileStore } from '../../files/store';
import { badRequest } from '../../errors';
import { assertNewIds } from '../../http/newIds';
import { sendWriteResult } from '../../http/writeReply';
import { assertVersion } from '../../sync/syncedWrite';
import { applyWrite, runWrite, syncedWriteRoute } from '../../sync/writeRoute';
import type { WriteAccess } from '../../sync/writeRoute';
import { writeTombstone } from '../../sync/versioning';
import { contractProblems, extensionProblems } from '../../../../src/domain/contractForm';
import {
  BLANK_INPUT,
  assertCompanyLocations,
  assertValidContract,
  findContract,
  inputOf,
  linksOf,
  mergedInput,
  successorOf,
  vendorIdOf,
} from './contractRows';
import { contractLinkRoutes } from './contractLinks';
import { CompanyScopeParams, EntityScopeParams } from '../../http/twinRoutes';

/** Checks new links (distinct locations of the company, ids not taken) and inserts them for `contractId`. */
async function insertLinks(
  tx: Tx,
  companyId: number,
  contractId: string,
  version: number,
  links: readonly { id: string; locationId: string }[],
) {
  if (links.length === 0) return [];
  const locationIds = links.map((link) => link.locationId.toLowerCase());
  if (new Set(locationIds).size !== locationIds.length)
    throw badRequest('A location is linked once', { 'body.linkedLocations': 'has repeated locations' });
  await assertCompanyLocations(tx, companyId, locationIds, 'linkedLocations');
  await assertNewIds(
    tx,
    contractLinkedLocations,
    links.map((link, index) => ({ field: `body.linkedLocations.${index}.id`, value: link.id })),
  );
  return tx
    .insert(contractLinkedLocations)
    .values(
      links.map((link) => ({
        id: link.id.toLowerCase(),
        companyId,
        contractId,
        locationId: link.locationId.toLowerCase(),
        version,
      })),
    )
    .returning();
}

/** A contract write on the contract its `:id` names; its client form finds the company there. */
const ON_CONTRACT: WriteAccess = {
  clientForm: { from: 'entity', entity: 'contracts', param: 'id' },
  area: 'contracts',
};
/** A contract write whose client form acts on the caller's company. */
const IN_COMPANY: WriteAccess = { clientForm: { from: 'caller' }, area: 'contracts' };

/** Registers add, update, extend, delete and the link routes, with their client forms. */
export async function contractWriteRoutes(app: App, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const store = createFileStore(deps.config.filesDir);

  syncedWriteRoute(app, 'addContract', IN_COMPANY, { params: CompanyScopeParams }, async (request, reply) => {
    const { id, linkedLocations = [], ...fields } = request.body;
    const input = mergedInput(BLANK_INPUT, fields);
    assertValidContract(contractProblems(input));
    return applyWrite(db, request, reply, async ({ tx, version, companyId }) => {
      const contractId = id?.toLowerCase();
      await assertNewIds(tx, contracts, [{ field: 'body.id', value: contractId }]);
      const [contract] = await tx
        .insert(contracts)
        .values({
          ...(contractId ? { id: contractId } : {}),
          companyId,
          version,
          ...input,
          vendorId: await vendorIdOf(tx, input.vendorName),
        })
        .returning();
      if (!contract) throw new Error('insert returned no contract');
      const links = await insertLinks(tx, companyId, contract.id, version, linkedLocations);
      return { statusCode: 201, body: { contract, linkedLocations: links } };
    });
  });

  syncedWriteRoute(
    app,
    'updateContract',
    ON_CONTRACT,
    { params: EntityScopeParams },
    async (request, reply) => {
      const { isViewed, ...fields } = request.body;
      return applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
        const current = await findContract(tx, companyId, request.params.id);
        assertVersion(current, expected);
        const input = mergedInput(inputOf(current), fields);
        assertValidContract(contractProblems(input));
        const [row] = await tx
          .update(contracts)
          .set({
            ...input,
            vendorId:
              input.vendorName === current.vendorName
                ? current.vendorId
                : await vendorIdOf(tx, input.vendorName),
            ...(isViewed === undefined ? {} : { isViewed }),
            version,
            updatedAt: sql`now()`,
          })
          .where(eq(contracts.id, current.id))
          .returning();
        if (!row) throw new Error('update returned no contract');
        return { statusCode: 200, body: row };
      });
    },
  );

  syncedWriteRoute(
    app,
    'extendContract',
    ON_CONTRACT,
    { params: EntityScopeParams },
    async (request, reply) => {
      const { id, linkedLocations = [], ...fields } = request.body;
      return applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
        const old = await findContract(tx, companyId, request.params.id);
        assertVersion(old, expected);
        if (old.isExtended || (await successorOf(tx, companyId, old.id)))
          throw badRequest('This contract is already extended', { 'params.id': 'is already extended' });
        const input = mergedInput(inputOf(old), { notes: null, ...fields });
        assertValidContract(extensionProblems(input, old.endDate));
        const newId = id?.toLowerCase();
        await assertNewIds(tx, contracts, [{ field: 'body.id', value: newId }]);
        const [extended] = await tx
          .update(contracts)
          .set({ isExtended: true, version, updatedAt: sql`now()` })
          .where(eq(contracts.id, old.id))
          .returning();
        const [contract] = await tx
          .insert(contracts)
          .values({
            ...(newId ? { id: newId } : {}),
            companyId,
            version,
            ...input,
            vendorId:
              input.vendorName === old.vendorName ? old.vendorId : await vendorIdOf(tx, input.vendorName),
            associatedContractId: old.id,
          })
          .returning();
        if (!extended || !contract) throw new Error('extend wrote no contract');
        const links = await insertLinks(tx, companyId, contract.id, version, linkedLocations);
        return { statusCode: 201, body: { extended, contract, linkedLocations: links } };
      });
    },
  );

  syncedWriteRoute(
    app,
    'deleteContract',
    IN_COMPANY,
    { params: CompanyScopeParams },
    async (request, reply) => {
      const result = await withDroppedFiles(store, (dropped) =>
        runWrite(db, request, async ({ tx, version, expected, companyId }) => {
          const current = await findContract(tx, companyId, request.query.id);
          assertVersion(current, expected);
          if (await successorOf(tx, companyId, current.id))
            throw badRequest('Delete the extension of this contract first', {
              'query.id': 'has an extension',
            });
          const links = await linksOf(tx, current.id);
          if (links.length > 0) {
            await tx.delete(contractLinkedLocations).where(
              inArray(
                contractLinkedLocations.id,
                links.map((link) => link.id),
              ),
            );
            for (const link of links)
              await writeTombstone(tx, companyId, 'contractLinkedLocations', link.id, version);
          }
          // Its documents go with it, each with a tombstone (the foreign key's cascade would leave devices a copy).
          const documents = await tx
            .delete(contractDocuments)
            .where(eq(contractDocuments.contractId, current.id))
            .returning({ id: contractDocuments.id, storageKey: contractDocuments.storageKey });
          for (const document of documents) {
            await writeTombstone(tx, companyId, 'contractDocuments', document.id, version);
            dropped.push(document.storageKey);
          }
          await tx.delete(contracts).where(eq(contracts.id, current.id));
          await writeTombstone(tx, companyId, 'contracts', current.id, version);
          // The contract it extended carries on again: deleting an extension undoes the extension.
          const [associated] = current.associatedContractId
            ? await tx
                .update(contracts)
                .set({ isExtended: false, version, updatedAt: sql`now()` })
                .where(
                  and(eq(contracts.id, current.associatedContractId), eq(contracts.companyId, companyId)),
                )
                .returning()
            : [];
          return {
            statusCode: 200,
            body: { id: current.id, associated: associated ?? null, linkedLocations: [], documents: [] },
          };
        }),
      );
      return sendWriteResult(reply, result);
    },
  );

  await contractLinkRoutes(app, deps);
}
