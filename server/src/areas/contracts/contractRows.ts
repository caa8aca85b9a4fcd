// Contract rows as the API answers them, the type of a contract's fields in a body (their schema is in
// src/domain/writeBodies.ts), and the look-ups the contract routes share. daysTillExpire, status and statusColor are computed from the end date and today by src/domain, the same
// rule the device uses (spec 001 §4), never stored.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tx';
import { contractLinkedLocations, contracts, locations, vendors } from '../../db/schema';
import { assertNoProblems, badRequest, notFound } from '../../errors';
import type { FieldErrors } from '../../errors';
import { contractExpiry, isNoneId } from '../../../../src/domain/contracts';
import type { ContractExpiry } from '../../../../src/domain/contracts';
import { contractProblems } from '../../../../src/domain/contractForm';
import type { ContractInput, ContractProblems } from '../../../../src/domain/contractForm';
import { serviceKey } from '../../../../src/domain/serviceTypes';
import type { ContractFields } from '../../../../src/domain/writeBodies';
import { utcToday } from '../locations/attention';

/** A contract row of the database. */
export type ContractRecord = typeof contracts.$inferSelect;

/** A contract as the API answers it: the row with its expiry of today. */
export type PublicContract = ContractRecord & ContractExpiry;

/** The contract fields of a body. */
export type ContractFieldsBody = Partial<{
  [Key in keyof typeof ContractFields]: Static<(typeof ContractFields)[Key]>;
}>;

/** The answer row of a contract on `today`. */
export function publicContract(row: ContractRecord, today: string = utcToday()): PublicContract {
  return { ...row, ...contractExpiry(row, today) };
}

/** A contract's editable fields as stored. */
export function inputOf(row: ContractRecord): ContractInput {
  return {
    serviceType: row.serviceType,
    vendorName: row.vendorName,
    startDate: row.startDate,
    endDate: row.endDate,
    termMonth: row.termMonth,
    contractSignDate: row.contractSignDate,
    contractRate: row.contractRate,
    contractAnnualUsage: row.contractAnnualUsage,
    contractRateType: row.contractRateType,
    consultantName: row.consultantName,
    notes: row.notes,
  };
}

/** `base` with the body's fields over it (text trimmed, blank optional text as null, the service as its key). */
export function mergedInput(base: ContractInput, body: ContractFieldsBody): ContractInput {
  const text = (value: string | null | undefined, fallback: string | null) =>
    value === undefined ? fallback : value === null || value.trim() === '' ? null : value.trim();
  return {
    serviceType: body.serviceType === undefined ? base.serviceType : serviceKey(body.serviceType),
    vendorName: body.vendorName === undefined ? base.vendorName : body.vendorName.trim(),
    startDate: body.startDate ?? base.startDate,
    endDate: body.endDate ?? base.endDate,
    termMonth: body.termMonth === undefined ? base.termMonth : body.termMonth,
    contractSignDate: body.contractSignDate === undefined ? base.contractSignDate : body.contractSignDate,
    contractRate: body.contractRate === undefined ? base.contractRate : body.contractRate,
    contractAnnualUsage:
      body.contractAnnualUsage === undefined ? base.contractAnnualUsage : body.contractAnnualUsage,
    contractRateType: body.contractRateType ?? base.contractRateType,
    consultantName: text(body.consultantName, base.consultantName),
    notes: text(body.notes, base.notes),
  };
}

/** An empty contract the body of an add fills in. */
export const BLANK_INPUT: ContractInput = {
  serviceType: '',
  vendorName: '',
  startDate: '',
  endDate: '',
  termMonth: null,
  contractSignDate: null,
  contractRate: null,
  contractAnnualUsage: null,
  contractRateType: 0,
  consultantName: null,
  notes: null,
};

/** 400 with `body.<field>` problems when a contract breaks a rule of src/domain/contractForm.ts. */
export function assertValidContract(problems: ContractProblems, prefix = 'body.'): void {
  assertNoProblems(problems, prefix);
}

/** Checks a contract input and answers 400 with its problems. */
export function assertContract(input: ContractInput): void {
  assertValidContract(contractProblems(input));
}

/** The vendor id of a vendor name, when the vendor is known (vendors are shared by every company). */
export async function vendorIdOf(db: Db | Tx, vendorName: string): Promise<string | null> {
  const [row] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.name, vendorName));
  return row?.id ?? null;
}

/** A contract of a company, or 404 (another company's contract is answered like a missing one). */
export async function findContract(db: Db | Tx, companyId: number, id: string): Promise<ContractRecord> {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, id.toLowerCase()), eq(contracts.companyId, companyId)));
  if (!row) throw notFound('No such contract');
  return row;
}

/** The linked-location rows of a contract, oldest first. */
export async function linksOf(db: Db | Tx, contractId: string) {
  return db
    .select()
    .from(contractLinkedLocations)
    .where(eq(contractLinkedLocations.contractId, contractId))
    .orderBy(asc(contractLinkedLocations.locationId));
}

/** The contract that extends `id` (its successor), if any. */
export async function successorOf(
  db: Db | Tx,
  companyId: number,
  id: string,
): Promise<ContractRecord | null> {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.companyId, companyId), eq(contracts.associatedContractId, id)));
  return row ?? null;
}

/** Refuses location ids that are not sites of the company (400 on `body.<field>.<index>`). */
export async function assertCompanyLocations(
  tx: Tx,
  companyId: number,
  locationIds: readonly string[],
  field: string,
): Promise<void> {
  if (locationIds.length === 0) return;
  const known = new Set(
    (
      await tx
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.companyId, companyId), inArray(locations.id, [...locationIds])))
    ).map((row) => row.id),
  );
  const fields: FieldErrors = {};
  locationIds.forEach((id, index) => {
    if (!known.has(id)) fields[`body.${field}.${index}`] = 'is not a location of this company';
  });
  if (Object.keys(fields).length > 0)
    throw badRequest('Some locations are not locations of this company', fields);
}

/** The contract ids an extension chain goes through, oldest last (the server's copy of the device's walk). */
export async function chainOf(db: Db | Tx, contract: ContractRecord): Promise<ContractRecord[]> {
  const chain: ContractRecord[] = [];
  const seen = new Set([contract.id]);
  let next = contract.associatedContractId;
  while (next !== null && !isNoneId(next) && !seen.has(next)) {
    const [older] = await db
      .select()
      .from(contracts)
      .where(and(eq(contracts.id, next), eq(contracts.companyId, contract.companyId)));
    if (!older) break;
    chain.push(older);
    seen.add(older.id);
    next = older.associatedContractId;
  }
  return chain;
}
