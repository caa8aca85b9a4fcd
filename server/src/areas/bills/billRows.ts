// Reading bills for the Bills routes: a company's bills of a bill-month range as the grid's rows (the same
// billListRow the device builds, src/domain/billRows.ts), and one bill with its account, location and lines.
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, alerts, billAttachments, billLines, bills, locations } from '../../db/schema';
import { notFound } from '../../errors';
import type { BillVariances } from '../../../../src/domain/alerts';
import { billListRow } from '../../../../src/domain/billRows';
import type { BillListRow } from '../../../../src/domain/billRows';
import type { BillLines } from '../../../../src/domain/billLines';
import type { BillMonthRange } from '../../../../src/domain/bills';

/** A bill joined with what its row and page show. */
interface JoinedBill {
  bill: typeof bills.$inferSelect;
  accountNumber: string;
  nickname: string | null;
  collectionType: string | null;
  serviceAddress: string | null;
  locationName: string;
  locationAddress: string;
}

const JOINED = {
  bill: bills,
  accountNumber: accounts.accountNumber,
  nickname: accounts.nickname,
  collectionType: accounts.collectionType,
  serviceAddress: accounts.serviceAddress,
  locationName: locations.name,
  locationAddress: locations.address,
};

const VARIANCES = {
  billId: alerts.billId,
  chargeVarianceMoM: alerts.chargeVarianceMoM,
  chargeVarianceYoY: alerts.chargeVarianceYoY,
  usageVarianceMoM: alerts.usageVarianceMoM,
  usageVarianceYoY: alerts.usageVarianceYoY,
  variancePercentageChargeMoM: alerts.variancePercentageChargeMoM,
  variancePercentageChargeYoY: alerts.variancePercentageChargeYoY,
  variancePercentageUsageMoM: alerts.variancePercentageUsageMoM,
  variancePercentageUsageYoY: alerts.variancePercentageUsageYoY,
};

async function joinedBills(db: Db, where: SQL | undefined): Promise<JoinedBill[]> {
  return db
    .select(JOINED)
    .from(bills)
    .innerJoin(accounts, eq(accounts.id, bills.accountId))
    .innerJoin(locations, eq(locations.id, bills.locationId))
    .where(where)
    .orderBy(asc(bills.billMonth), asc(accounts.accountNumber), asc(bills.id));
}

/** The variance figures of the alerts raised for some bills, by bill. */
async function variancesOf(db: Db, companyId: number, billIds: readonly string[]) {
  const byBill = new Map<string, BillVariances[]>();
  const BATCH = 5_000;
  for (let start = 0; start < billIds.length; start += BATCH) {
    const rows = await db
      .select(VARIANCES)
      .from(alerts)
      .where(
        and(eq(alerts.companyId, companyId), inArray(alerts.billId, billIds.slice(start, start + BATCH))),
      );
    for (const { billId, ...variances } of rows) {
      if (billId === null) continue;
      const list = byBill.get(billId) ?? [];
      list.push(variances);
      byBill.set(billId, list);
    }
  }
  return byBill;
}

function toRow(joined: JoinedBill, variances: readonly BillVariances[]): BillListRow {
  return billListRow(
    joined.bill,
    { accountNumber: joined.accountNumber, nickname: joined.nickname, collectionType: joined.collectionType },
    { name: joined.locationName },
    variances,
  );
}

/** The company's bills whose bill month is in the range (both ends included), as grid rows, oldest month first. */
export async function billRowsOf(db: Db, companyId: number, range: BillMonthRange): Promise<BillListRow[]> {
  const joined = await joinedBills(
    db,
    and(
      eq(bills.companyId, companyId),
      range.from === null ? undefined : gte(bills.billMonth, range.from),
      range.to === null ? undefined : lte(bills.billMonth, range.to),
    ),
  );
  const variances = await variancesOf(
    db,
    companyId,
    joined.map((row) => row.bill.id),
  );
  return joined.map((row) => toRow(row, variances.get(row.bill.id) ?? []));
}

/** One bill of the company with its page's fields; 404 when it is not the company's. */
export async function billOf(db: Db, companyId: number, billId: string) {
  const [joined] = await joinedBills(
    db,
    and(eq(bills.companyId, companyId), eq(bills.id, billId.toLowerCase())),
  );
  if (!joined) throw notFound();
  const [variances, attachments] = await Promise.all([
    variancesOf(db, companyId, [joined.bill.id]),
    db
      .select({ id: billAttachments.id, fileName: billAttachments.fileName })
      .from(billAttachments)
      .where(eq(billAttachments.billId, joined.bill.id))
      .orderBy(asc(billAttachments.fileName)),
  ]);
  const { bill } = joined;
  return {
    ...toRow(joined, variances.get(bill.id) ?? []),
    readDateFrom: bill.readDateFrom,
    readDateTo: bill.readDateTo,
    statementDate: bill.statementDate,
    lateFee: bill.lateFee,
    taxesFees: bill.taxesFees,
    serviceAddress: joined.serviceAddress ?? joined.locationAddress,
    updatedAt: bill.updatedAt,
    version: bill.version,
    /** Files that came with the bill (online: `GET /downloadAttachment`). */
    attachments,
  };
}

/** A bill as its routes answer it. */
export type BillAnswer = Awaited<ReturnType<typeof billOf>>;

/** A bill's lines (empty when it has none, e.g. a missing invoice). */
export async function linesOf(db: Db, billId: string): Promise<BillLines> {
  const [row] = await db
    .select({ charges: billLines.charges, usages: billLines.usages })
    .from(billLines)
    .where(eq(billLines.id, billId));
  return row ?? { charges: [], usages: [] };
}
