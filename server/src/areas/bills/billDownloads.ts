// Bill downloads of spec 001 §7 (file answers, each also under /api/companies/:companyId): one bill's PDF, rendered
// with pdfkit and cached on disk, and a zip of several bills' PDFs. Every id of a zip must name a bill of a company
// the caller may reach, else 404 and no zip; more than BILL_ZIP_MAX_IDS ids is a 400 naming the field.
import JSZip from 'jszip';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { callerOf, canReachCompany, companyOf } from '../../auth/access';
import { companyById } from '../../auth/accessQueries';
import type { Db } from '../../db/client';
import { billAttachments, bills, meters } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { renderBillPdf } from '../../files/billPdf';
import { createBillPdfCache } from '../../files/billPdfCache';
import type { BillPdfCache } from '../../files/billPdfCache';
import { contentDisposition, sendFileBytes } from '../../files/download';
import { BILL_ZIP_MAX_IDS, billPdfFileName, billZipName } from '../../../../src/domain/bills';
import { billOf, linesOf } from './billRows';
import type { BillAnswer } from './billRows';
import { CompanyId, UuidString } from '../../http/commonSchemas';
import { CompanyScopeParams, EntityScopeParams, twinRoutes } from '../../http/twinRoutes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const AttachmentQuery = Type.Object(
  { id: UuidString, companyId: CompanyId, accountNumber: Type.String({ minLength: 1, maxLength: 60 }) },
  { additionalProperties: false },
);

const ZipQuery = Type.Object({ ids: Type.String({ maxLength: 40_000 }) }, { additionalProperties: false });

/** The ids of a zip request, checked: UUIDs, at least one, at most BILL_ZIP_MAX_IDS, repeats dropped. */
export function zipIdsOf(text: string): string[] {
  const ids = [
    ...new Set(
      text
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter((id) => id !== ''),
    ),
  ];
  const field = 'querystring.ids';
  if (ids.length === 0)
    throw badRequest('Name at least one bill.', { [field]: 'Name at least one bill id.' });
  if (ids.length > BILL_ZIP_MAX_IDS) {
    const message = `At most ${BILL_ZIP_MAX_IDS} bills can be zipped at once; ${ids.length} were asked for. Split them into several downloads.`;
    throw badRequest(message, { [field]: message });
  }
  const wrong = ids.find((id) => !UUID.test(id));
  if (wrong)
    throw badRequest('A bill id is not valid.', { [field]: `“${wrong.slice(0, 40)}” is not a bill id.` });
  return ids;
}

/** A bill's PDF, from the cache or rendered now. */
async function billPdf(db: Db, cache: BillPdfCache, bill: BillAnswer): Promise<Buffer> {
  return cache.get({ id: bill.id, companyId: bill.companyId, version: bill.version }, async () => {
    const [lines, meterRows] = await Promise.all([
      linesOf(db, bill.id),
      db
        .select({ meterNumber: meters.meterNumber, meterService: meters.meterService })
        .from(meters)
        .where(eq(meters.accountId, bill.accountId))
        .orderBy(asc(meters.meterNumber)),
    ]);
    return renderBillPdf({
      vendorName: bill.vendorName,
      accountNumber: bill.accountNumber ?? '',
      serviceAddress: bill.serviceAddress,
      locationName: bill.locationName ?? '',
      billMonth: bill.billMonth,
      invoiceDate: bill.invoiceDate,
      dueDate: bill.dueDate,
      readDateFrom: bill.readDateFrom,
      readDateTo: bill.readDateTo,
      totalNewCharges: bill.totalNewCharges,
      amountDue: bill.amountDue,
      outstandingBalance: bill.outstandingBalance,
      updatedAt: bill.updatedAt,
      lines,
      meters: meterRows,
    });
  });
}

const pdfName = (bill: BillAnswer) =>
  billPdfFileName(bill.vendorName, bill.accountNumber ?? 'account', bill.billMonth);

/** A name not used yet in the zip: 'a.pdf', then 'a (2).pdf'. */
function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let n = 2; used.has(candidate.toLowerCase()); n += 1)
    candidate = name.replace(/(\.pdf)?$/i, ` (${n})$1`);
  used.add(candidate.toLowerCase());
  return candidate;
}

/** Registers the bill downloads with their consultant twins. */
export function billDownloadRoutes(app: App, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const cache = createBillPdfCache(deps.config.filesDir);

  for (const route of twinRoutes('/bills/download', { area: 'bills' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: ZipQuery } },
      async (request, reply) => {
        const ids = zipIdsOf(request.query.ids);
        const found = await db
          .select({ id: bills.id, companyId: bills.companyId })
          .from(bills)
          .where(inArray(bills.id, ids));
        if (found.length !== ids.length) throw notFound('A bill of the list was not found');
        const own = companyOf(request).id;
        const caller = callerOf(request);
        for (const companyId of new Set(found.map((bill) => bill.companyId))) {
          if (companyId === own) continue;
          const company = await companyById(db, companyId);
          if (!company || !(await canReachCompany(db, caller, company)))
            throw notFound('A bill of the list was not found');
        }
        const byId = new Map(found.map((bill) => [bill.id, bill.companyId]));
        const zip = new JSZip();
        const used = new Set<string>();
        for (const id of ids) {
          const bill = await billOf(db, byId.get(id) ?? own, id);
          // A bill whose invoice is missing has no PDF: it is left out, as the page leaves it out of a selection.
          if (bill.isInvoiceMissing) continue;
          zip.file(uniqueName(pdfName(bill), used), await billPdf(db, cache, bill), { binary: true });
        }
        if (used.size === 0) throw notFound('None of these bills has an invoice to download');
        const stream = zip.generateNodeStream({
          type: 'nodebuffer',
          streamFiles: true,
          compression: 'STORE',
        });
        return reply
          .status(200)
          .headers({
            'content-type': 'application/zip',
            'content-disposition': contentDisposition(
              billZipName(new Date().toISOString().slice(0, 10), 1, 1),
            ),
            'x-content-type-options': 'nosniff',
            'cache-control': 'private, no-store',
          })
          .send(stream);
      },
    );
  }

  for (const route of twinRoutes('/bills/:id/download', { entity: 'bills', area: 'bills' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams } },
      async (request, reply) => {
        const bill = await billOf(db, companyOf(request).id, request.params.id);
        if (bill.isInvoiceMissing) throw notFound('This bill has no invoice yet');
        const bytes = await billPdf(db, cache, bill);
        return sendFileBytes(reply, { fileName: pdfName(bill), mimeType: 'application/pdf', bytes });
      },
    );
  }
  // The company is named in the query (spec 001 §7), so the access rule reads it from there.
  app.get(
    '/api/downloadAttachment',
    {
      config: { access: { company: { from: 'query', name: 'companyId' }, area: 'bills' } },
      schema: { querystring: AttachmentQuery },
    },
    async (request, reply) => {
      const [attachment] = await db
        .select()
        .from(billAttachments)
        .where(
          and(
            eq(billAttachments.id, request.query.id.toLowerCase()),
            eq(billAttachments.companyId, companyOf(request).id),
            eq(billAttachments.accountNumber, request.query.accountNumber),
          ),
        );
      if (!attachment) throw notFound();
      return sendFileBytes(reply, {
        fileName: attachment.fileName,
        mimeType: 'application/pdf',
        bytes: attachment.content,
      });
    },
  );
  return Promise.resolve();
}
