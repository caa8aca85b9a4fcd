// Contract writes through the outbox (docs/architecture.md §4, §14 Contracts), offline too: add, edit, mark viewed,
// extend, delete, link and unlink. Each is checked first with the server's own rules (src/domain/contractForm.ts),
// so a write queued offline is not refused later for a reason the form could have said. Rows made here get their
// final ids (docs/architecture.md §6). Writes use the company-scoped paths, which clients and consultants share.
import { contractProblems, extensionProblems } from '../../domain/contractForm';
import type { ContractInput, ContractProblems } from '../../domain/contractForm';
import type { WriteBody } from '../../domain/syncedWrites';
import { randomId } from '../ids';
import { evictKeptFile } from '../keptFiles';
import { enqueue } from '../outbox';
import type { RowWrite } from '../outbox';
import type { ContractLinkedLocationRow, ContractRow } from '../rows';
import type { AppDb } from '../schema';
import { contractDocumentFileKey } from '../queries/contracts';
import type { OutboxEntry } from '../syncRows';

/** A queued write and the contract it concerns, or the problems that kept it from being queued. */
export type ContractWriteResult =
  { ok: true; entry: OutboxEntry; contractId: string } | { ok: false; problems: ContractProblems };

const LINK_ANSWER = { contract: 'contracts', linkedLocations: 'contractLinkedLocations' } as const;

function hasProblems(problems: ContractProblems): boolean {
  return Object.keys(problems).length > 0;
}

/** Trims texts and turns blank optional texts into null, as the server stores them. */
function cleanInput(input: ContractInput): ContractInput {
  const optional = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());
  return {
    ...input,
    vendorName: input.vendorName.trim(),
    consultantName: optional(input.consultantName),
    notes: optional(input.notes),
  };
}

function newLinks(companyId: number, contractId: string, locationIds: readonly string[], now: string) {
  return [...new Set(locationIds)].map((locationId): ContractLinkedLocationRow => ({
    id: randomId(),
    companyId,
    // 0 until the answer brings the server's version: no server write has it.
    version: 0,
    updatedAt: now,
    contractId,
    locationId,
  }));
}

function putLink(link: ContractLinkedLocationRow): RowWrite {
  return { entity: 'contractLinkedLocations', entityId: link.id, change: { kind: 'put', row: { ...link } } };
}

function newContract(companyId: number, input: ContractInput, now: string): ContractRow {
  return {
    id: randomId(),
    companyId,
    version: 0,
    updatedAt: now,
    ...input,
    vendorId: null,
    associatedContractId: null,
    isExtended: false,
    isViewed: false,
  };
}

async function requireContract(db: AppDb, id: string): Promise<ContractRow> {
  const contract = await db.contracts.get(id);
  if (!contract) throw new Error(`Contract ${id} is not in the local database`);
  return contract;
}

/** Adds a contract with its linked locations (`POST /contracts/add`): one entry for the contract and its links. */
export async function addContract(
  db: AppDb,
  companyId: number,
  draft: ContractInput,
  locationIds: readonly string[] = [],
): Promise<ContractWriteResult> {
  const input = cleanInput(draft);
  const problems = contractProblems(input);
  if (hasProblems(problems)) return { ok: false, problems };
  const now = new Date().toISOString();
  const contract = newContract(companyId, input, now);
  const links = newLinks(companyId, contract.id, locationIds, now);
  const entry = await enqueue(db, {
    companyId,
    write: 'addContract',
    params: { companyId },
    body: {
      id: contract.id,
      ...input,
      linkedLocations: links.map(({ id, locationId }) => ({ id, locationId })),
    },
    effects: [
      { entity: 'contracts', entityId: contract.id, change: { kind: 'put', row: { ...contract } } },
      ...links.map(putLink),
    ],
    answerRows: LINK_ANSWER,
    ifMatch: false,
    label: `New contract with ${input.vendorName}`,
  });
  return { ok: true, entry, contractId: contract.id };
}

/** Edits a contract's fields (`PUT /contracts/{id}/update`, If-Match: the version the user edited). */
export async function updateContract(
  db: AppDb,
  id: string,
  draft: ContractInput,
): Promise<ContractWriteResult> {
  const contract = await requireContract(db, id);
  const input = cleanInput(draft);
  const problems = contractProblems(input);
  if (hasProblems(problems)) return { ok: false, problems };
  const entry = await enqueue(db, {
    companyId: contract.companyId,
    write: 'updateContract',
    params: { companyId: contract.companyId, id },
    body: { ...input },
    entity: 'contracts',
    entityId: id,
    change: { kind: 'patch', fields: { ...input } },
    label: `Contract with ${input.vendorName}`,
  });
  return { ok: true, entry, contractId: id };
}

/**
 * Marks a contract viewed (spec 001 §4: the badge counts unviewed contracts): a synced write without If-Match, as
 * having seen a contract never conflicts with an edit. Nothing is queued when it already is viewed.
 */
export async function markContractViewed(db: AppDb, id: string): Promise<OutboxEntry | null> {
  return db.transaction('rw', [db.outbox, db.meta, db.contracts], async () => {
    const contract = await db.contracts.get(id);
    if (!contract || contract.isViewed) return null;
    return enqueue(db, {
      companyId: contract.companyId,
      write: 'updateContract',
      params: { companyId: contract.companyId, id },
      body: { isViewed: true },
      entity: 'contracts',
      entityId: id,
      change: { kind: 'patch', fields: { isViewed: true } },
      ifMatch: false,
      label: `Contract with ${contract.vendorName} viewed`,
    });
  });
}

/**
 * Extends a contract (`POST /contracts/{id}/extend`): one entry whose effects are the old contract (now extended,
 * If-Match on it), the new one pointing back at it, and the new one's copies of the old one's linked locations.
 */
export async function extendContract(
  db: AppDb,
  id: string,
  draft: ContractInput,
): Promise<ContractWriteResult> {
  return db.transaction('rw', [db.outbox, db.meta, db.contracts, db.contractLinkedLocations], async () => {
    const old = await requireContract(db, id);
    const input = cleanInput(draft);
    const problems = extensionProblems(input, old.endDate);
    if (old.isExtended) problems.startDate = 'cannot follow a contract that is already extended';
    if (hasProblems(problems)) return { ok: false, problems };
    const now = new Date().toISOString();
    const contract = {
      ...newContract(old.companyId, input, now),
      associatedContractId: old.id,
      vendorId: old.vendorId,
    };
    const oldLinks = await db.contractLinkedLocations.where('contractId').equals(id).toArray();
    const links = newLinks(
      old.companyId,
      contract.id,
      oldLinks.map((link) => link.locationId),
      now,
    );
    const entry = await enqueue(db, {
      companyId: old.companyId,
      write: 'extendContract',
      params: { companyId: old.companyId, id },
      body: {
        id: contract.id,
        ...input,
        linkedLocations: links.map(({ id: linkId, locationId }) => ({ id: linkId, locationId })),
      },
      effects: [
        { entity: 'contracts', entityId: id, change: { kind: 'patch', fields: { isExtended: true } } },
        { entity: 'contracts', entityId: contract.id, change: { kind: 'put', row: { ...contract } } },
        ...links.map(putLink),
      ],
      answerRows: {
        extended: 'contracts',
        contract: 'contracts',
        linkedLocations: 'contractLinkedLocations',
      },
      ifMatch: true,
      label: `Extension of the contract with ${old.vendorName}`,
    });
    return { ok: true, entry, contractId: contract.id };
  });
}

/**
 * Deletes a contract (`DELETE /contracts/delete?id=`): its links and documents go with it, and the contract it extended carries on
 * again (not extended). A contract that has an extension is not deleted (delete the extension first).
 */
export async function deleteContract(db: AppDb, id: string): Promise<OutboxEntry | { problem: string }> {
  const tables = [
    db.outbox,
    db.meta,
    db.contracts,
    db.contractLinkedLocations,
    db.contractDocuments,
    db.keptFiles,
    db.keptFileData,
  ];
  return db.transaction('rw', tables, async () => {
    const contract = await requireContract(db, id);
    const successor = await db.contracts.where('associatedContractId').equals(id).first();
    if (successor) return { problem: 'This contract has an extension: delete the extension first.' };
    const links = await db.contractLinkedLocations.where('contractId').equals(id).toArray();
    const documents = await db.contractDocuments.where('contractId').equals(id).toArray();
    const predecessor = contract.associatedContractId
      ? await db.contracts.get(contract.associatedContractId)
      : undefined;
    const gone = (entity: RowWrite['entity'], entityId: string): RowWrite => ({
      entity,
      entityId,
      change: { kind: 'delete' },
    });
    const entry = await enqueue(db, {
      companyId: contract.companyId,
      write: 'deleteContract',
      params: { companyId: contract.companyId },
      query: { id },
      effects: [
        gone('contracts', id),
        ...links.map((link) => gone('contractLinkedLocations', link.id)),
        ...documents.map((document) => gone('contractDocuments', document.id)),
        ...(predecessor
          ? [
              {
                entity: 'contracts',
                entityId: predecessor.id,
                change: { kind: 'patch', fields: { isExtended: false } },
              } satisfies RowWrite,
            ]
          : []),
      ],
      answerRows: {
        associated: 'contracts',
        linkedLocations: 'contractLinkedLocations',
        documents: 'contractDocuments',
      },
      ifMatch: true,
      label: `Delete the contract with ${contract.vendorName}`,
    });
    for (const document of documents) await evictKeptFile(db, contractDocumentFileKey(document.id));
    return entry;
  });
}

/** The call of a change of a contract's links; its path names the contract's company. */
type LinkCall =
  | { write: 'linkContractLocations'; body: WriteBody<'linkContractLocations'> }
  | { write: 'unlinkContractLocations'; body: WriteBody<'unlinkContractLocations'> };

/**
 * Changes a contract's links in one transaction: `change` reads the contract and its links and says what to queue (the
 * call and the links' row writes), or null when no link would change. The contract owns the set, so it is the entry's
 * own row (If-Match on it, docs/architecture.md §4 "Sets and their owning row"), the links after it.
 */
function changeLinks(
  db: AppDb,
  contractId: string,
  change: (
    contract: ContractRow,
    existing: ContractLinkedLocationRow[],
  ) => { call: LinkCall; links: readonly RowWrite[] } | null,
): Promise<OutboxEntry | null> {
  return db.transaction('rw', [db.outbox, db.meta, db.contracts, db.contractLinkedLocations], async () => {
    const contract = await requireContract(db, contractId);
    const queued = change(
      contract,
      await db.contractLinkedLocations.where('contractId').equals(contractId).toArray(),
    );
    if (!queued) return null;
    return enqueue(db, {
      ...queued.call,
      params: { companyId: contract.companyId },
      companyId: contract.companyId,
      effects: [
        { entity: 'contracts', entityId: contractId, change: { kind: 'patch', fields: {} } },
        ...queued.links,
      ],
      answerRows: LINK_ANSWER,
      ifMatch: true,
      label: `Locations of the contract with ${contract.vendorName}`,
    });
  });
}

/**
 * Links locations to a contract (`POST /contracts/linked_locations/link`): the contract owns its set of links, so it
 * is the entry's own row (If-Match on it) and each new link gets its final id here.
 */
export async function linkLocations(
  db: AppDb,
  contractId: string,
  locationIds: readonly string[],
): Promise<OutboxEntry | null> {
  return changeLinks(db, contractId, (contract, existing) => {
    const linked = new Set(existing.map((link) => link.locationId));
    const links = newLinks(
      contract.companyId,
      contractId,
      locationIds.filter((id) => !linked.has(id)),
      new Date().toISOString(),
    );
    if (links.length === 0) return null;
    const body = {
      contractId,
      locationIds: links.map((link) => link.locationId),
      ids: links.map((link) => link.id),
    };
    return { call: { write: 'linkContractLocations', body }, links: links.map(putLink) };
  });
}

/** Unlinks locations from a contract (`POST /contracts/linked_locations/unlink`), the contract as the set's owner. */
export async function unlinkLocations(
  db: AppDb,
  contractId: string,
  locationIds: readonly string[],
): Promise<OutboxEntry | null> {
  return changeLinks(db, contractId, (_contract, existing) => {
    const unwanted = new Set(locationIds);
    const links = existing.filter((link) => unwanted.has(link.locationId));
    if (links.length === 0) return null;
    return {
      call: {
        write: 'unlinkContractLocations',
        body: { contractId, locationIds: links.map((link) => link.locationId) },
      },
      links: links.map((link): RowWrite => ({
        entity: 'contractLinkedLocations',
        entityId: link.id,
        change: { kind: 'delete' },
      })),
    };
  });
}
