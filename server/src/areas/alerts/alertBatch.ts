// Batch resolve (spec 001 §7 `PUT /alerts/batchResolve?ids`, with a note body), also under
// /api/companies/:companyId: one note, written (closed) on every alert named, and every alert closed — atomically, all
// or none. The answer names the ids that failed and why: 409 with the current alerts when some changed since the
// client saw them (If-Match lists one version per id, in order: the alerts share no owner, so each is checked on its
// own), 400 when some cannot be finalized (spec 001 §4) or are not alerts of the company.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { App, AppDeps } from '../../http/types';
import { companyOf } from '../../auth/access';
import { SYNCED_ALERT_COLUMNS, alertNotes, alerts } from '../../db/schema';
import { ApiError, badRequest } from '../../errors';
import type { FieldErrors } from '../../errors';
import { ifMatchListOf } from '../../sync/syncedWrite';
import { applyWrite, syncedWriteRoute } from '../../sync/writeRoute';
import { FINALIZED_STATUS, finalizeBlocker } from '../../../../src/domain/alerts';
import { BATCH_RESOLVE_MAX } from '../../../../src/domain/writeBodies';
import { noteTextOf } from './alertWrites';
import { CompanyScopeParams } from '../../http/twinRoutes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One alert a batch could not resolve, and why. */
export interface FailedId {
  id: string;
  reason: string;
}

/** The alert ids of `?ids=a,b`, lower-cased; 400 naming each malformed or repeated one. */
function parseIds(text: string): string[] {
  const ids = text.split(',').map((id) => id.trim().toLowerCase());
  const fields: FieldErrors = {};
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (!UUID.test(id)) fields[`query.ids.${index}`] = 'is not an alert id';
    else if (seen.has(id)) fields[`query.ids.${index}`] = 'is repeated';
    seen.add(id);
  });
  if (ids.length > BATCH_RESOLVE_MAX) fields['query.ids'] = `must name at most ${BATCH_RESOLVE_MAX} alerts`;
  if (Object.keys(fields).length > 0) throw badRequest('Some alert ids are not valid', fields);
  return ids;
}

/**
 * The error answer of a batch that failed: which ids, and why, both as fields and as a list. One alert may fail for
 * several reasons (already closed, and its note id taken): the list names each reason, its field joins them, and the
 * message counts alerts, not reasons.
 */
export function batchFailure(
  status: 400 | 409,
  failed: FailedId[],
  ids: string[],
  extra: Record<string, unknown>,
) {
  const fields: FieldErrors = {};
  for (const { id, reason } of failed) {
    const key = `query.ids.${ids.indexOf(id)}`;
    const before = fields[key];
    fields[key] = before === undefined ? reason : `${before.replace(/\.$/, '')}; ${reason}`;
  }
  const alertCount = new Set(failed.map((entry) => entry.id)).size;
  const count = alertCount === 1 ? '1 alert' : `${alertCount} alerts`;
  const message =
    status === 409
      ? `${count} changed since you saw them; nothing was resolved`
      : `${count} cannot be resolved; nothing was resolved`;
  return new ApiError(status, status === 409 ? 'conflict' : 'bad_request', message, fields, {
    ...extra,
    failed,
  });
}

/** Registers `PUT /alerts/batchResolve` and its consultant twin. */
export function alertBatchRoutes(app: App, { db }: AppDeps): Promise<void> {
  syncedWriteRoute(
    app,
    'batchResolveAlerts',
    { clientForm: { from: 'caller' }, area: 'alerts', write: true },
    { params: CompanyScopeParams },
    async (request, reply) => {
      const companyId = companyOf(request).id;
      const ids = parseIds(request.query.ids);
      const text = noteTextOf(request.body.note);
      const noteIds = request.body.noteIds?.map((id) => id.toLowerCase());
      if (noteIds && noteIds.length !== ids.length)
        throw badRequest('There must be one note id per alert id', { 'body.noteIds': 'must match ids' });
      const expected = ifMatchListOf(request);
      if (expected && expected.length !== ids.length)
        throw badRequest('If-Match must list one version per alert id', {
          'headers.if-match': 'is invalid',
        });
      return applyWrite(db, request, reply, async ({ tx, version, userId }) => {
        const rows = await tx
          .select(SYNCED_ALERT_COLUMNS)
          .from(alerts)
          .where(and(eq(alerts.companyId, companyId), inArray(alerts.id, ids)));
        const byId = new Map(rows.map((row) => [row.id, row]));
        const changed: FailedId[] = [];
        ids.forEach((id, index) => {
          const row = byId.get(id);
          const version = expected?.[index];
          if (row && version !== undefined && row.version !== version)
            changed.push({ id, reason: 'was changed by someone else since you saw it' });
        });
        if (changed.length > 0)
          throw batchFailure(409, changed, ids, { current: { alerts: rows, alertNotes: [] } });

        const notes = await tx
          .select({ alertId: alertNotes.alertId, closed: alertNotes.closed })
          .from(alertNotes)
          .where(and(eq(alertNotes.companyId, companyId), inArray(alertNotes.alertId, ids)));
        const failed: FailedId[] = [];
        for (const id of ids) {
          const row = byId.get(id);
          if (!row) {
            failed.push({ id, reason: 'is not an alert of this company' });
            continue;
          }
          // The batch's own note is closed: the alert's other notes decide.
          const mine = [...notes.filter((note) => note.alertId === id), { closed: true }];
          const blocker = finalizeBlocker(row, mine);
          if (blocker) failed.push({ id, reason: blocker });
        }
        if (noteIds) {
          const taken = await tx
            .select({ id: alertNotes.id })
            .from(alertNotes)
            .where(inArray(alertNotes.id, noteIds));
          for (const { id } of taken)
            failed.push({ id: ids[noteIds.indexOf(id)] ?? id, reason: 'its note id is already taken' });
        }
        if (failed.length > 0) throw batchFailure(400, failed, ids, {});

        const written = await tx
          .insert(alertNotes)
          .values(
            ids.map((alertId, index) => {
              const id = noteIds?.[index];
              return {
                ...(id ? { id } : {}),
                companyId,
                version,
                alertId,
                note: text,
                closed: true,
                createdBy: userId,
                modifiedAt: sql`now()`,
              };
            }),
          )
          .returning();
        const resolved = await tx
          .update(alerts)
          .set({ status: FINALIZED_STATUS, closedAt: sql`now()`, version, updatedAt: sql`now()` })
          .where(and(eq(alerts.companyId, companyId), inArray(alerts.id, ids)))
          .returning(SYNCED_ALERT_COLUMNS);
        const order = new Map(ids.map((id, index) => [id, index]));
        resolved.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
        return { statusCode: 200, body: { alerts: resolved, alertNotes: written, failed: [] } };
      });
    },
  );
  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
