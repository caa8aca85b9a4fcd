// A bill's PDF (spec 001 §7 `GET /bills/{id}/download`): a utility-bill layout drawn with pdfkit — vendor and
// remit-to, account and service address, period and read dates, charges by service, usage with meter reads, totals
// and due date. Its creation date is the bill's, so the same bill always gives the same bytes.
import { chargeTotalsByService } from '../../../src/domain/billLines';
import type { BillLines } from '../../../src/domain/billLines';
import { energyUnitLabel } from '../../../src/domain/bills';
import { monthLabel } from '../../../src/domain/dates';
import { formatAmount, formatDay } from '../../../src/domain/format';
import { formatCurrency } from '../../../src/domain/money';
import { serviceLabel } from '../../../src/domain/serviceTypes';
import { renderPdf } from './pdf';

/** What the PDF prints. */
export interface BillPdfInput {
  vendorName: string;
  accountNumber: string;
  serviceAddress: string;
  locationName: string;
  billMonth: string;
  invoiceDate: string | null;
  dueDate: string | null;
  readDateFrom: string | null;
  readDateTo: string | null;
  totalNewCharges: number;
  amountDue: number;
  outstandingBalance: number;
  updatedAt: string;
  lines: BillLines;
  meters: readonly { meterNumber: string; meterService: string | null }[];
}

const day = (iso: string | null) => formatDay(iso) ?? 'N/A';

/** A remit-to box for a vendor: a fixed, made-up payment address derived from its name (the demo has none). */
export function remitTo(vendorName: string): string[] {
  let hash = 0;
  for (const char of vendorName) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 90_000;
  return [vendorName, 'Payment Processing Center', `PO Box ${10_000 + hash}`, 'Carol Stream, IL 60197'];
}

/** Renders a bill's PDF. */
export function renderBillPdf(input: BillPdfInput): Promise<Buffer> {
  const title = `${input.vendorName} bill ${monthLabel(input.billMonth)}`;
  return renderPdf({ title, createdAt: new Date(input.updatedAt) }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    doc.font('Helvetica-Bold').fontSize(20).text(input.vendorName);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#555555')
      .text(`Utility bill for ${monthLabel(input.billMonth)}`);
    doc.fillColor('#000000').moveDown(0.8);

    const top = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).text('Account', left, top);
    doc.font('Helvetica').text(`Account number: ${input.accountNumber}`);
    doc.text(`Site: ${input.locationName}`);
    doc.text(`Service address: ${input.serviceAddress}`);
    doc.text(`Service period: ${day(input.readDateFrom)} to ${day(input.readDateTo)}`);
    doc.text(`Invoice date: ${day(input.invoiceDate)}`);
    const leftBottom = doc.y;
    doc.font('Helvetica-Bold').text('Remit to', left + width * 0.6, top);
    doc.font('Helvetica');
    for (const line of remitTo(input.vendorName)) doc.text(line, left + width * 0.6);
    doc.y = Math.max(leftBottom, doc.y);
    doc.x = left;
    doc.moveDown(1);

    doc.font('Helvetica-Bold').fontSize(12).text('Charges', left);
    doc.fontSize(10);
    for (const total of chargeTotalsByService(input.lines.charges)) {
      doc.font('Helvetica-Bold').text(serviceLabel(total.serviceType), left).moveDown(0.1);
      doc.font('Helvetica');
      for (const line of input.lines.charges.filter((charge) => charge.serviceType === total.serviceType)) {
        const y = doc.y;
        doc.text(`${line.chargeClassification ?? ''} · ${line.description ?? ''}`, left + 12, y, {
          width: width * 0.7,
        });
        doc.text(formatCurrency(line.amount), left, y, { width, align: 'right' });
      }
      const y = doc.y;
      doc.font('Helvetica-Bold').text(`Total ${serviceLabel(total.serviceType)}`, left + 12, y);
      doc.text(formatCurrency(total.amount), left, y, { width, align: 'right' });
      doc.font('Helvetica').moveDown(0.5);
    }

    if (input.lines.usages.length > 0) {
      doc.moveDown(0.5).font('Helvetica-Bold').fontSize(12).text('Usage and meter reads', left);
      doc.font('Helvetica').fontSize(10);
      const meters = input.meters.map((meter) => meter.meterNumber).join(', ');
      if (meters) doc.text(`Meters: ${meters}`);
      for (const usage of input.lines.usages) {
        const demand = usage.kwMax !== null ? `, ${formatAmount(usage.kwMax)} kW max` : '';
        doc.text(
          `${serviceLabel(usage.serviceName)} (${usage.measurementType ?? 'read'}): ${day(usage.readDateFrom)} to ` +
            `${day(usage.readDateTo)}, ${formatAmount(usage.usageTotal)} ${energyUnitLabel(usage.energyUnit) ?? ''}${demand}`,
        );
      }
    }

    doc.moveDown(1);
    const rows: [string, number][] = [
      ['Total new charges', input.totalNewCharges],
      ['Previous balance outstanding', input.outstandingBalance],
      ['Amount due', input.amountDue],
    ];
    for (const [label, value] of rows) {
      const y = doc.y;
      doc.font(label === 'Amount due' ? 'Helvetica-Bold' : 'Helvetica').text(label, left, y);
      doc.text(formatCurrency(value), left, y, { width, align: 'right' });
    }
    doc
      .moveDown(0.5)
      .font('Helvetica-Bold')
      .text(`Please pay by ${day(input.dueDate)}`, left);
  });
}
