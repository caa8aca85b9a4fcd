// The PDF of one open/close request (GET /opencloseaccounts/{id}/download, spec 000 §7 Downloads): what a consultant
// sends the utility or the landlord. Drawn by pdfkit with its built-in Helvetica, so no font file is needed; the
// standard fonts speak WinAnsi, so the text avoids characters outside it (no arrows).
import PDFDocument from 'pdfkit';
import { formatDay } from '../../../../src/domain/format';
import {
  openCloseEventText,
  openCloseLabel,
  openCloseStatusLabel,
  storeDateOf,
} from '../../../../src/domain/openClose';
import { serviceLabel } from '../../../../src/domain/serviceTypes';
import type { locations, openCloseNotes } from '../../db/schema';
import type { OpenCloseEvent, OpenCloseRequest } from './openCloseRows';

/** Everything the PDF shows. */
export interface OpenClosePdfInput {
  companyName: string;
  request: OpenCloseRequest;
  location: typeof locations.$inferSelect;
  accountNumber: string | null;
  notes: readonly (typeof openCloseNotes.$inferSelect)[];
  events: readonly OpenCloseEvent[];
}

const MARGIN = 56;
const LABEL_WIDTH = 150;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';

const day = (value: string | null): string => formatDay(value) ?? 'N/A';
const orNA = (value: string | null | undefined): string => (value && value.trim() !== '' ? value : 'N/A');

/** 'Open_Request_Clinic-12_Electricity.pdf': kind, site and service, in characters every file system accepts. */
export function openClosePdfName({
  request,
  location,
}: Pick<OpenClosePdfInput, 'request' | 'location'>): string {
  const part = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'Site';
  return `${openCloseLabel(request.isOpen)}_Request_${part(location.name)}_${part(serviceLabel(request.serviceType))}.pdf`;
}

function section(doc: PDFKit.PDFDocument, title: string): void {
  doc.moveDown(1.2);
  doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(title);
  const y = doc.y + 3;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .strokeColor(RULE)
    .lineWidth(0.75)
    .stroke();
  doc.moveDown(0.6);
}

function fact(doc: PDFKit.PDFDocument, label: string, value: string): void {
  const y = doc.y;
  const width = doc.page.width - MARGIN * 2 - LABEL_WIDTH;
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(label, MARGIN, y, { width: LABEL_WIDTH - 8 });
  const labelBottom = doc.y;
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(value, MARGIN + LABEL_WIDTH, y, { width });
  doc.y = Math.max(doc.y, labelBottom) + 4;
  doc.x = MARGIN;
}

function entry(doc: PDFKit.PDFDocument, heading: string, body: string | null): void {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(heading, MARGIN);
  if (body !== null) doc.font('Helvetica').fontSize(10).fillColor(INK).text(body, MARGIN);
  doc.moveDown(0.5);
}

/** Renders the request's PDF: its facts, its history and its notes. */
export function openClosePdf(input: OpenClosePdfInput): Promise<Buffer> {
  const { request, location } = input;
  const kind = openCloseLabel(request.isOpen);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `${kind} account request`, Author: 'GET Energy Portal', Subject: location.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(`${kind} Account Request`);
  doc.font('Helvetica').fontSize(11).fillColor(MUTED).text(`${input.companyName} - GET Energy Portal`);

  section(doc, 'Request');
  fact(doc, 'Status', openCloseStatusLabel(request.accountStatus) || 'N/A');
  fact(doc, 'Request', `${kind} ${serviceLabel(request.serviceType)} service`);
  fact(
    doc,
    'Site',
    `${location.name}\n${location.address}\n${location.city}, ${location.state} ${location.zip}`,
  );
  fact(doc, 'Account', orNA(input.accountNumber));
  fact(doc, request.isOpen ? 'Store open date' : 'Store close date', day(storeDateOf(request)));
  fact(doc, 'Turnover date', day(request.turnoverDate));
  fact(doc, 'Requested by', orNA(request.requestedByName));
  fact(doc, 'Requested on', day(request.createdAt));
  fact(doc, 'Reference', request.id);

  section(doc, 'Site contact');
  fact(doc, 'Name', orNA(request.contactName));
  fact(doc, 'Phone', orNA(request.contactPhone));
  fact(doc, 'Email', orNA(request.contactEmail));

  section(doc, 'History');
  if (input.events.length === 0) entry(doc, 'No history recorded.', null);
  for (const event of input.events)
    entry(doc, `${day(event.createdAt)} - ${orNA(event.createdByName)}`, openCloseEventText(event));

  section(doc, 'Notes');
  if (input.notes.length === 0) entry(doc, 'No notes.', null);
  for (const note of input.notes)
    entry(doc, `${day(note.createdAt)} - ${orNA(note.createdByName)}`, note.note);

  doc.end();
  return done;
}
