// The Contracts area's reads (docs/architecture.md §14 Contracts): contracts and their linked locations as synced,
// with the expiry of `today` computed here by src/domain (never the value of the last sync), and the queued marks.
import { contractExpiry, extensionChain } from '../../domain/contracts';
import type { ContractExpiry } from '../../domain/contracts';
import type { OutboxStatus } from '../../domain/sync';
import { keptKeys } from '../keptFiles';
import type { ContractDocumentRow, ContractRow, LocationRow } from '../rows';
import type { AppDb } from '../schema';
import { queuedUploadFiles, queuedWrites } from './queuedWrites';

/** A contract as the grid lists it. */
export interface ContractListRow extends ContractExpiry {
  contract: ContractRow;
  linkedLocationIds: string[];
  documentCount: number;
  queued: OutboxStatus | undefined;
}

/** The Contracts page's data: contracts not extended, and what the filters offer. */
export interface ContractList {
  rows: ContractListRow[];
  services: string[];
  vendors: string[];
  locations: { id: string; name: string }[];
}

/** The key a contract document's file is kept under on the device. */
export function contractDocumentFileKey(documentId: string): string {
  return `contract-documents/${documentId}`;
}

/** Location ids linked to each contract of a company. */
async function linksByContract(db: AppDb, companyId: number): Promise<Map<string, string[]>> {
  const links = await db.contractLinkedLocations.where('companyId').equals(companyId).toArray();
  const byContract = new Map<string, string[]>();
  for (const link of links) {
    const list = byContract.get(link.contractId);
    if (list) list.push(link.locationId);
    else byContract.set(link.contractId, [link.locationId]);
  }
  return byContract;
}

/**
 * A company's contracts that are not extended (an extended contract is reached through its successor, spec 001
 * §4), soonest end first, each with its expiry on `today` and its linked locations.
 */
export async function contractList(db: AppDb, companyId: number, today: string): Promise<ContractList> {
  const [contracts, links, documents] = await Promise.all([
    db.contracts.where('companyId').equals(companyId).toArray(),
    linksByContract(db, companyId),
    db.contractDocuments.where('companyId').equals(companyId).toArray(),
  ]);
  const documentCounts = new Map<string, number>();
  for (const document of documents)
    documentCounts.set(document.contractId, (documentCounts.get(document.contractId) ?? 0) + 1);
  const current = contracts.filter((contract) => !contract.isExtended);
  current.sort((a, b) => a.endDate.localeCompare(b.endDate) || a.id.localeCompare(b.id));
  const queued = await queuedWrites(
    db,
    current.map((contract): [string, string] => ['contracts', contract.id]),
  );
  const rows = current.map((contract) => ({
    contract,
    ...contractExpiry(contract, today),
    linkedLocationIds: links.get(contract.id) ?? [],
    documentCount: documentCounts.get(contract.id) ?? 0,
    queued: queued[`contracts:${contract.id}`],
  }));
  const linkedIds = new Set(rows.flatMap((row) => row.linkedLocationIds));
  const sites = await db.locations.bulkGet([...linkedIds]);
  const locations = sites
    .filter((site): site is LocationRow => site !== undefined)
    .map((site) => ({ id: site.id, name: site.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const distinct = (values: string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b));
  return {
    rows,
    services: distinct(current.map((contract) => contract.serviceType)),
    vendors: distinct(current.map((contract) => contract.vendorName)),
    locations,
  };
}

/** A contract with its expiry. */
export interface ContractWithExpiry extends ContractExpiry {
  contract: ContractRow;
}

/** One contract as its page shows it. */
export interface ContractDetail extends ContractWithExpiry {
  /** The contracts it extends, newest first (spec 001 §4 associatedContractId). */
  chain: ContractWithExpiry[];
  /** The contract that extends it, when it is extended. */
  successor: ContractRow | null;
  locations: LocationRow[];
  documents: ContractDocumentItem[];
  queued: OutboxStatus | undefined;
}

/** A document of a contract as its page lists it, with its device state. */
export interface ContractDocumentItem {
  document: ContractDocumentRow;
  queued: OutboxStatus | undefined;
  /** Its file is kept on this device (opens offline). */
  isKept: boolean;
  /** The queued upload's file, while the upload has not reached the server. */
  queuedFileId: string | null;
}

/** A contract's documents, oldest first, with their queued marks, kept copies and queued files. */
async function contractDocumentItems(db: AppDb, contractId: string): Promise<ContractDocumentItem[]> {
  const rows = await db.contractDocuments.where('contractId').equals(contractId).toArray();
  // Server rows carry PostgreSQL's timestamp text, rows made here ISO text: compared as times, not as text.
  rows.sort(
    (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.fileName.localeCompare(b.fileName),
  );
  const ids = rows.map((row) => row.id);
  const [queued, kept, files] = await Promise.all([
    queuedWrites(
      db,
      ids.map((id): [string, string] => ['contractDocuments', id]),
    ),
    keptKeys(db, ids.map(contractDocumentFileKey)),
    queuedUploadFiles(db, 'contractDocuments', ids),
  ]);
  return rows.map((document) => ({
    document,
    queued: queued[`contractDocuments:${document.id}`],
    isKept: kept.has(contractDocumentFileKey(document.id)),
    queuedFileId: files.get(document.id) ?? null,
  }));
}

/** One contract of the device with its chain, successor and linked locations; null when it is not here. */
export async function contractDetail(db: AppDb, id: string, today: string): Promise<ContractDetail | null> {
  const contract = await db.contracts.get(id);
  if (!contract) return null;
  const all = await db.contracts.where('companyId').equals(contract.companyId).toArray();
  const byId = new Map(all.map((row) => [row.id, row]));
  const links = await db.contractLinkedLocations.where('contractId').equals(id).toArray();
  const sites = await db.locations.bulkGet(links.map((link) => link.locationId));
  const queued = await queuedWrites(db, [['contracts', id]]);
  return {
    contract,
    ...contractExpiry(contract, today),
    chain: extensionChain(contract, byId).map((older) => ({
      contract: older,
      ...contractExpiry(older, today),
    })),
    successor: all.find((row) => row.associatedContractId === id) ?? null,
    locations: sites
      .filter((site): site is LocationRow => site !== undefined)
      .sort((a, b) => a.name.localeCompare(b.name)),
    documents: await contractDocumentItems(db, id),
    queued: queued[`contracts:${id}`],
  };
}

/** Vendor names the device knows (accounts and contracts), for the contract form's suggestions. */
export async function knownVendorNames(db: AppDb, companyId: number): Promise<string[]> {
  const [accounts, contracts] = await Promise.all([
    db.accounts.where('companyId').equals(companyId).toArray(),
    db.contracts.where('companyId').equals(companyId).toArray(),
  ]);
  const names = new Set([
    ...accounts.map((row) => row.vendorName),
    ...contracts.map((row) => row.vendorName),
  ]);
  return [...names].filter((name) => name.trim() !== '').sort((a, b) => a.localeCompare(b));
}

/** Consultant names on the company's contracts, for the form's suggestions. */
export async function knownConsultantNames(db: AppDb, companyId: number): Promise<string[]> {
  const contracts = await db.contracts.where('companyId').equals(companyId).toArray();
  const names = new Set(contracts.flatMap((row) => (row.consultantName ? [row.consultantName] : [])));
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** Site types of the company's locations, for the new-site form's suggestions. */
export async function knownSiteTypes(db: AppDb, companyId: number): Promise<string[]> {
  const sites = await db.locations.where('companyId').equals(companyId).toArray();
  const types = new Set(sites.flatMap((row) => (row.siteType ? [row.siteType] : [])));
  return [...types].sort((a, b) => a.localeCompare(b));
}
