// What the import routes answer (docs/architecture.md §14 Imports): a batch without what the server keeps for its undo,
// and the 422 of a file with rows in error (all rows or none).
import type { ImportRowError } from '../../../../src/domain/imports/batches';
import type { importBatches } from '../../db/schema';

/** A batch as the API answers it. */
export function batchAnswer(row: typeof importBatches.$inferSelect) {
  return {
    id: row.id,
    status: row.status,
    fileName: row.fileName,
    kind: row.kind,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    counts: row.counts,
    totals: row.totals,
    errors: row.errors,
  };
}

/** The answer to a file with rows in error: nothing is written, every error is listed, the first named. */
export function rowsInError(errors: readonly ImportRowError[]) {
  const [first] = errors;
  const rows = errors.length === 1 ? '1 row is' : `${errors.length} rows are`;
  const message = `Nothing was imported: ${rows} in error (row ${first?.row ?? 0}: ${first?.message ?? ''})`;
  return { statusCode: 422, body: { error: { code: 'rows_in_error', message }, errors } };
}
