// Imports (docs/architecture.md §14 Imports): a bill spreadsheet or Green Button file applied once as a batch, read
// with the same domain code the device previews it with (src/domain/imports/), all of its bills or none; an undo
// deletes the batch's bills with tombstones so they leave every device through the feed.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { chunkIds } from '../../../../src/domain/bills';
import { MAX_FILE_BYTES } from '../../../../src/domain/files';
import { fromCents, toCents } from '../../../../src/domain/money';
import { chargeTotalsByService, usageTotalsByService } from '../../../../src/domain/billLines';
import type { BillServiceSummary } from '../../../../src/domain/billFigures';
import {
  ImportFileError,
  matchImportAccounts,
  prepareBillRows,
  prepareGreenButton,
  readSpreadsheet,
  unitTotals,
} from '../../../../src/domain/imports/batches';
import type {
  NewImportAccount,
  PreparedIntervals,
  ImportBatchCounts,
  ImportRowError,
  PreparedImport,
} from '../../../../src/domain/imports/batches';
import { classifyBills } from '../../../../src/domain/imports/spreadsheet/duplicates';
import type { BillColumnMapping } from '../../../../src/domain/imports/spreadsheet/headers';
import type { ImportedBill } from '../../../../src/domain/imports/spreadsheet/sheetBills';
import { raiseBillAlerts } from '../../audits/raiseAlerts';
import { companyOf } from '../../auth/access';
import type { Db } from '../../db/client';
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
import type { Tx } from '../../db/tx';
import { ApiError, badRequest, notFound } from '../../errors';
import { base64Length, UPLOAD_BODY_LIMIT } from '../../files/upload';
import { CompanyScopeParams, EntityScopeParams, twinRoutes } from '../../http/twinRoutes';
import type { App, AppDeps } from '../../http/types';
import { assertVersion } from '../../sync/syncedWrite';
import { writeTombstones } from '../../sync/versioning';
import { removeBills, removeCreated, replaceBills, restoreBills } from './billRemoval';
import { batchAnswer, rowsInError } from './batchAnswers';
import { applySitesFile } from './sitesImport';
import { assertNewIds } from '../../http/newIds';
import { applyWrite, syncedWriteRoute } from '../../sync/writeRoute';
import type { WriteAccess } from '../../sync/writeRoute';

// Who may import is the imports area's rule (src/domain/nav.ts); the spec-style client form `/api/imports` acts on the
// caller's company, the path under `/companies/:companyId` is its consultant twin.
const IMPORTS: WriteAccess = { area: 'imports', write: true, clientForm: { from: 'caller' } };
const UNDO: WriteAccess = {
  area: 'imports',
  write: true,
  clientForm: { from: 'entity', entity: 'importBatches', param: 'id' },
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Rows per INSERT: 1,000 bills of ~20 columns stay well under a statement's 65,535 parameters. */
const INSERT_CHUNK = 1000;

/** The file's bytes: over 20 MB a 413 and bad base64 a 400, as documents (server/src/files/upload.ts). */
function decodeFile(fileValue: string): Uint8Array {
  let text = fileValue.replace(/^data:[^,]{0,200};base64,/, '');
  if (/\s/.test(text)) text = text.replace(/\s+/g, '');
  if (text.length > base64Length(MAX_FILE_BYTES) + 4)
    throw new ApiError(413, 'payload_too_large', 'The file is larger than 20 MB', {
      'body.fileValue': 'is larger than 20 MB',
    });
  if (!BASE64.test(text) || text.length % 4 === 1)
    throw badRequest('The file is not valid base64', { 'body.fileValue': 'must be the file in base64' });
  return new Uint8Array(Buffer.from(text, 'base64'));
}

function unreadable(error: unknown): never {
  if (error instanceof ImportFileError)
    throw badRequest(`The file cannot be read: ${error.message}`, { 'body.fileValue': error.message });
  throw error;
}

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
  for (const chunk of chunkIds(rows, INSERT_CHUNK)) await tx.insert(accounts).values(chunk);
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

async function findBatch(tx: Tx | Db, companyId: number, id: string) {
  const [row] = await tx
    .select()
    .from(importBatches)
    .where(and(eq(importBatches.id, id), eq(importBatches.companyId, companyId)));
  if (!row) throw notFound('Import not found');
  return row;
}

export function registerImportRoutes(app: App, { db }: AppDeps): void {
  syncedWriteRoute(
    app,
    'createImport',
    IMPORTS,
    { params: CompanyScopeParams },
    async (request, reply) => {
      const body = request.body;
      const bytes = decodeFile(body.fileValue);
      let rows: Awaited<ReturnType<typeof readSpreadsheet>> | null = null;
      if (body.kind === 'bills' || body.kind === 'sites') {
        rows = await readSpreadsheet(body.fileName, bytes).catch(unreadable);
      } else if (!body.accountId) {
        throw badRequest('A Green Button file is imported into an account', {
          'body.accountId': 'is required',
        });
      }
      const today = new Date().toISOString().slice(0, 10);
      return applyWrite(db, request, reply, async ({ tx, version, companyId, userId }) => {
        await assertNewIds(tx, importBatches, [{ field: 'body.id', value: body.id }]);
        if (body.kind === 'sites' && rows) {
          const sheet = rows;
          return applySitesFile(
            tx,
            { id: body.id, companyId, version, userId, fileName: body.fileName },
            sheet,
          ).catch(unreadable);
        }
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
        try {
          if (rows) prepared = prepareBillRows(rows, body.mapping as BillColumnMapping | undefined);
          else {
            const account = companyAccounts.find((one) => one.id === body.accountId);
            if (!account) throw notFound('Account not found');
            prepared = prepareGreenButton(new TextDecoder().decode(bytes), account);
          }
        } catch (error) {
          unreadable(error);
        }
        const { reading } = prepared;
        const create = body.options?.createAccounts
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
        const importDuplicates = body.options?.duplicates === 'import';
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
            ...(body.id ? { id: body.id } : {}),
            companyId,
            version,
            createdBy: userId,
            fileName: body.fileName,
            kind: body.kind,
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
          // A statement takes at most 65,535 parameters (PostgreSQL's protocol): rows go in chunks.
          for (const chunk of chunkIds(billValues, INSERT_CHUNK)) await tx.insert(bills).values(chunk);
          for (const chunk of chunkIds(charges, INSERT_CHUNK)) await tx.insert(billCharges).values(chunk);
          for (const chunk of chunkIds(usages, INSERT_CHUNK)) await tx.insert(billUsages).values(chunk);
          for (const chunk of chunkIds(lines, INSERT_CHUNK)) await tx.insert(billLines).values(chunk);
          // A re-issued statement replaces the bill of its period (de-duplicated on account, vendor and period:
          // a re-issue has a statement id of its own); the batch keeps the earlier bill for an undo.
          const taken = new Set<string>();
          const replacements = kept.flatMap(({ match }, i) => {
            const earlier =
              match?.kind === 'reissue' && match.existingIndex !== null
                ? existing[match.existingIndex]
                : undefined;
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
        if (prepared.intervals && body.accountId)
          await keepIntervals(tx, companyId, version, batchId, body.accountId, prepared.intervals);
        return { statusCode: 201, body: { ...batchAnswer(batch), errors: [] } };
      });
    },
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );

  syncedWriteRoute(app, 'undoImport', UNDO, { params: EntityScopeParams }, async (request, reply) =>
    applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
      const batch = await findBatch(tx, companyId, request.params.id);
      assertVersion(batch, expected);
      if (batch.status === 'undone') return { statusCode: 200, body: batchAnswer(batch) };
      // The batch's bills leave with their alerts through tombstones (billRemoval.ts), so devices drop their copies.
      const billIds = (
        await tx
          .select({ id: bills.id })
          .from(bills)
          .where(and(eq(bills.importBatchId, batch.id), eq(bills.companyId, companyId)))
      ).map((bill) => bill.id);
      // Bills the file's re-issues replaced come back first, taking back what had moved to their re-issues.
      await restoreBills(tx, companyId, version, batch.replaced);
      await removeBills(tx, companyId, version, billIds);
      const intervals = await tx
        .delete(intervalMonths)
        .where(and(eq(intervalMonths.companyId, companyId), eq(intervalMonths.importBatchId, batch.id)))
        .returning({ id: intervalMonths.id });
      await writeTombstones(
        tx,
        companyId,
        'intervalMonths',
        intervals.map((row) => row.id),
        version,
      );
      await removeCreated(tx, companyId, version, batch.created);
      if (batch.replaced.length > 0)
        await raiseBillAlerts(tx, {
          companyId,
          version,
          accountIds: [...new Set(batch.replaced.map((one) => one.bill.accountId))],
          today: new Date().toISOString().slice(0, 10),
          onlyBillIds: new Set(batch.replaced.map((one) => one.bill.id)),
        });
      const [undone] = await tx
        .update(importBatches)
        .set({ status: 'undone', version })
        .where(eq(importBatches.id, batch.id))
        .returning();
      return { statusCode: 200, body: batchAnswer(undone ?? batch) };
    }),
  );

  for (const route of twinRoutes('/imports', { area: 'imports' })) {
    app.get(
      route.url,
      { schema: { params: CompanyScopeParams }, config: { access: route.access } },
      async (request) => {
        const rows = await db
          .select()
          .from(importBatches)
          .where(eq(importBatches.companyId, companyOf(request).id))
          .orderBy(desc(importBatches.createdAt));
        return rows.map(batchAnswer);
      },
    );
  }
  for (const route of twinRoutes('/imports/:id', { entity: 'importBatches', area: 'imports' })) {
    app.get(
      route.url,
      { schema: { params: EntityScopeParams }, config: { access: route.access } },
      async (request) => batchAnswer(await findBatch(db, companyOf(request).id, request.params.id)),
    );
  }
}
