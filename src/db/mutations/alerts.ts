// Alert writes through the outbox (spec 001 §7 Alerts): status, notes and batch resolve apply locally at once, offline
// too, and are replayed exactly once. Each is checked first with the server's own rules (src/domain/alerts.ts), so
// what the device queues is what the server accepts unless someone changed the alert meanwhile (a 409, shown in the
// Sync panel with both versions).
import { monthLabel } from '../../domain/dates';
import {
  FINALIZED_STATUS,
  alertNoteError,
  finalizeBlocker,
  isAlertStatus,
  isFinalStatus,
  statusChangeError,
} from '../../domain/alerts';
import { randomId } from '../ids';
import { enqueue, enqueuePatch } from '../outbox';
import type { RowWrite } from '../outbox';
import type { AlertNoteRow, AlertRow } from '../rows';
import type { AppDb } from '../schema';
import type { OutboxEntry } from '../syncRows';

/** A write the rules refuse before anything is queued; its message is the reason, for the page to show. */
export class AlertWriteError extends Error {}

/** An alert a batch could not resolve, named as a person finds it, with the rule's reason. */
export interface RefusedAlert {
  alertId: string;
  label: string;
  reason: string;
}

/** A batch resolve refused because some of its alerts cannot be finalized: each is named, so the rest can go. */
export class BatchRefusedError extends AlertWriteError {
  constructor(readonly refused: readonly RefusedAlert[]) {
    super(
      `${refused.length === 1 ? 'One selected alert' : `${refused.length} selected alerts`} cannot be resolved: ${refused
        .map((alert) => `${alert.label}: ${alert.reason}`)
        .join(' ')}`,
    );
    this.name = 'BatchRefusedError';
  }
}

/** An alert as a person finds it in the list: its site, account and bill month. */
async function alertLabel(db: AppDb, alert: AlertRow): Promise<string> {
  const [location, account] = await Promise.all([
    db.locations.get(alert.locationId),
    db.accounts.get(alert.accountId),
  ]);
  return [
    location?.name,
    account ? `account ${account.accountNumber}` : null,
    alert.billMonth ? monthLabel(alert.billMonth) : null,
  ]
    .filter((part): part is string => Boolean(part))
    .join(', ');
}

async function alertOrThrow(db: AppDb, alertId: string): Promise<AlertRow> {
  const alert = await db.alerts.get(alertId);
  if (!alert) throw new Error(`Alert ${alertId} is not in the local database`);
  return alert;
}

function checkedText(note: string): string {
  const reason = alertNoteError(note);
  if (reason) throw new AlertWriteError(reason);
  return note.trim();
}

/** The alert's fields after a move to `status`: closedAt stamped on closing, kept between closed statuses. */
function statusFields(alert: AlertRow, status: string, now: string): Partial<AlertRow> {
  const closedAt = isFinalStatus(status)
    ? isFinalStatus(alert.status)
      ? (alert.closedAt ?? now)
      : now
    : null;
  return { status, closedAt };
}

/**
 * Moves an alert to `status` (Finalize is a move to 'closed') and queues `PUT /api/alerts/{id}`, after the rule the
 * server applies (statusChangeError) passed on the notes this device has.
 */
export async function setAlertStatus(db: AppDb, alertId: string, status: string): Promise<OutboxEntry> {
  return db.transaction('rw', [db.outbox, db.meta, db.alerts, db.alertNotes], async () => {
    const alert = await alertOrThrow(db, alertId);
    const notes = await db.alertNotes.where('alertId').equals(alertId).toArray();
    const reason = statusChangeError(alert, notes, status);
    // statusChangeError refuses any text that is not a status, so the second test only tells the type.
    if (reason !== null || !isAlertStatus(status)) throw new AlertWriteError(reason ?? status);
    return enqueue(db, {
      companyId: alert.companyId,
      write: 'setAlertStatus',
      params: { id: alertId },
      body: { status },
      entity: 'alerts',
      entityId: alertId,
      change: { kind: 'patch', fields: statusFields(alert, status, new Date().toISOString()) },
      ifMatch: true,
    });
  });
}

/** Adds a note (made here with its final id) and queues `POST /api/alerts/{id}/notes`. */
export async function addAlertNote(
  db: AppDb,
  alertId: string,
  note: string,
  userId: number | null,
): Promise<OutboxEntry> {
  const text = checkedText(note);
  return db.transaction('rw', [db.outbox, db.meta, db.alerts, db.alertNotes], async () => {
    const alert = await alertOrThrow(db, alertId);
    const now = new Date().toISOString();
    const row: AlertNoteRow = {
      id: randomId(),
      companyId: alert.companyId,
      // 0 until the answer brings the server's version: no server write has it.
      version: 0,
      updatedAt: now,
      alertId,
      note: text,
      closed: false,
      createdBy: userId,
      createDate: now,
      modifiedAt: null,
    };
    return enqueue(db, {
      companyId: alert.companyId,
      write: 'addAlertNote',
      params: { id: alertId },
      body: { note: text, id: row.id },
      entity: 'alertNotes',
      entityId: row.id,
      change: { kind: 'put', row: { ...row } },
      ifMatch: false,
    });
  });
}

/** Edits a note's text and queues `PUT /api/alerts/notes/{noteId}`. */
export async function editAlertNote(db: AppDb, noteId: string, note: string): Promise<OutboxEntry> {
  const text = checkedText(note);
  return enqueuePatch(db, {
    write: 'editAlertNote',
    rowId: noteId,
    params: { id: noteId },
    body: { note: text },
  });
}

/** Closes a note and queues `POST /api/alerts/notes/{noteId}`. */
export async function closeAlertNote(db: AppDb, noteId: string): Promise<OutboxEntry> {
  return enqueuePatch(db, { write: 'deleteAlertNote', rowId: noteId, params: { id: noteId } });
}

/**
 * Resolves alerts together: one note (closed) on each and each alert closed, as one queued write of
 * `PUT /api/companies/{companyId}/alerts/batchResolve?ids=...` that the server applies all or none. Its If-Match lists
 * each alert's version (ifMatchEach). Refused here, naming the alerts, when one of them cannot be finalized.
 */
export async function batchResolveAlerts(
  db: AppDb,
  companyId: number,
  alertIds: readonly string[],
  note: string,
  userId: number | null,
): Promise<OutboxEntry> {
  const text = checkedText(note);
  const ids = [...new Set(alertIds)];
  if (ids.length === 0) throw new AlertWriteError('Select the alerts to resolve.');
  return db.transaction(
    'rw',
    [db.outbox, db.meta, db.alerts, db.alertNotes, db.locations, db.accounts],
    async () => {
      const alerts = await db.alerts.bulkGet(ids);
      const notes = await db.alertNotes.where('alertId').anyOf(ids).toArray();
      const now = new Date().toISOString();
      const refused: RefusedAlert[] = [];
      for (const [index, alert] of alerts.entries()) {
        if (!alert || alert.companyId !== companyId) {
          const alertId = ids[index] ?? '';
          refused.push({ alertId, label: `Alert ${alertId}`, reason: 'It is not on this device.' });
          continue;
        }
        const reason = finalizeBlocker(alert, [
          ...notes.filter((n) => n.alertId === alert.id),
          { closed: true },
        ]);
        if (reason) refused.push({ alertId: alert.id, label: await alertLabel(db, alert), reason });
      }
      if (refused.length > 0) throw new BatchRefusedError(refused);
      const newNotes = ids.map((alertId): AlertNoteRow => ({
        id: randomId(),
        companyId,
        version: 0,
        updatedAt: now,
        alertId,
        note: text,
        closed: true,
        createdBy: userId,
        createDate: now,
        modifiedAt: now,
      }));
      const effects: RowWrite[] = [
        ...alerts.flatMap((alert): RowWrite[] =>
          alert
            ? [
                {
                  entity: 'alerts',
                  entityId: alert.id,
                  change: { kind: 'patch', fields: statusFields(alert, FINALIZED_STATUS, now) },
                },
              ]
            : [],
        ),
        ...newNotes.map((row): RowWrite => ({
          entity: 'alertNotes',
          entityId: row.id,
          change: { kind: 'put', row: { ...row } },
        })),
      ];
      return enqueue(db, {
        companyId,
        write: 'batchResolveAlerts',
        params: { companyId },
        query: { ids: ids.join(',') },
        body: { note: text, noteIds: newNotes.map((row) => row.id) },
        effects,
        answerRows: { alerts: 'alerts', alertNotes: 'alertNotes' },
        label: `Resolve ${ids.length === 1 ? '1 alert' : `${ids.length} alerts`}`,
        ifMatch: true,
        ifMatchEach: true,
      });
    },
  );
}
