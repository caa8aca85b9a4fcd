// Rendered bill PDFs kept on disk (spec 001 §7 `GET /bills/{id}/download`: rendered once, then served from the
// cache). A bill's PDF is named by its id and version, so a bill the server rewrites gets a new PDF; the cache lives
// beside the file store's namespaces (FILES_DIR/cache), which the orphan sweep never reads.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cache of one server, rooted in its files folder. */
export interface BillPdfCache {
  /** The bill's PDF: from the cache, else made by `render` and kept. */
  get(
    bill: { id: string; companyId: number; version: number },
    render: () => Promise<Buffer>,
  ): Promise<Buffer>;
}

/** A cache under `{filesDir}/cache/bill-pdfs/{companyId}/{billId}-v{version}.pdf`. */
export function createBillPdfCache(filesDir: string): BillPdfCache {
  return {
    async get(bill, render) {
      // The path is built from database values only, checked again here so no other text can reach the disk.
      if (!UUID.test(bill.id) || !Number.isSafeInteger(bill.companyId) || !Number.isSafeInteger(bill.version))
        throw new Error('Not a bill key');
      const path = join(
        filesDir,
        'cache',
        'bill-pdfs',
        String(bill.companyId),
        `${bill.id}-v${bill.version}.pdf`,
      );
      const kept = await readFile(path).catch(() => null);
      if (kept) return kept;
      const bytes = await render();
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomUUID()}.part`;
      try {
        await writeFile(partial, bytes, { mode: 0o600 });
        await rename(partial, path);
      } catch {
        // A full or read-only disk only costs the cache: the answer is still sent.
        await rm(partial, { force: true });
      }
      return bytes;
    },
  };
}
