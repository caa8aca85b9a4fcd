// Control workbooks (spec 001 §3 Bill pay, §7): `GET /getControlWorkbookPdfs/{id}` lists a company's payment batches
// (one a month) and `GET [/companies/{companyId}]/downloadPdfAttachment?id` renders a batch's workbook with pdfkit
// from its payments and deposits: totals by method, deposits against payments, and every payment.
import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import { Type } from 'typebox';
import { paymentMethodLabel, paymentTotalsByMethod } from '../../../../src/domain/billPay';
import { formatCurrency, sumMoney } from '../../../../src/domain/money';
import { monthEnd } from '../../../../src/domain/dates';
import { companyOf } from '../../auth/access';
import { accounts, clientDeposits, controlWorkbooks, paymentConfirmations } from '../../db/schema';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { sendFileBytes } from '../../files/download';
import { renderPdf } from '../../files/pdf';
import { CompanyId, UuidString } from '../../http/commonSchemas';
import type { App, AppDeps } from '../../http/types';
import { CompanyScopeParams, twinRoutes } from '../../http/twinRoutes';

/** A control workbook as listed. */
export interface ControlWorkbookEntry {
  id: string;
  fileName: string;
  batchMonth: string;
  createdAt: string;
}

/** Renders the control workbook of a company's payment month. */
export async function controlWorkbookPdf(
  db: Db,
  company: { id: number; name: string },
  workbook: { fileName: string; batchMonth: string; createdAt: string },
): Promise<Uint8Array> {
  const first = `${workbook.batchMonth}-01`;
  const last = monthEnd(Number(workbook.batchMonth.slice(0, 4)), Number(workbook.batchMonth.slice(5, 7)));
  const payments = await db
    .select({
      paymentDate: paymentConfirmations.paymentDate,
      accountNumber: accounts.accountNumber,
      vendorName: accounts.vendorName,
      paymentMethod: paymentConfirmations.paymentMethod,
      confirmationNumber: paymentConfirmations.confirmationNumber,
      amount: paymentConfirmations.amount,
    })
    .from(paymentConfirmations)
    .innerJoin(accounts, eq(accounts.id, paymentConfirmations.accountId))
    .where(
      and(
        eq(paymentConfirmations.companyId, company.id),
        gte(paymentConfirmations.paymentDate, first),
        lte(paymentConfirmations.paymentDate, last),
      ),
    )
    .orderBy(asc(paymentConfirmations.paymentDate), asc(accounts.accountNumber));
  const deposits = await db
    .select({
      transactionAmount: clientDeposits.transactionAmount,
      matchedAmount: clientDeposits.matchedAmount,
    })
    .from(clientDeposits)
    .where(
      and(
        eq(clientDeposits.companyId, company.id),
        gte(clientDeposits.depositDate, first),
        lte(clientDeposits.depositDate, last),
      ),
    );
  const totals = paymentTotalsByMethod(payments);
  const deposited = sumMoney(deposits.map((d) => d.transactionAmount));
  const matched = sumMoney(deposits.map((d) => d.matchedAmount));
  const title = workbook.fileName.replace(/\.pdf$/i, '');
  const bytes = await renderPdf({ title, createdAt: new Date(workbook.createdAt) }, (doc) => {
    doc.font('Helvetica-Bold').fontSize(18).text(title);
    doc.font('Helvetica').fontSize(11).text(`${company.name} — payments of ${first} to ${last}`);
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text('Totals').moveDown(0.2);
    doc.font('Helvetica').fontSize(11);
    doc.text(`Payments: ${payments.length}, ${formatCurrency(totals.total)}`);
    doc.text(`CHECK: ${totals.checkCount}, ${formatCurrency(totals.check)}`);
    doc.text(`DIGITAL: ${totals.digitalCount}, ${formatCurrency(totals.digital)}`);
    doc.text(
      `Deposits: ${deposits.length}, ${formatCurrency(deposited)} (matched ${formatCurrency(matched)})`,
    );
    doc.text(`Deposits less payments: ${formatCurrency(sumMoney([deposited, -totals.total]))}`);
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text('Payments').moveDown(0.2);
    doc.font('Courier').fontSize(8);
    for (const p of payments)
      doc.text(
        [
          p.paymentDate,
          p.accountNumber.padEnd(16).slice(0, 16),
          p.vendorName.padEnd(24).slice(0, 24),
          paymentMethodLabel(p.paymentMethod).padEnd(7),
          p.confirmationNumber.padEnd(12),
          formatCurrency(p.amount).padStart(14),
        ].join('  '),
      );
  });
  return new Uint8Array(bytes);
}

/** Registers the control workbook list and download. */
export function controlWorkbookRoutes(app: App, { db }: AppDeps): Promise<void> {
  app.get(
    '/api/getControlWorkbookPdfs/:id',
    {
      config: { access: { company: { from: 'param', name: 'id' }, area: 'billpay' } },
      schema: { params: Type.Object({ id: CompanyId }, { additionalProperties: false }) },
    },
    async (request): Promise<ControlWorkbookEntry[]> =>
      db
        .select({
          id: controlWorkbooks.id,
          fileName: controlWorkbooks.fileName,
          batchMonth: controlWorkbooks.batchMonth,
          createdAt: controlWorkbooks.createdAt,
        })
        .from(controlWorkbooks)
        .where(eq(controlWorkbooks.companyId, companyOf(request).id))
        .orderBy(desc(controlWorkbooks.batchMonth)),
  );

  const Query = Type.Object({ id: UuidString }, { additionalProperties: false });
  for (const route of twinRoutes('/downloadPdfAttachment', { area: 'billpay' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: Query } },
      async (request, reply) => {
        const company = companyOf(request);
        const [workbook] = await db
          .select({
            fileName: controlWorkbooks.fileName,
            batchMonth: controlWorkbooks.batchMonth,
            createdAt: controlWorkbooks.createdAt,
          })
          .from(controlWorkbooks)
          .where(
            and(
              eq(controlWorkbooks.id, request.query.id.toLowerCase()),
              eq(controlWorkbooks.companyId, company.id),
            ),
          );
        if (!workbook) throw notFound('No such control workbook');
        const bytes = await controlWorkbookPdf(db, company, workbook);
        return sendFileBytes(reply, { fileName: workbook.fileName, mimeType: 'application/pdf', bytes });
      },
    );
  }
  return Promise.resolve();
}
