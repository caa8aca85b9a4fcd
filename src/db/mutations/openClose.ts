// Open/close writes through the outbox (docs/architecture.md §1, §4), offline too. Each is checked first with the
// server's own rules (src/domain/openClose*.ts), then applied here and queued in one transaction. New requests and
// notes get their final ids on the device, so a replayed write never makes a second one.
import {
  canChangeOpenCloseStatus,
  canEditOpenCloseRequest,
  mayChangeOpenCloseStatus,
  openCloseLabel,
  openCloseStatusLabel,
} from '../../domain/openClose';
import type { FieldProblems } from '../../domain/meters';
import { checkNewOpenCloseRequest, checkOpenCloseDetails, noteProblem } from '../../domain/openCloseRequest';
import type { NewOpenCloseInput, OpenCloseDetailsInput, OpenCloseField } from '../../domain/openCloseRequest';
import type { Roles } from '../../domain/roles';
import { serviceLabel } from '../../domain/serviceTypes';
import { randomId } from '../ids';
import { enqueue } from '../outbox';
import type { OpenCloseNoteRow, OpenCloseRequestRow } from '../rows';
import type { AppDb } from '../schema';
import type { OutboxEntry } from '../syncRows';

/** A checked write: the queued entry, or the problems that kept it from being queued. */
export type OpenCloseWriteResult<K extends string, Extra = object> =
  ({ ok: true; entry: OutboxEntry } & Extra) | { ok: false; problems: FieldProblems<K> };

/** Who writes: the signed-in user, whose id the rows carry until the server's copy names them. */
export interface Writer {
  userId: number;
  roles: Pick<Roles, 'isConsultant'>;
}

async function requestOrThrow(db: AppDb, requestId: string): Promise<OpenCloseRequestRow> {
  const request = await db.openCloseRequests.get(requestId);
  if (!request) throw new Error(`Open/close request ${requestId} is not on this device`);
  return request;
}

async function siteName(db: AppDb, locationId: string): Promise<string> {
  return (await db.locations.get(locationId))?.name ?? 'a site';
}

/**
 * A new opening or closing at a site: one request per service, each under an id made here, queued as one
 * `POST /api/OpenAccounts` or `/api/CloseAccounts` whose answer carries the requests and their history.
 */
export async function createOpenCloseRequests(
  db: AppDb,
  companyId: number,
  isOpen: boolean,
  input: NewOpenCloseInput,
  writer: Writer,
): Promise<OpenCloseWriteResult<OpenCloseField, { requestIds: string[] }>> {
  const accounts = await db.accounts.where('locationId').equals(input.locationId).toArray();
  const checked = checkNewOpenCloseRequest(isOpen, input, accounts);
  if (!checked.ok) return checked;
  const { services, ...details } = checked.values;
  const createdAt = new Date().toISOString();
  const rows: OpenCloseRequestRow[] = services.map((service) => ({
    id: randomId(),
    companyId,
    // 0 until the server's answer brings the real version: no server write has this version.
    version: 0,
    updatedAt: createdAt,
    ...details,
    serviceType: service.serviceType,
    accountId: service.accountId,
    isOpen,
    accountStatus: 0,
    requestedBy: writer.userId,
    requestedByName: null,
    createdAt,
  }));
  const site = await siteName(db, details.locationId);
  const entry = await enqueue(db, {
    companyId,
    ...(isOpen
      ? ({ write: 'openAccounts', params: {} } as const)
      : ({ write: 'closeAccounts', params: {} } as const)),
    body: {
      ...details,
      services: rows.map((row) => ({ id: row.id, serviceType: row.serviceType, accountId: row.accountId })),
    },
    effects: rows.map((row) => ({
      entity: 'openCloseRequests',
      entityId: row.id,
      change: { kind: 'put', row: { ...row } },
    })),
    answerRows: { requests: 'openCloseRequests', events: 'openCloseEvents' },
    label: `${openCloseLabel(isOpen)} request: ${services.map((service) => serviceLabel(service.serviceType)).join(', ')} at ${site}`,
    ifMatch: false,
  });
  return { ok: true, entry, requestIds: rows.map((row) => row.id) };
}

/** Moves a request to another status (consultants; the workflow's rule) and queues `PUT /api/changeOpenCloseStatus`. */
export async function changeOpenCloseStatus(
  db: AppDb,
  requestId: string,
  status: number,
  writer: Writer,
): Promise<OpenCloseWriteResult<'accountStatus'>> {
  const request = await requestOrThrow(db, requestId);
  if (!mayChangeOpenCloseStatus(writer.roles))
    return { ok: false, problems: { accountStatus: 'is changed by consultants only' } };
  if (!canChangeOpenCloseStatus(request.accountStatus, status)) {
    const from = openCloseStatusLabel(request.accountStatus);
    return {
      ok: false,
      problems: { accountStatus: `cannot move from ${from} to ${openCloseStatusLabel(status)}` },
    };
  }
  const site = await siteName(db, request.locationId);
  const entry = await enqueue(db, {
    companyId: request.companyId,
    write: 'changeOpenCloseStatus',
    params: {},
    body: { id: requestId, accountStatus: status },
    effects: [
      {
        entity: 'openCloseRequests',
        entityId: requestId,
        change: { kind: 'patch', fields: { accountStatus: status } },
      },
    ],
    label: `${openCloseLabel(request.isOpen)} request (${serviceLabel(request.serviceType)} at ${site}): status ${openCloseStatusLabel(status)}`,
  });
  return { ok: true, entry };
}

/** Edits a request's dates and contact (not once it is done) and queues `PUT /api/updateOpenCloseAccount`. */
export async function updateOpenCloseRequest(
  db: AppDb,
  requestId: string,
  input: OpenCloseDetailsInput,
): Promise<OpenCloseWriteResult<OpenCloseField | 'id'>> {
  const request = await requestOrThrow(db, requestId);
  if (!canEditOpenCloseRequest(request.accountStatus))
    return { ok: false, problems: { id: 'is done and can no longer be edited' } };
  const checked = checkOpenCloseDetails(request.isOpen, input);
  if (!checked.ok) return checked;
  const site = await siteName(db, request.locationId);
  const entry = await enqueue(db, {
    companyId: request.companyId,
    write: 'updateOpenCloseAccount',
    params: {},
    body: { id: requestId, ...checked.values },
    effects: [
      {
        entity: 'openCloseRequests',
        entityId: requestId,
        change: { kind: 'patch', fields: { ...checked.values } },
      },
    ],
    label: `${openCloseLabel(request.isOpen)} request (${serviceLabel(request.serviceType)} at ${site}): dates and contact`,
  });
  return { ok: true, entry };
}

/** Adds a note under an id made here and queues `POST /api/AddAccountNotes`. */
export async function addOpenCloseNote(
  db: AppDb,
  requestId: string,
  note: string,
  writer: Pick<Writer, 'userId'>,
): Promise<OpenCloseWriteResult<'note', { noteId: string }>> {
  const request = await requestOrThrow(db, requestId);
  const problem = noteProblem(note);
  if (problem) return { ok: false, problems: { note: problem } };
  const createdAt = new Date().toISOString();
  const row: OpenCloseNoteRow = {
    id: randomId(),
    companyId: request.companyId,
    version: 0,
    updatedAt: createdAt,
    requestId,
    note: note.trim(),
    createdBy: writer.userId,
    createdByName: null,
    createdAt,
  };
  const entry = await enqueue(db, {
    companyId: request.companyId,
    write: 'addOpenCloseNote',
    params: {},
    body: { id: row.id, requestId, note: row.note },
    entity: 'openCloseNotes',
    entityId: row.id,
    change: { kind: 'put', row: { ...row } },
    ifMatch: false,
  });
  return { ok: true, entry, noteId: row.id };
}
