// Imports (docs/architecture.md §14 Imports): a bill spreadsheet or Green Button file applied once as a batch, read
// with the same domain code the device previews it with (src/domain/imports/), all of its bills or none; an undo
// deletes the batch's bills with tombstones so they leave every device through the feed.
import { and, desc, eq } from 'drizzle-orm';
import { MAX_FILE_BYTES } from '../../../../src/domain/files';
import { ImportFileError, readSpreadsheet } from '../../../../src/domain/imports/batches';
import type { BillColumnMapping } from '../../../../src/domain/imports/spreadsheet/headers';
import { raiseBillAlerts } from '../../audits/raiseAlerts';
import { companyOf } from '../../auth/access';
import type { Db } from '../../db/client';
import { bills, importBatches, intervalMonths } from '../../db/schema';
import type { Tx } from '../../db/tx';
import { ApiError, badRequest, notFound } from '../../errors';
import { base64Length, UPLOAD_BODY_LIMIT } from '../../files/upload';
import { CompanyScopeParams, EntityScopeParams, twinRoutes } from '../../http/twinRoutes';
import type { App, AppDeps } from '../../http/types';
import { assertVersion } from '../../sync/syncedWrite';
import { writeTombstones } from '../../sync/versioning';
import { removeBills, removeCreated, restoreBills } from './billRemoval';
import { batchAnswer } from './batchAnswers';
import { applyBillsFile } from './billsImport';
import { applySitesFile } from './sitesImport';
import { assertNewIds } from '../../http/newIds';
import { applyWrite, syncedWriteRoute } from '../../sync/writeRoute';
import type { WriteAccess } from '../../sync/writeRoute';

// Who may import is the imports area's rule (src/domain/nav.ts); the spec-style client form `/api/imports` acts on the
// caller's company, the path under `/companies/:companyId` is its consultant twin.
const IMPORTS: WriteAccess = { area: 'imports', write: true, clientForm: { from: 'caller' } };
const UNDO: WriteAccess = {
  area: 'imports',
  write: true,
  clientForm: { from: 'entity', entity: 'importBatches', param: 'id' },
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The file's bytes: over 20 MB a 413 and bad base64 a 400, as documents (server/src/files/upload.ts). */
function decodeFile(fileValue: string): Uint8Array {
  let text = fileValue.replace(/^data:[^,]{0,200};base64,/, '');
  if (/\s/.test(text)) text = text.replace(/\s+/g, '');
  if (text.length > base64Length(MAX_FILE_BYTES) + 4)
    throw new ApiError(413, 'payload_too_large', 'The file is larger than 20 MB', {
      'body.fileValue': 'is larger than 20 MB',
    });
  if (!BASE64.test(text) || text.length % 4 === 1)
    throw badRequest('The file is not valid base64', { 'body.fileValue': 'must be the file in base64' });
  return new Uint8Array(Buffer.from(text, 'base64'));
}

function unreadable(error: unknown): never {
  if (error instanceof ImportFileError)
    throw badRequest(`The file cannot be read: ${error.message}`, { 'body.fileValue': error.message });
  throw error;
}

async function findBatch(tx: Tx | Db, companyId: number, id: string) {
  const [row] = await tx
    .select()
    .from(importBatches)
    .where(and(eq(importBatches.id, id), eq(importBatches.companyId, companyId)));
  if (!row) throw notFound('Import not found');
  return row;
}

export function registerImportRoutes(app: App, { db }: AppDeps): void {
  syncedWriteRoute(
    app,
    'createImport',
    IMPORTS,
    { params: CompanyScopeParams },
    async (request, reply) => {
      const body = request.body;
      const bytes = decodeFile(body.fileValue);
      let rows: Awaited<ReturnType<typeof readSpreadsheet>> | null = null;
      if (body.kind === 'bills' || body.kind === 'sites') {
        rows = await readSpreadsheet(body.fileName, bytes).catch(unreadable);
      } else if (!body.accountId) {
        throw badRequest('A Green Button file is imported into an account', {
          'body.accountId': 'is required',
        });
      }
      const today = new Date().toISOString().slice(0, 10);
      return applyWrite(db, request, reply, async ({ tx, version, companyId, userId }) => {
        await assertNewIds(tx, importBatches, [{ field: 'body.id', value: body.id }]);
        if (body.kind === 'sites' && rows) {
          const sheet = rows;
          return applySitesFile(
            tx,
            { id: body.id, companyId, version, userId, fileName: body.fileName },
            sheet,
          ).catch(unreadable);
        }
        return applyBillsFile(
          tx,
          { id: body.id, companyId, version, userId, fileName: body.fileName, kind: body.kind },
          rows
            ? { rows, mapping: body.mapping as BillColumnMapping | undefined }
            : { greenButton: bytes, accountId: body.accountId ?? '' },
          body.options,
          today,
        ).catch(unreadable);
      });
    },
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );

  syncedWriteRoute(app, 'undoImport', UNDO, { params: EntityScopeParams }, async (request, reply) =>
    applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
      const batch = await findBatch(tx, companyId, request.params.id);
      assertVersion(batch, expected);
      if (batch.status === 'undone') return { statusCode: 200, body: batchAnswer(batch) };
      // The batch's bills leave with their alerts through tombstones (billRemoval.ts), so devices drop their copies.
      const billIds = (
        await tx
          .select({ id: bills.id })
          .from(bills)
          .where(and(eq(bills.importBatchId, batch.id), eq(bills.companyId, companyId)))
      ).map((bill) => bill.id);
      // Bills the file's re-issues replaced come back first, taking back what had moved to their re-issues.
      await restoreBills(tx, companyId, version, batch.replaced);
      await removeBills(tx, companyId, version, billIds);
      const intervals = await tx
        .delete(intervalMonths)
        .where(and(eq(intervalMonths.companyId, companyId), eq(intervalMonths.importBatchId, batch.id)))
        .returning({ id: intervalMonths.id });
      await writeTombstones(
        tx,
        companyId,
        'intervalMonths',
        intervals.map((row) => row.id),
        version,
      );
      await removeCreated(tx, companyId, version, batch.created);
      if (batch.replaced.length > 0)
        await raiseBillAlerts(tx, {
          companyId,
          version,
          accountIds: [...new Set(batch.replaced.map((one) => one.bill.accountId))],
          today: new Date().toISOString().slice(0, 10),
          onlyBillIds: new Set(batch.replaced.map((one) => one.bill.id)),
        });
      const [undone] = await tx
        .update(importBatches)
        .set({ status: 'undone', version })
        .where(eq(importBatches.id, batch.id))
        .returning();
      return { statusCode: 200, body: batchAnswer(undone ?? batch) };
    }),
  );

  for (const route of twinRoutes('/imports', { area: 'imports' })) {
    app.get(
      route.url,
      { schema: { params: CompanyScopeParams }, config: { access: route.access } },
      async (request) => {
        const rows = await db
          .select()
          .from(importBatches)
          .where(eq(importBatches.companyId, companyOf(request).id))
          .orderBy(desc(importBatches.createdAt));
        return rows.map(batchAnswer);
      },
    );
  }
  for (const route of twinRoutes('/imports/:id', { entity: 'importBatches', area: 'imports' })) {
    app.get(
      route.url,
      { schema: { params: EntityScopeParams }, config: { access: route.access } },
      async (request) => batchAnswer(await findBatch(db, companyOf(request).id, request.params.id)),
    );
  }
}
