// On-demand general-ledger files (spec 001 §3 Bill pay, §6, §7): `GET /companies/{id}/onDemandGl?fromDate&toDate`
// writes the GL file of the payments of a range as .xlsx and as CSV and keeps both, once per range: asked again, it
// serves the files it kept unless their payments changed, and then replaces them; `/onDemandGl/list` lists the
// company's files, `/onDemandGl/{fileId}` downloads one, `/onDemandGl/childCompanies?hasApAccess` names the child
// companies a parent (Cedar) can generate for; `/glCodesReport?id` lists each account's GL code. The lines are
// src/domain/glFile.ts; workbooks are written by the export worker's own writer (workers/export/workbook.ts: pure,
// runs in Node), so no spreadsheet library ships with the server.
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  COST_CENTER_ATTRIBUTE,
  GL_COLUMNS,
  glCodeFor,
  glCsv,
  glFileName,
  glLines,
} from '../../../../src/domain/glFile';
import { serviceLabel, splitServices } from '../../../../src/domain/serviceTypes';
import type { GlLine, GlSource } from '../../../../src/domain/glFile';
import { buildWorkbook } from '../../../../workers/export/workbook';
import { callerOf, canReachCompany, companyOf } from '../../auth/access';
import { companies, glFiles } from '../../db/schema';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { sendFileBytes } from '../../files/download';
import { CompanyId, UuidString } from '../../http/commonSchemas';
import type { App, AppDeps } from '../../http/types';
import { IsoDate } from '../billdeliveries/billDeliveries';
import { CompanyScopeParams, twinRoutes } from '../../http/twinRoutes';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV_TYPE = 'text/csv';

const CompanyParams = Type.Object({ id: CompanyId }, { additionalProperties: false });
const FileParams = Type.Object({ id: CompanyId, fileId: UuidString }, { additionalProperties: false });
const GenerateQuery = Type.Object({ fromDate: IsoDate, toDate: IsoDate }, { additionalProperties: false });
const ChildQuery = Type.Object(
  { hasApAccess: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

const ACCESS = { company: { from: 'param', name: 'id' }, area: 'billpay' } as const;

/** A generated GL file as the list shows it (never its bytes). */
export interface GlFileEntry {
  id: string;
  fileName: string;
  fromDate: string;
  toDate: string;
  createdAt: string;
  size: number;
}

/** The payments of a range with their account, services and site cost centre. */
async function glSources(db: Db, companyId: number, fromDate: string, toDate: string): Promise<GlSource[]> {
  const { rows } = await db.execute<{
    account_number: string;
    vendor_name: string;
    services: string | null;
    cost_center: string | null;
    invoice_date: string | null;
    payment_date: string;
    amount: string;
  }>(sql`
    select a.account_number, a.vendor_name, a.services, p.invoice_date::text as invoice_date,
           p.payment_date::text as payment_date, p.amount::text as amount,
           (select v.value from location_attribute_values v join custom_attributes c on c.id = v.attribute_id
             where v.location_id = a.location_id and c.attribute_name = ${COST_CENTER_ATTRIBUTE} limit 1) as cost_center
    from payment_confirmations p join accounts a on a.id = p.account_id
    where p.company_id = ${companyId} and p.payment_date between ${fromDate} and ${toDate}
    order by p.id`);
  return rows.map((row) => ({
    accountNumber: row.account_number,
    vendorName: row.vendor_name,
    services: row.services,
    costCenter: row.cost_center,
    invoiceDate: row.invoice_date,
    paymentDate: row.payment_date,
    amount: Number(row.amount),
  }));
}

/**
 * The GL lines as an .xlsx workbook: dates as dates, amounts as currency; one line per row and nothing else, so an
 * accounting system imports it as it is (an empty cell reads 'N/A', as in every export of the app).
 */
export async function glWorkbook(lines: readonly GlLine[], title: string): Promise<Uint8Array> {
  const rows = lines.map((line) => GL_COLUMNS.map((column) => line[column.key]));
  const bytes = await buildWorkbook(
    rows,
    GL_COLUMNS.map((column) => ({ title: column.title, kind: column.kind })),
    { title, sheetName: 'GL' },
  );
  return new Uint8Array(bytes);
}

const entryColumns = {
  id: glFiles.id,
  fileName: glFiles.fileName,
  fromDate: glFiles.fromDate,
  toDate: glFiles.toDate,
  createdAt: glFiles.createdAt,
  size: sql<number>`octet_length(${glFiles.content})`.mapWith(Number),
};

/**
 * The files a company keeps for a range, one per format: the file names say range and format, so the name is the key.
 * Files seeded under other names (a month's CSV) are not of this key and are left as they are.
 */
function glFileKey(companyId: number, fromDate: string, toDate: string) {
  return and(
    eq(glFiles.companyId, companyId),
    eq(glFiles.fromDate, fromDate),
    eq(glFiles.toDate, toDate),
    inArray(glFiles.fileName, [glFileName(fromDate, toDate, 'xlsx'), glFileName(fromDate, toDate, 'csv')]),
  );
}

/**
 * The range's files as already generated, when nothing they are built from has changed since: the CSV holds every
 * column of every line (the workbook is the same lines, titled by the range), so the same CSV bytes mean the same
 * files. Null when a file is missing or the payments, accounts or cost centres changed: then they are generated anew.
 */
async function keptGlFiles(
  db: Db,
  companyId: number,
  fromDate: string,
  toDate: string,
  csv: Uint8Array,
): Promise<GlFileEntry[] | null> {
  const sha256 = createHash('sha256').update(csv).digest('hex');
  const rows = await db
    .select({ ...entryColumns, sha256: sql<string>`encode(sha256(${glFiles.content}), 'hex')` })
    .from(glFiles)
    .where(glFileKey(companyId, fromDate, toDate))
    .orderBy(desc(glFiles.createdAt));
  const xlsx = rows.find((row) => row.fileName.endsWith('.xlsx'));
  const current = rows.find((row) => row.fileName.endsWith('.csv'));
  if (!xlsx || current?.sha256 !== sha256) return null;
  return [xlsx, current].map(({ sha256: _hash, ...entry }) => entry);
}

/**
 * Stores a range's newly generated files in place of the ones before: a company keeps one file per range and format,
 * however often it asks. A transaction-scoped advisory lock on the key makes two processes asking at once replace in
 * turn, so the last one's pair is what stays.
 */
async function replaceGlFiles(
  db: Db,
  companyId: number,
  fromDate: string,
  toDate: string,
  content: { xlsx: Uint8Array; csv: Uint8Array },
): Promise<GlFileEntry[]> {
  return db.transaction(async (tx) => {
    const key = `gl_files ${companyId} ${fromDate} ${toDate}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    await tx.delete(glFiles).where(glFileKey(companyId, fromDate, toDate));
    return tx
      .insert(glFiles)
      .values([
        {
          companyId,
          fileName: glFileName(fromDate, toDate, 'xlsx'),
          fromDate,
          toDate,
          content: content.xlsx,
        },
        { companyId, fileName: glFileName(fromDate, toDate, 'csv'), fromDate, toDate, content: content.csv },
      ])
      .returning(entryColumns);
  });
}

/** Registers the on-demand GL calls (company-scoped, as the spec names them) and the GL codes report. */
export function onDemandGlRoutes(app: App, { db }: AppDeps): Promise<void> {
  app.get(
    '/api/companies/:id/onDemandGl',
    { config: { access: ACCESS }, schema: { params: CompanyParams, querystring: GenerateQuery } },
    async (request): Promise<GlFileEntry[]> => {
      const { fromDate, toDate } = request.query;
      if (fromDate > toDate) throw badRequest('Invalid period', { toDate: 'Must not be before fromDate' });
      const companyId = companyOf(request).id;
      const { lines } = glLines(await glSources(db, companyId, fromDate, toDate));
      const csv = new TextEncoder().encode(glCsv(lines));
      const kept = await keptGlFiles(db, companyId, fromDate, toDate, csv);
      if (kept) return kept;
      const xlsx = await glWorkbook(lines, `General ledger ${fromDate} to ${toDate}`);
      return replaceGlFiles(db, companyId, fromDate, toDate, { xlsx, csv });
    },
  );

  app.get(
    '/api/companies/:id/onDemandGl/list',
    { config: { access: ACCESS }, schema: { params: CompanyParams } },
    async (request): Promise<GlFileEntry[]> =>
      db
        .select(entryColumns)
        .from(glFiles)
        .where(eq(glFiles.companyId, companyOf(request).id))
        .orderBy(desc(glFiles.createdAt), asc(glFiles.fileName)),
  );

  app.get(
    '/api/companies/:id/onDemandGl/childCompanies',
    { config: { access: ACCESS }, schema: { params: CompanyParams, querystring: ChildQuery } },
    // spec 001 §6: the children offered depend on the AP-access flag; only those the caller may reach.
    async (request) => {
      const caller = callerOf(request);
      const children = await db
        .select()
        .from(companies)
        .where(
          and(
            eq(companies.parentId, companyOf(request).id),
            request.query.hasApAccess === undefined
              ? undefined
              : eq(companies.apAccess, request.query.hasApAccess),
          ),
        )
        .orderBy(asc(companies.name), asc(companies.id));
      const reachable = [];
      for (const child of children)
        if (await canReachCompany(db, caller, child))
          reachable.push({ id: child.id, name: child.name, hasApAccess: child.apAccess });
      return reachable;
    },
  );

  app.get(
    '/api/companies/:id/onDemandGl/:fileId',
    { config: { access: ACCESS }, schema: { params: FileParams } },
    async (request, reply) => {
      const [file] = await db
        .select({ fileName: glFiles.fileName, content: glFiles.content })
        .from(glFiles)
        .where(
          and(
            eq(glFiles.id, request.params.fileId.toLowerCase()),
            eq(glFiles.companyId, companyOf(request).id),
          ),
        );
      if (!file) throw notFound('No such GL file');
      return sendFileBytes(reply, {
        fileName: file.fileName,
        mimeType: file.fileName.endsWith('.csv') ? CSV_TYPE : XLSX_TYPE,
        bytes: file.content,
      });
    },
  );
  // `GET [/companies/{companyId}]/glCodesReport?id`: every account with the GL code and cost centre its payments
  // book to, as a workbook; `id` names the company and must be the route's (a client's own, or the twin's).
  const ReportQuery = Type.Object({ id: CompanyId }, { additionalProperties: false });
  for (const route of twinRoutes('/glCodesReport', { area: 'billpay' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: ReportQuery } },
      async (request, reply) => {
        const company = companyOf(request);
        if (request.query.id !== company.id) throw notFound('No such company');
        const { rows } = await db.execute<{
          account_number: string;
          vendor_name: string;
          services: string | null;
          site: string;
          cost_center: string | null;
        }>(sql`
          select a.account_number, a.vendor_name, a.services, l.name as site,
                 (select v.value from location_attribute_values v join custom_attributes c on c.id = v.attribute_id
                   where v.location_id = a.location_id and c.attribute_name = ${COST_CENTER_ATTRIBUTE} limit 1) as cost_center
          from accounts a join locations l on l.id = a.location_id
          where a.company_id = ${company.id}
          order by a.account_number`);
        const cells = rows.map((row) => {
          const service = splitServices(row.services)[0] ?? null;
          return [
            row.account_number,
            row.vendor_name,
            row.site,
            service ? serviceLabel(service) : null,
            glCodeFor(service),
            row.cost_center?.trim() || null,
          ];
        });
        const title = `GL codes ${company.name}`;
        const bytes = await buildWorkbook(
          cells,
          ['Account Number', 'Vendor', 'Site', 'Service', 'GL Code', 'Cost Center'].map((name) => ({
            title: name,
            kind: 'text' as const,
          })),
          { title, sheetName: 'GL codes' },
        );
        return sendFileBytes(reply, {
          fileName: `${title}.xlsx`,
          mimeType: XLSX_TYPE,
          bytes: new Uint8Array(bytes),
        });
      },
    );
  }
  return Promise.resolve();
}
