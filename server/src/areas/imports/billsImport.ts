// A bill spreadsheet or Green Button file applied as one batch (docs/architecture.md §14 Imports): read with the domain
// code the device previews it with, accounts matched (or created when asked), all rows or none, duplicates skipped
// unless asked, re-issued statements replacing the bills of their period, the bill audits run on the new bills, and a
// Green Button file's interval months kept for its account.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { chunkIds } from '../../../../src/domain/bills';
import { fromCents, toCents } from '../../../../src/domain/money';
import { chargeTotalsByService, usageTotalsByService } from '../../../../src/domain/billLines';
import type { BillServiceSummary } from '../../../../src/domain/billFigures';
import {
  matchImportAccounts,
  prepareBillRows,
  prepareGreenButton,
  unitTotals,
} from '../../../../src/domain/imports/batches';
import type {
  NewImportAccount,
  PreparedIntervals,
  ImportBatchCounts,
  ImportRowError,
  PreparedImport,
} from '../../../../src/domain/imports/batches';
import type { Cell } from '../../../../src/domain/imports/spreadsheet/cells';
import { classifyBills } from '../../../../src/domain/imports/spreadsheet/duplicates';
import type { BillColumnMapping } from '../../../../src/domain/imports/spreadsheet/headers';
import type { ImportedBill } from '../../../../src/domain/imports/spreadsheet/sheetBills';
import { raiseBillAlerts } from '../../audits/raiseAlerts';
import {
  accounts,
  billCharges,
  billLines,
  billUsages,
  bills,
  importBatches,
  intervalMonths,
  locations,
  vendors,
} from '../../db/schema';
import { insertRows } from '../../db/insertRows';
import type { Tx } from '../../db/tx';
import { notFound } from '../../errors';
import { replaceBills } from './billRemoval';
import { batchAnswer, rowsInError } from './batchAnswers';

/** A bill's per-service summary from its lines (the shape the seed writes, src/domain/billFigures.ts). */
function servicesOf(bill: ImportedBill): BillServiceSummary[] {
  const charges = chargeTotalsByService(bill.charges);
  const usages = usageTotalsByService(bill.usages);
  const names = [...new Set([...charges.map((c) => c.serviceType), ...usages.map((u) => u.serviceName)])];
  return names.map((serviceType) => {
    const usage = usages.find((line) => line.serviceName === serviceType);
    const taxCents = bill.charges
      .filter((line) => line.serviceType === serviceType && line.chargeClassification === 'Taxes & Fees')
      .reduce((sum, line) => sum + toCents(line.amount), 0);
    return {
      serviceType,
      charges: charges.find((line) => line.serviceType === serviceType)?.amount ?? 0,
      usage: usage?.usageTotal ?? null,
      unit: usage?.energyUnit ?? null,
      demandKw: usage?.kwMax ?? null,
      kvaMax: usage?.kvaMax ?? null,
      kvarSum: usage?.kvarSum ?? null,
      taxesFees: fromCents(taxCents),
    };
  });
}

/** What a bill written by an import needs of its account. */
interface BillAccount {
  id: string;
  locationId: string;
  vendorId: string;
  vendorName: string;
}

/**
 * Creates the accounts a file names (`options.createAccounts`), with their vendors where the vendor list lacks them
 * (vendors are shared by every company, matched by name); answers each by its key.
 */
async function createAccounts(
  tx: Tx,
  companyId: number,
  version: number,
  planned: readonly NewImportAccount[],
): Promise<Map<string, BillAccount>> {
  const made = new Map<string, BillAccount>();
  if (planned.length === 0) return made;
  const names = [...new Set(planned.map((one) => one.vendorName))];
  await tx
    .insert(vendors)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const vendorIds = new Map(
    (await tx.select().from(vendors).where(inArray(vendors.name, names))).map((vendor) => [
      vendor.name,
      vendor.id,
    ]),
  );
  const rows = planned.map((one) => ({
    id: randomUUID(),
    companyId,
    version,
    locationId: one.locationId,
    vendorId: vendorIds.get(one.vendorName) ?? '',
    vendorName: one.vendorName,
    accountNumber: one.accountNumber,
    services: one.services,
  }));
  await insertRows(tx, accounts, rows);
  rows.forEach((row, i) => made.set(planned[i]!.key, row));
  return made;
}

/**
 * Keeps a Green Button file's interval months for its account (greenButton/intervals.ts); a month the account has
 * already from another file is left as it is.
 */
async function keepIntervals(
  tx: Tx,
  companyId: number,
  version: number,
  batchId: string,
  accountId: string,
  intervals: PreparedIntervals,
): Promise<void> {
  const present = new Set(
    (
      await tx
        .select({ month: intervalMonths.month })
        .from(intervalMonths)
        .where(and(eq(intervalMonths.companyId, companyId), eq(intervalMonths.accountId, accountId)))
    ).map((row) => row.month),
  );
  const rows = intervals.months
    .filter((month) => !present.has(month.month))
    .map((month) => ({
      companyId,
      version,
      accountId,
      importBatchId: batchId,
      month: month.month,
      serviceType: intervals.serviceType,
      unit: intervals.unit,
      intervalSeconds: month.intervalSeconds,
      startsAt: new Date(month.startsAt * 1000).toISOString(),
      values: month.values,
    }));
  for (const chunk of chunkIds(rows, 100)) await tx.insert(intervalMonths).values(chunk);
}

/**
 * Applies a bill spreadsheet (its rows and mapping) or a Green Button file (into its account) as one batch; a 422
 * answer with every row in error, an `ImportFileError` when the file cannot be read.
 */
export async function applyBillsFile(
  tx: Tx,
  batchOf: {
    id?: string;
    companyId: number;
    version: number;
    userId: number | null;
    fileName: string;
    kind: string;
  },
  file:
    | { rows: readonly (readonly Cell[])[]; mapping: BillColumnMapping | undefined }
    | { greenButton: Uint8Array; accountId: string },
  options: { createAccounts?: boolean; duplicates?: string } | undefined,
  today: string,
) {
  const { companyId, version } = batchOf;
  const companyAccounts = await tx
    .select({
      id: accounts.id,
      accountNumber: accounts.accountNumber,
      vendorName: accounts.vendorName,
      vendorId: accounts.vendorId,
      locationId: accounts.locationId,
    })
    .from(accounts)
    .where(eq(accounts.companyId, companyId));
  let prepared: PreparedImport;
  if ('rows' in file) prepared = prepareBillRows(file.rows, file.mapping);
  else {
    const account = companyAccounts.find((one) => one.id === file.accountId);
    if (!account) throw notFound('Account not found');
    prepared = prepareGreenButton(new TextDecoder().decode(file.greenButton), account);
  }
  const { reading } = prepared;
  const create = options?.createAccounts
    ? {
        sites: await tx
          .select({ id: locations.id, siteNumber: locations.siteNumber })
          .from(locations)
          .where(eq(locations.companyId, companyId)),
      }
    : undefined;
  const {
    matched: matchedOrNew,
    newAccounts,
    errors: accountErrors,
  } = matchImportAccounts(reading.bills, companyAccounts, create);
  const errors: ImportRowError[] = [...reading.errors, ...accountErrors];
  // All rows or none (docs/architecture.md §14 Imports): nothing is written while any row is in error.
  if (errors.length > 0) return rowsInError(errors);

  const createdAccounts = await createAccounts(tx, companyId, version, newAccounts);
  const matched = matchedOrNew.map((one) => {
    const target = one.account ?? createdAccounts.get(one.newAccount?.key ?? '');
    if (!target) throw new Error('An account the file names was not created');
    return { bill: one.bill, account: target };
  });
  // Bills present are only on the accounts the company had.
  const accountIds = [...new Set(matchedOrNew.flatMap((one) => (one.account ? [one.account.id] : [])))];
  const existing =
    accountIds.length === 0
      ? []
      : await tx
          .select({
            id: bills.id,
            accountId: bills.accountId,
            vendorName: bills.vendorName,
            billMonth: bills.billMonth,
            readDateFrom: bills.readDateFrom,
            readDateTo: bills.readDateTo,
            invoiceNumber: bills.invoiceNumber,
            totalNewCharges: bills.totalNewCharges,
          })
          .from(bills)
          .where(and(eq(bills.companyId, companyId), inArray(bills.accountId, accountIds)));
  // Usage lines of the bills present, so a bill with the same charges but other usage is a re-issue.
  const usagesOf = new Map<string, { energyUnit: string | null; usageTotal: number }[]>();
  if (accountIds.length > 0) {
    const lines = await tx
      .select({
        billId: billUsages.billId,
        energyUnit: billUsages.energyUnit,
        usageTotal: billUsages.usageTotal,
      })
      .from(billUsages)
      .innerJoin(bills, eq(bills.id, billUsages.billId))
      .where(and(eq(bills.companyId, companyId), inArray(bills.accountId, accountIds)));
    for (const line of lines) {
      const list = usagesOf.get(line.billId) ?? [];
      list.push(line);
      usagesOf.set(line.billId, list);
    }
  }
  const numberOf = new Map(companyAccounts.map((one) => [one.id, one.accountNumber]));
  const matches = classifyBills(
    matched.map((one) => one.bill),
    existing.map((bill) => ({
      ...bill,
      accountNumber: numberOf.get(bill.accountId) ?? '',
      usages: usagesOf.get(bill.id) ?? [],
    })),
  );
  const importDuplicates = options?.duplicates === 'import';
  const kept = matched
    .map((one, i) => ({ ...one, match: matches[i] }))
    .filter((one) => importDuplicates || one.match?.kind !== 'duplicate');
  const duplicates = matched.length - kept.length;
  const keptReading = { ...reading, bills: kept.map((one) => one.bill) };
  const counts: ImportBatchCounts = {
    rows: reading.rowCount,
    bills: kept.length,
    lines: kept.reduce((sum, one) => sum + one.bill.charges.length + one.bill.usages.length, 0),
    duplicates,
    replaced: 0,
    errors: 0,
    accountsCreated: newAccounts.length,
  };
  let [batch] = await tx
    .insert(importBatches)
    .values({
      ...(batchOf.id ? { id: batchOf.id } : {}),
      companyId,
      version,
      createdBy: batchOf.userId,
      fileName: batchOf.fileName,
      kind: batchOf.kind,
      mapping: prepared.mapping,
      counts,
      totals: unitTotals(keptReading),
      status: 'applied',
      errors: [],
      created: { accounts: [...createdAccounts.values()].map((account) => account.id) },
    })
    .returning();
  if (!batch) throw new Error('The import batch was not written');
  const batchId = batch.id;
  if (kept.length > 0) {
    // Ids chosen here, so each bill's lines name it without relying on the order RETURNING gives.
    const billIds = kept.map(() => randomUUID());
    const billValues = kept.map(({ bill, account }, i) => ({
      id: billIds[i]!,
      companyId,
      version,
      accountId: account.id,
      locationId: account.locationId,
      vendorId: account.vendorId,
      vendorName: account.vendorName,
      billMonth: bill.billMonth,
      invoiceDate: bill.invoiceDate,
      dueDate: bill.dueDate,
      readDateFrom: bill.readDateFrom,
      readDateTo: bill.readDateTo,
      totalNewCharges: bill.totalNewCharges,
      amountDue: bill.amountDue,
      lateFee: bill.lateFee,
      taxesFees: bill.taxesFees,
      // A bill read from a file is a bill: 'missing' marks the product's placeholder of a month without one.
      isInvoiceMissing: false,
      invoiceNumber: bill.invoiceNumber,
      importBatchId: batchId,
      services: servicesOf(bill),
    }));
    const charges = kept.flatMap(({ bill }, i) =>
      bill.charges.map((line) => ({ ...line, billId: billIds[i]!, companyId })),
    );
    const usages = kept.flatMap(({ bill }, i) =>
      bill.usages.map((line) => ({ ...line, billId: billIds[i]!, companyId })),
    );
    const lines = kept.map(({ bill }, i) => ({
      id: billIds[i]!,
      companyId,
      version,
      charges: bill.charges,
      usages: bill.usages,
    }));
    await insertRows(tx, bills, billValues);
    await insertRows(tx, billCharges, charges);
    await insertRows(tx, billUsages, usages);
    await insertRows(tx, billLines, lines);
    // A re-issued statement replaces the bill of its period (de-duplicated on account, vendor and period:
    // a re-issue has a statement id of its own); the batch keeps the earlier bill for an undo.
    const taken = new Set<string>();
    const replacements = kept.flatMap(({ match }, i) => {
      const earlier =
        match?.kind === 'reissue' && match.existingIndex !== null ? existing[match.existingIndex] : undefined;
      if (!earlier || taken.has(earlier.id)) return [];
      taken.add(earlier.id);
      return [{ earlierId: earlier.id, byBillId: billIds[i]! }];
    });
    const replaced = await replaceBills(tx, companyId, version, replacements);
    if (replaced.length > 0) {
      counts.replaced = replaced.length;
      const [updated] = await tx
        .update(importBatches)
        .set({ replaced, counts })
        .where(eq(importBatches.id, batchId))
        .returning();
      if (updated) batch = updated;
    }
    // The bill audits run on imported bills as on any bill (server/src/audits/raiseAlerts.ts).
    await raiseBillAlerts(tx, {
      companyId,
      version,
      accountIds: [...new Set(kept.map((one) => one.account.id))],
      today,
      onlyBillIds: new Set(billIds),
    });
  }
  if (prepared.intervals && 'accountId' in file)
    await keepIntervals(tx, companyId, version, batchId, file.accountId, prepared.intervals);
  return { statusCode: 201, body: { ...batchAnswer(batch), errors: [] } };
}
