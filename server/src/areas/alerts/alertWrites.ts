// Alert writes of the second spec document §7, each also under /api/companies/:companyId: the status
// (`PUT /alerts/{id}`, one of the spec's statuses; closing an open alert is finalizing it, which the finalize rule
// guards), and notes (`POST /alerts/{id}/notes` adds, `PUT /alerts/notes/{noteId}` edits, `POST /alerts/notes/{noteId}`
// closes). Every write needs full access to the area (`write`: a client on /alertsro rights gets 403), is idempotent
// and checks If-Match against the row it edits, so an offline edit of a row someone changed meanwhile answers 409.
import { eq, sql } from 'drizzle-orm';
import type { App, AppDeps } from '../../http/types';
import { SYNCED_ALERT_COLUMNS, alertNotes, alerts } from '../../db/schema';
import { badRequest } from '../../errors';
import { assertNewIds } from '../../http/newIds';
import { assertVersion } from '../../sync/syncedWrite';
import { applyWrite, syncedWriteRoute } from '../../sync/writeRoute';
import { patchWriteRoute } from '../../sync/patchRow';
import type { WriteAccess } from '../../sync/writeRoute';
import { alertNoteError, isFinalStatus, statusChangeError } from '../../../../src/domain/alerts';
import { alertOf, notesOf } from './alerts';
import { EntityScopeParams } from '../../http/twinRoutes';

/** The note text as stored: trimmed, by the rule the page checks before queueing (alertNoteError); 400 otherwise. */
export function noteTextOf(note: string, field = 'body.note'): string {
  const reason = alertNoteError(note);
  if (reason) throw badRequest(reason, { [field]: reason });
  return note.trim();
}

/** An alert write on the row its `:id` names, with its consultant twin; full access to the area. */
const onRow = (entity: 'alerts' | 'alertNotes'): WriteAccess => ({
  company: { from: 'entity', entity, param: 'id' },
  twin: true,
  area: 'alerts',
  write: true,
});

/** Registers the alert writes with their consultant twins. */
export function alertWriteRoutes(app: App, { db }: AppDeps): Promise<void> {
  syncedWriteRoute(
    app,
    'setAlertStatus',
    onRow('alerts'),
    { params: EntityScopeParams },
    async (request, reply) => {
      const next = request.body.status;
      return applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
        const alert = await alertOf(tx, companyId, request.params.id);
        assertVersion(alert, expected);
        const reason = statusChangeError(alert, await notesOf(tx, companyId, alert.id), next);
        if (reason) throw badRequest(reason, { 'body.status': reason });
        // Stamped when the alert first closes, kept while it moves between closed statuses, cleared on reopening.
        const keptClosedAt = isFinalStatus(alert.status) ? alert.closedAt : null;
        const [row] = await tx
          .update(alerts)
          .set({
            status: next,
            closedAt: isFinalStatus(next) ? (keptClosedAt ?? sql`now()`) : null,
            version,
            updatedAt: sql`now()`,
          })
          .where(eq(alerts.id, alert.id))
          .returning(SYNCED_ALERT_COLUMNS);
        return { statusCode: 200, body: row };
      });
    },
  );

  syncedWriteRoute(
    app,
    'addAlertNote',
    onRow('alerts'),
    { params: EntityScopeParams },
    async (request, reply) => {
      const text = noteTextOf(request.body.note);
      const id = request.body.id?.toLowerCase();
      return applyWrite(db, request, reply, async ({ tx, version, companyId, userId }) => {
        const alert = await alertOf(tx, companyId, request.params.id);
        await assertNewIds(tx, alertNotes, [{ field: 'body.id', value: id }]);
        const [row] = await tx
          .insert(alertNotes)
          .values({
            ...(id ? { id } : {}),
            companyId,
            version,
            alertId: alert.id,
            note: text,
            closed: false,
            createdBy: userId,
          })
          .returning();
        return { statusCode: 201, body: row };
      });
    },
  );

  patchWriteRoute(
    app,
    db,
    'editAlertNote',
    onRow('alertNotes'),
    { params: EntityScopeParams },
    { rowId: (request) => request.params.id, check: (request) => noteTextOf(request.body.note) },
  );

  // Closing a note (spec 001 §7 `POST /alerts/notes/{noteId}`): an alert is finalized once all its notes are closed.
  patchWriteRoute(
    app,
    db,
    'deleteAlertNote',
    onRow('alertNotes'),
    { params: EntityScopeParams },
    {
      rowId: (request) => request.params.id,
    },
  );
  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
