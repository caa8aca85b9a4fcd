// A sites file applied (docs/architecture.md §14 Imports): each row checked by the rule a site added by hand is checked
// by, all rows or none, sites the company has already (site number, or name, address and zip) skipped; the batch
// keeps the ids of the sites it created, so an undo removes those no account has come to.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { chunkIds } from '../../../../src/domain/bills';
import { ImportFileError } from '../../../../src/domain/imports/batches';
import type { ImportBatchCounts } from '../../../../src/domain/imports/batches';
import type { Cell } from '../../../../src/domain/imports/spreadsheet/cells';
import { readText } from '../../../../src/domain/imports/spreadsheet/cells';
import {
  guessSiteColumns,
  missingSiteColumns,
  newSites,
  readSiteSheet,
} from '../../../../src/domain/imports/siteSheet';
import { importBatches, locations } from '../../db/schema';
import type { Tx } from '../../db/tx';
import { batchAnswer, rowsInError } from './batchAnswers';

/** Rows per INSERT of sites (8 columns and the sync columns: far under a statement's parameters). */
const SITE_CHUNK = 2000;

/** The sites of a sheet written as one batch; a 422 with every row in error, or a file error when columns lack. */
export async function applySitesFile(
  tx: Tx,
  batch: { id?: string; companyId: number; version: number; userId: number | null; fileName: string },
  rows: readonly (readonly Cell[])[],
) {
  const missing = missingSiteColumns(guessSiteColumns((rows[0] ?? []).map((cell) => readText(cell) ?? '')));
  if (missing.length > 0) throw new ImportFileError(`No column holds ${missing.join(', ')}`);
  const reading = readSiteSheet(rows);
  if (reading.errors.length > 0) return rowsInError(reading.errors);
  const { companyId, version } = batch;
  const existing = await tx
    .select({
      siteNumber: locations.siteNumber,
      name: locations.name,
      address: locations.address,
      zip: locations.zip,
    })
    .from(locations)
    .where(eq(locations.companyId, companyId));
  const { fresh, duplicates } = newSites(reading.sites, existing);
  const values = fresh.map((site) => ({ id: randomUUID(), companyId, version, ...site.values }));
  for (const chunk of chunkIds(values, SITE_CHUNK)) await tx.insert(locations).values(chunk);
  const counts: ImportBatchCounts = {
    rows: reading.rowCount,
    bills: 0,
    lines: 0,
    duplicates,
    replaced: 0,
    errors: 0,
    accountsCreated: 0,
    sitesCreated: values.length,
  };
  const [row] = await tx
    .insert(importBatches)
    .values({
      ...(batch.id ? { id: batch.id } : {}),
      companyId,
      version,
      createdBy: batch.userId,
      fileName: batch.fileName,
      kind: 'sites',
      mapping: null,
      counts,
      totals: [],
      status: 'applied',
      errors: [],
      created: { locations: values.map((one) => one.id) },
    })
    .returning();
  if (!row) throw new Error('The import batch was not written');
  return { statusCode: 201, body: batchAnswer(row) };
}
