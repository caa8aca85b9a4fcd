// The device's import writes (docs/architecture.md §11, §14 Imports): the file is read and checked on the device with
// the domain code the server applies it with (src/domain/imports/batches.ts), then queued in the outbox, offline too;
// the server applies it once and the batch row and its bills arrive through the feed.
import type {
  DuplicateChoice,
  ImportBatchCounts,
  ImportKind,
  ImportUnitTotal,
} from '../../domain/imports/batches';
import type { BillColumnMapping } from '../../domain/imports/spreadsheet/headers';
import { randomId } from '../ids';
import { enqueue } from '../outbox';
import type { ImportBatchRow } from '../rows';
import type { AppDb } from '../schema';
import type { OutboxEntry } from '../syncRows';

/** A file to import, read and previewed on the device. */
export interface ImportFile {
  companyId: number;
  fileName: string;
  bytes: Uint8Array;
  kind: ImportKind;
  /** The account a Green Button file's usage goes to. */
  accountId?: string;
  /** The mapping the user confirmed (bill spreadsheets). */
  mapping?: BillColumnMapping;
  duplicates?: DuplicateChoice;
  /** Create the accounts the file names that the company lacks (under the sites its site numbers name). */
  createAccounts?: boolean;
  /** What the device's check found, shown on the batch until the server's own counts arrive. */
  counts: ImportBatchCounts;
  totals: ImportUnitTotal[];
}

function base64Of(bytes: Uint8Array): string {
  let text = '';
  const slice = 0x8000;
  for (let i = 0; i < bytes.length; i += slice) text += String.fromCharCode(...bytes.subarray(i, i + slice));
  return btoa(text);
}

/**
 * Queues an import as a batch of its own id, shown at once as pending with the counts the device's check found; the
 * server applies it under that id and its answer (counts, bills, alerts) arrives through the feed.
 */
export async function queueImport(db: AppDb, file: ImportFile, userId: number | null): Promise<string> {
  const id = randomId();
  const now = new Date().toISOString();
  const row: ImportBatchRow = {
    id,
    companyId: file.companyId,
    version: 0,
    updatedAt: now,
    createdBy: userId,
    createdAt: now,
    fileName: file.fileName,
    kind: file.kind,
    mapping: file.mapping ?? null,
    counts: file.counts,
    totals: file.totals,
    status: 'pending',
    errors: [],
  };
  await enqueue(db, {
    companyId: file.companyId,
    write: 'createImport',
    params: { companyId: file.companyId },
    body: {
      id,
      fileName: file.fileName,
      fileValue: base64Of(file.bytes),
      kind: file.kind,
      ...(file.accountId ? { accountId: file.accountId } : {}),
      ...(file.mapping ? { mapping: file.mapping } : {}),
      options: {
        ...(file.duplicates ? { duplicates: file.duplicates } : {}),
        ...(file.createAccounts ? { createAccounts: true } : {}),
      },
    },
    entity: 'importBatches',
    entityId: id,
    change: { kind: 'put', row: { ...row } },
    ifMatch: false,
    label: `Import of ${file.fileName}`,
  });
  return id;
}

/** Queues the undo of a batch: shown undone at once; its bills leave with the feed's tombstones. */
export function undoImport(db: AppDb, batch: ImportBatchRow): Promise<OutboxEntry> {
  return enqueue(db, {
    companyId: batch.companyId,
    write: 'undoImport',
    params: { companyId: batch.companyId, id: batch.id },
    entity: 'importBatches',
    entityId: batch.id,
    change: { kind: 'patch', fields: { status: 'undone' } },
    label: `Undo of the import of ${batch.fileName}`,
  });
}
