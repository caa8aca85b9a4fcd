// Real PDFs made with pdfkit (docs/architecture.md §15): seeded documents now, bill and contract PDFs later. The
// creation date is given, never read from the clock, so the same content gives the same bytes (the seed is
// deterministic and a file's sha-256 is stable).
import PDFDocument from 'pdfkit';

/** One block of a simple PDF: an optional heading and its lines. */
export interface PdfBlock {
  heading?: string;
  lines: readonly string[];
}

/** Renders a PDF drawn by `draw` on a US-letter page with 56 pt margins. */
export function renderPdf(
  meta: { title: string; createdAt: Date; author?: string },
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: {
      Title: meta.title,
      Author: meta.author ?? 'GET Energy Portal',
      CreationDate: meta.createdAt,
      ModDate: meta.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** A one-page document: a title, then headed blocks of lines. */
export function simplePdf(
  meta: { title: string; createdAt: Date; author?: string },
  blocks: readonly PdfBlock[],
): Promise<Buffer> {
  return renderPdf(meta, (doc) => {
    doc.font('Helvetica-Bold').fontSize(18).text(meta.title);
    for (const block of blocks) {
      doc.moveDown(0.8);
      if (block.heading) doc.font('Helvetica-Bold').fontSize(12).text(block.heading).moveDown(0.2);
      doc.font('Helvetica').fontSize(11);
      for (const line of block.lines) doc.text(line);
    }
  });
}
