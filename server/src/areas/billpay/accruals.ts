// Accruals (spec 001 §3 Bill pay, §7, §9): the accrual rows (`GET /billPayAccrual`, also synced to the device), the
// monthly accrual workbook (`GET /downloadBillPayAccrual?year&month`), and the accruals tool — `POST /accrualsReport`
// estimates every active account's unbilled service at a month end (src/domain/accrualEstimate.ts) into a workbook
// kept server-side, listed by `GET /accrualsReport`, downloaded by `GET /accrualsReport?blobId&fileName`, deleted by
// `DELETE /accrualsReport?blobId`. Accruals need the company's accrualsAccess (consultants always).
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { estimateAccrual } from '../../../../src/domain/accrualEstimate';
import { monthEnd } from '../../../../src/domain/dates';
import type { AccrualBillInput } from '../../../../src/domain/accrualEstimate';
import { accrualPerDay, canUseAccruals } from '../../../../src/domain/billPay';
import { buildWorkbook } from '../../../../workers/export/workbook';
import type { ExportColumn, ExportRow } from '../../../../workers/export/types';
import { callerOf, companyOf } from '../../auth/access';
import { accounts, accrualReports, accruals } from '../../db/schema';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../errors';
import { sendFileBytes } from '../../files/download';
import { UuidString } from '../../http/commonSchemas';
import type { App, AppDeps } from '../../http/types';
import { IsoDate } from '../billdeliveries/billDeliveries';
import { CompanyScopeParams, twinRoutes } from '../../http/twinRoutes';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const Year = Type.Integer({ minimum: 2000, maximum: 2100 });
const Month = Type.Integer({ minimum: 1, maximum: 12 });

/**
 * The bill months the estimate reads, counted back from the month end's month: the recent ones (the latest bills
 * price the unbilled days) and a year back (the seasonal factor's two months). Only these are read, which halves
 * the rows of a large company; an account whose last bill is older than the recent window is priced from what the
 * windows hold, and a seasonal month outside them counts as unknown (factor 1).
 */
const RECENT_MONTHS = 4;
const YEAR_BACK = { from: 15, to: 11 } as const;

function monthBack(year: number, month: number, back: number): string {
  const index = year * 12 + month - 1 - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function requireAccruals(request: FastifyRequest): number {
  const company = companyOf(request);
  if (!canUseAccruals(callerOf(request).roles, company))
    throw forbidden('Accruals are not enabled for this company');
  return company.id;
}

/** An accruals report as listed (never its bytes). */
export interface AccrualReportEntry {
  blobId: string;
  fileName: string;
  createdAt: string;
}

/** The first columns of both accrual sheets: which account a row is. */
const ACCOUNT_COLUMNS: ExportColumn[] = [
  { title: 'Account Number', kind: 'text' },
  { title: 'Vendor', kind: 'text' },
];

const ROW_COLUMNS: ExportColumn[] = [
  ...ACCOUNT_COLUMNS,
  { title: 'Service Start Period', kind: 'date' },
  { title: 'Service End Period', kind: 'date' },
  { title: 'Invoice Date', kind: 'date' },
  { title: 'Last Bill Received', kind: 'date' },
  { title: 'Last Bill Paid', kind: 'date' },
  { title: 'Batch Date', kind: 'date' },
  { title: 'Total Minus All Categories', kind: 'currency' },
  { title: 'Days Of Service', kind: 'number' },
  { title: 'Accrual Per Day', kind: 'currency' },
];

const TOOL_COLUMNS: ExportColumn[] = [
  ...ACCOUNT_COLUMNS,
  { title: 'Billed Through', kind: 'date' },
  { title: 'Days Unbilled', kind: 'number' },
  { title: 'Cost Per Day', kind: 'currency' },
  { title: 'Seasonal Factor', kind: 'number' },
  { title: 'Accrual', kind: 'currency' },
];
// No total row: the sheet is one row per account, so it sorts, filters and imports as it is; the total is answered.

function accrualRows(db: Db, companyId: number, from?: string, to?: string) {
  return db
    .select({
      id: accruals.id,
      accountId: accruals.accountId,
      accountNumber: accounts.accountNumber,
      vendorName: accounts.vendorName,
      serviceStartPeriod: accruals.serviceStartPeriod,
      serviceEndPeriod: accruals.serviceEndPeriod,
      invoiceDate: accruals.invoiceDate,
      lastBillReceived: accruals.lastBillReceived,
      lastBillPaid: accruals.lastBillPaid,
      batchDate: accruals.batchDate,
      totalMinusAllCategories: accruals.totalMinusAllCategories,
      daysOfService: accruals.daysOfService,
    })
    .from(accruals)
    .innerJoin(accounts, eq(accounts.id, accruals.accountId))
    .where(
      and(
        eq(accruals.companyId, companyId),
        from === undefined ? undefined : gte(accruals.batchDate, from),
        to === undefined ? undefined : lte(accruals.batchDate, to),
      ),
    )
    .orderBy(asc(accruals.batchDate), asc(accounts.accountNumber));
}

/** Every active account's accrual estimate at a month end, from its bills of the months the estimate needs. */
export async function accrualEstimates(db: Db, companyId: number, year: number, month: number) {
  const end = monthEnd(year, month);
  const recent = monthBack(year, month, RECENT_MONTHS - 1);
  const yearFrom = monthBack(year, month, YEAR_BACK.from);
  const yearTo = monthBack(year, month, YEAR_BACK.to);
  const { rows } = await db.execute<{
    account_id: string;
    bill_month: string;
    read_date_from: string | null;
    read_date_to: string | null;
    charges: string;
  }>(sql`
    select b.account_id, b.bill_month, b.read_date_from::text as read_date_from, b.read_date_to::text as read_date_to,
           (b.total_new_charges - b.late_fee)::text as charges
    from bills b
    where b.company_id = ${companyId}
      and (b.bill_month between ${recent} and ${end.slice(0, 7)} or b.bill_month between ${yearFrom} and ${yearTo})
      and not b.is_invoice_missing and b.read_date_to <= ${end}`);
  const byAccount = new Map<string, AccrualBillInput[]>();
  for (const row of rows) {
    const list = byAccount.get(row.account_id) ?? [];
    list.push({
      billMonth: row.bill_month,
      readDateFrom: row.read_date_from,
      readDateTo: row.read_date_to,
      charges: Number(row.charges),
    });
    byAccount.set(row.account_id, list);
  }
  const active = await db
    .select({ id: accounts.id, accountNumber: accounts.accountNumber, vendorName: accounts.vendorName })
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), eq(accounts.isActive, true)))
    .orderBy(asc(accounts.accountNumber));
  return active.flatMap((account) => {
    const estimate = estimateAccrual(byAccount.get(account.id) ?? [], end);
    return estimate ? [{ ...account, ...estimate }] : [];
  });
}

/** What the accruals tool answers: the stored report, how many accounts it accrues and their total. */
export interface AccrualsReportResult extends AccrualReportEntry {
  accounts: number;
  total: number;
}

/** Runs the accruals tool for a month end: estimates, writes the workbook, stores it (the route and the bench). */
export async function writeAccrualsReport(
  db: Db,
  companyId: number,
  year: number,
  month: number,
): Promise<AccrualsReportResult> {
  const estimates = await accrualEstimates(db, companyId, year, month);
  const cells: ExportRow[] = estimates.map((row) => [
    row.accountNumber,
    row.vendorName,
    row.billedThrough,
    row.daysUnbilled,
    row.costPerDay,
    row.seasonalFactor,
    row.amount,
  ]);
  let cents = 0;
  for (const row of estimates) cents += Math.round(row.amount * 100);
  const end = monthEnd(year, month);
  const fileName = `Accruals estimate ${end}.xlsx`;
  const content = new Uint8Array(
    await buildWorkbook(cells, TOOL_COLUMNS, { title: `Accruals estimate ${end}`, sheetName: 'Accruals' }),
  );
  const [entry] = await db.insert(accrualReports).values({ companyId, fileName, content }).returning({
    blobId: accrualReports.blobId,
    fileName: accrualReports.fileName,
    createdAt: accrualReports.createdAt,
  });
  if (!entry) throw new Error('accruals report not stored');
  return { ...entry, accounts: estimates.length, total: cents / 100 };
}

/** Registers the accrual calls and their consultant twins. */
export function accrualRoutes(app: App, { db }: AppDeps): Promise<void> {
  const Range = Type.Object(
    { fromDate: Type.Optional(IsoDate), toDate: Type.Optional(IsoDate) },
    { additionalProperties: false },
  );
  for (const route of twinRoutes('/billPayAccrual', { area: 'billpay' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: Range } },
      async (request) => {
        const companyId = requireAccruals(request);
        const { fromDate, toDate } = request.query;
        if (fromDate !== undefined && toDate !== undefined && fromDate > toDate)
          throw badRequest('Invalid period', { toDate: 'Must not be before fromDate' });
        const rows = await accrualRows(db, companyId, fromDate, toDate);
        return rows.map((row) => ({
          ...row,
          accrualPerDay:
            Math.round(accrualPerDay(row.totalMinusAllCategories, row.daysOfService) * 100) / 100,
        }));
      },
    );
  }

  const YearMonth = Type.Object({ year: Year, month: Month }, { additionalProperties: false });
  for (const route of twinRoutes('/downloadBillPayAccrual', { area: 'billpay' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: YearMonth } },
      async (request, reply) => {
        const companyId = requireAccruals(request);
        const { year, month } = request.query;
        const first = `${year}-${String(month).padStart(2, '0')}-01`;
        const rows = await accrualRows(db, companyId, first, monthEnd(year, month));
        const cells: ExportRow[] = rows.map((row) => [
          row.accountNumber,
          row.vendorName,
          row.serviceStartPeriod,
          row.serviceEndPeriod,
          row.invoiceDate,
          row.lastBillReceived,
          row.lastBillPaid,
          row.batchDate,
          row.totalMinusAllCategories,
          row.daysOfService,
          Math.round(accrualPerDay(row.totalMinusAllCategories, row.daysOfService) * 100) / 100,
        ]);
        const title = `Accruals ${first.slice(0, 7)}`;
        const bytes = new Uint8Array(
          await buildWorkbook(cells, ROW_COLUMNS, { title, sheetName: 'Accruals' }),
        );
        return sendFileBytes(reply, { fileName: `${title}.xlsx`, mimeType: XLSX_TYPE, bytes });
      },
    );
  }

  for (const route of twinRoutes('/accrualsReport', { area: 'billpay' })) {
    app.post(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, body: YearMonth } },
      async (request): Promise<AccrualsReportResult> => {
        const companyId = requireAccruals(request);
        return writeAccrualsReport(db, companyId, request.body.year, request.body.month);
      },
    );

    const FileQuery = Type.Object(
      { blobId: Type.Optional(UuidString), fileName: Type.Optional(Type.String({ maxLength: 255 })) },
      { additionalProperties: false },
    );
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: FileQuery } },
      async (request, reply) => {
        const companyId = requireAccruals(request);
        const { blobId, fileName } = request.query;
        if (blobId === undefined)
          return db
            .select({
              blobId: accrualReports.blobId,
              fileName: accrualReports.fileName,
              createdAt: accrualReports.createdAt,
            })
            .from(accrualReports)
            .where(eq(accrualReports.companyId, companyId))
            .orderBy(desc(accrualReports.createdAt), asc(accrualReports.fileName));
        const [file] = await db
          .select({ fileName: accrualReports.fileName, content: accrualReports.content })
          .from(accrualReports)
          .where(
            and(eq(accrualReports.blobId, blobId.toLowerCase()), eq(accrualReports.companyId, companyId)),
          );
        // The stored name is the one sent; a request naming another file gets nothing.
        if (!file || (fileName !== undefined && fileName !== file.fileName))
          throw notFound('No such accruals report');
        return sendFileBytes(reply, {
          fileName: file.fileName,
          mimeType: file.fileName.endsWith('.csv') ? 'text/csv' : XLSX_TYPE,
          bytes: file.content,
        });
      },
    );

    const DeleteQuery = Type.Object({ blobId: UuidString }, { additionalProperties: false });
    app.delete(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: DeleteQuery } },
      async (request) => {
        const companyId = requireAccruals(request);
        const deleted = await db
          .delete(accrualReports)
          .where(
            and(
              eq(accrualReports.blobId, request.query.blobId.toLowerCase()),
              eq(accrualReports.companyId, companyId),
            ),
          )
          .returning({ blobId: accrualReports.blobId });
        if (deleted.length === 0) throw notFound('No such accruals report');
        return { blobId: request.query.blobId.toLowerCase() };
      },
    );
  }
  return Promise.resolve();
}
