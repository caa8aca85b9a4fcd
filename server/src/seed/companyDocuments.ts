// A company's documents (spec 001 §3 Document): real small PDFs made with pdfkit and a CSV, one of them kept by the
// consultancy for consultants only. The rows are synced metadata; the bytes go to file_inbox under each row's
// storage key, and the server moves them to the file store when it starts (server/src/files/inbox.ts).
import { createHash } from 'node:crypto';
import type { companyDocuments, fileInbox } from '../db/schema';
import { FILE_KINDS } from '../../../src/domain/files';
import type { FileKind } from '../../../src/domain/files';
import { simplePdf } from '../files/pdf';
import type { SyncedInsert } from './bulkInsert';
import type { CompanyContext, RowOf } from './context';
import { addDays, stamp } from './dates';
import { csvFile } from './documents';
import { CONSULTANCY_NAME } from './plans';
import { rngFor } from './random';
import { DEMO_USERS } from './users';

/** A company's document rows and the bytes waiting for the file store. */
export interface CompanyDocumentData {
  documents: SyncedInsert<typeof companyDocuments>[];
  files: RowOf<typeof fileInbox>[];
}

function nameOf(userId: number | null): string {
  const user = DEMO_USERS.find((candidate) => candidate.id === userId);
  return user ? `${user.firstName} ${user.lastName}` : CONSULTANCY_NAME;
}

/** Generates the company's documents; deterministic (pdfkit is given the creation date). */
export async function generateCompanyDocuments(ctx: CompanyContext): Promise<CompanyDocumentData> {
  const { plan, companyId, staff } = ctx;
  const rng = rngFor(ctx.seed, plan.key, 'company-documents');
  const year = Number(ctx.asOf.slice(0, 4));
  const consultantId = staff.consultantId ?? staff.superId;
  const clientId = staff.clientIds[0] ?? null;
  const data: CompanyDocumentData = { documents: [], files: [] };

  const add = (
    spec: { fileName: string; kind: FileKind; documentType: string; isConsultant: boolean; daysAgo: number },
    uploadedBy: number | null,
    bytes: Uint8Array,
  ) => {
    const id = rng.uuid();
    const storageKey = `company-documents/${companyId}/${id}`;
    data.documents.push({
      id,
      companyId,
      updatedAt: ctx.stamp,
      isConsultant: spec.isConsultant,
      fileName: spec.fileName,
      mimeType: FILE_KINDS[spec.kind].mimeType,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      storageKey,
      documentType: spec.documentType,
      uploadedBy,
      uploadedByName: nameOf(uploadedBy),
      createdAt: stamp(addDays(ctx.asOf, -spec.daysAgo), 10),
    });
    data.files.push({ storageKey, content: bytes, createdAt: ctx.stamp });
  };
  const createdAt = new Date(`${ctx.asOf}T00:00:00.000Z`);

  const strategyTitle = `Energy Procurement Strategy ${year}`;
  add(
    {
      fileName: `${strategyTitle}.pdf`,
      kind: 'pdf',
      documentType: 'Strategy',
      isConsultant: true,
      daysAgo: 45,
    },
    consultantId,
    await simplePdf({ title: strategyTitle, createdAt, author: CONSULTANCY_NAME }, [
      { heading: 'Client', lines: [plan.name] },
      {
        heading: 'Recommendation',
        lines: [
          'Layer fixed-price blocks for the next 24 months.',
          `Hedge about ${rng.int(50, 80)} % of forecast electric load; leave the rest on index.`,
        ],
      },
      { lines: ['Prepared by GET Energy Consultants for consultants only.'] },
    ]),
  );
  add(
    {
      fileName: 'Letter of Authorization.pdf',
      kind: 'pdf',
      documentType: 'Letter of Authorization',
      isConsultant: false,
      daysAgo: 300,
    },
    clientId ?? consultantId,
    await simplePdf({ title: 'Letter of Authorization', createdAt, author: plan.name }, [
      {
        lines: [
          `${plan.name} authorizes GET Energy Consultants to request usage and billing data`,
          'from its utilities and suppliers, and to act for it in supply procurement.',
        ],
      },
      { heading: 'Valid', lines: [`From January 1, ${year - 1} until revoked in writing.`] },
    ]),
  );
  add(
    {
      fileName: 'Utility Contacts.csv',
      kind: 'csv',
      documentType: 'Reference',
      isConsultant: false,
      daysAgo: 120,
    },
    consultantId,
    csvFile([
      ['Utility', 'Service', 'Phone', 'Use for'],
      ['Local electric utility', 'electric', '800-555-0100', 'Outages and emergencies'],
      ['Gas distribution company', 'natural_gas', '800-555-0110', 'Gas leaks: call 911 first'],
      ['Water and sewer department', 'water', '800-555-0120', 'Main breaks and billing'],
    ]),
  );
  return data;
}
