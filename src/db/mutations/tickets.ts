// Support ticket writes through the outbox (docs/architecture.md §4, §14 Support, §15), offline too. A new ticket and
// its attachments are queued in one transaction: the ticket's entry first, then one upload entry per file naming the
// ticket, so the worker sends them in that order, each exactly once (its Idempotency-Key). Writes use the
// company-scoped paths, as company documents do.
import type { CheckedFile } from '../../domain/files';
import { isQuotaError } from '../../domain/sync';
import {
  MAX_TICKET_FILES,
  canCancelTicket,
  commentProblem,
  newTicketProblems,
  ticketSummary,
} from '../../domain/tickets';
import type { NewTicketInput } from '../../domain/tickets';
import { randomId } from '../ids';
import { enqueue } from '../outbox';
import { filePlaceholder, noRoomMessage, noRoomProblem } from '../outboxFiles';
import type { StorageEstimator } from '../outboxFiles';
import type { SupportTicketRow, TicketAttachmentRow, TicketCommentRow } from '../rows';
import type { AppDb } from '../schema';

/** A file that passed the upload checks (src/domain/files.ts), with its bytes. */
export interface TicketFile {
  file: CheckedFile;
  blob: Blob;
}

/** Who writes: the signed-in user and their name as tickets show it. */
export interface TicketWriter {
  id: number;
  name: string | null;
}

/** Queued, or why nothing was queued (and which field it concerns). */
export type TicketWriteResult =
  | { ok: true; id: string }
  | {
      ok: false;
      field: 'requestTypeId' | 'ticketDescription' | 'requestedBy' | 'comment' | 'files';
      problem: string;
    };

async function filesProblem(
  files: readonly TicketFile[],
  storage?: StorageEstimator,
): Promise<string | null> {
  if (files.length > MAX_TICKET_FILES) return `At most ${MAX_TICKET_FILES} files can be attached at once.`;
  return noRoomProblem(
    files.reduce((sum, item) => sum + item.blob.size, 0),
    storage,
  );
}

/** Queues one upload entry per file, each bound to the ticket. Call inside the caller's transaction. */
async function queueAttachments(
  db: AppDb,
  companyId: number,
  ticketId: string,
  files: readonly TicketFile[],
  now: string,
): Promise<void> {
  for (const { file, blob } of files) {
    const id = randomId();
    const fileId = randomId();
    const row: TicketAttachmentRow = {
      id,
      companyId,
      version: 0,
      updatedAt: now,
      ticketId,
      accountNumber: null,
      fileName: file.fileName,
      mimeType: file.mimeType,
      size: file.size,
      sha256: '',
      contentUrl: null,
      isTemporary: false,
      createdAt: now,
    };
    await enqueue(db, {
      companyId,
      write: 'addTicketAttachment',
      params: { companyId },
      body: { id, ticketId, file: filePlaceholder(fileId) },
      encoding: 'multipart',
      entity: 'ticketAttachments',
      entityId: id,
      change: { kind: 'put', row: { ...row } },
      ifMatch: false,
      files: [{ id: fileId, name: file.fileName, type: file.mimeType, blob }],
      label: `Attachment ${file.fileName}`,
    });
  }
}

function tablesOf(db: AppDb) {
  return [db.outbox, db.meta, db.outboxFiles, db.supportTickets, db.ticketComments, db.ticketAttachments];
}

/**
 * Queues a new ticket (the spec's body: request type, description, requested by) with its attachments, all or
 * nothing. The ticket shows at once, marked as not sent; the server numbers it (`GET-1042`) when it arrives.
 */
export async function createTicket(
  db: AppDb,
  input: NewTicketInput & {
    companyId: number;
    requestTypeName: string;
    writer: TicketWriter;
    files: readonly TicketFile[];
  },
  options: { storage?: StorageEstimator; now?: Date } = {},
): Promise<TicketWriteResult> {
  const problems = newTicketProblems(input);
  for (const field of ['requestTypeId', 'ticketDescription', 'requestedBy'] as const) {
    const problem = problems[field];
    if (problem) return { ok: false, field, problem };
  }
  const noRoom = await filesProblem(input.files, options.storage);
  if (noRoom) return { ok: false, field: 'files', problem: noRoom };
  const id = randomId();
  const now = (options.now ?? new Date()).toISOString();
  const description = input.ticketDescription.trim();
  const row: SupportTicketRow = {
    id,
    companyId: input.companyId,
    version: 0,
    updatedAt: now,
    jiraIssueId: '',
    requestType: input.requestTypeName,
    summary: ticketSummary(description),
    ticketDescription: description,
    requestedBy: input.requestedBy.trim(),
    createdBy: input.writer.id,
    createdByName: input.writer.name,
    status: 'Received',
    createdAt: now,
  };
  try {
    await db.transaction('rw', tablesOf(db), async () => {
      await enqueue(db, {
        companyId: input.companyId,
        write: 'addTicket',
        params: { companyId: input.companyId },
        body: {
          id,
          companyId: input.companyId,
          requestTypeId: input.requestTypeId,
          ticketDescription: description,
          requestedBy: row.requestedBy,
        },
        entity: 'supportTickets',
        entityId: id,
        change: { kind: 'put', row: { ...row } },
        ifMatch: false,
        label: `New ticket: ${row.summary}`,
      });
      await queueAttachments(db, input.companyId, id, input.files, now);
    });
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    const size = input.files.reduce((sum, item) => sum + item.blob.size, 0);
    return { ok: false, field: 'files', problem: noRoomMessage(size, null) };
  }
  return { ok: true, id };
}

/** Queues a comment on a ticket, with its attachments, all or nothing. */
export async function addTicketComment(
  db: AppDb,
  input: { ticket: SupportTicketRow; comment: string; writer: TicketWriter; files: readonly TicketFile[] },
  options: { storage?: StorageEstimator; now?: Date } = {},
): Promise<TicketWriteResult> {
  const problem = commentProblem(input.comment);
  if (problem) return { ok: false, field: 'comment', problem };
  const noRoom = await filesProblem(input.files, options.storage);
  if (noRoom) return { ok: false, field: 'files', problem: noRoom };
  const { ticket } = input;
  const id = randomId();
  const now = (options.now ?? new Date()).toISOString();
  const row: TicketCommentRow = {
    id,
    companyId: ticket.companyId,
    version: 0,
    updatedAt: now,
    ticketId: ticket.id,
    body: input.comment.trim(),
    createdBy: input.writer.id,
    createdByName: input.writer.name,
    createdAt: now,
  };
  try {
    await db.transaction('rw', tablesOf(db), async () => {
      await enqueue(db, {
        companyId: ticket.companyId,
        write: 'addTicketComment',
        params: { companyId: ticket.companyId },
        body: { id, ticketId: ticket.id, comment: row.body },
        entity: 'ticketComments',
        entityId: id,
        change: { kind: 'put', row: { ...row } },
        ifMatch: false,
        label: `Comment on ${ticket.jiraIssueId || 'a new ticket'}`,
      });
      await queueAttachments(db, ticket.companyId, ticket.id, input.files, now);
    });
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    const size = input.files.reduce((sum, item) => sum + item.blob.size, 0);
    return { ok: false, field: 'files', problem: noRoomMessage(size, null) };
  }
  return { ok: true, id };
}

/** Queues the cancellation of a ticket the server has numbered (If-Match: the version the user saw). */
export async function cancelTicket(db: AppDb, ticket: SupportTicketRow): Promise<void> {
  if (!ticket.jiraIssueId) throw new Error('A ticket not sent yet cannot be cancelled');
  if (!canCancelTicket(ticket.status))
    throw new Error(`A ticket that is ${ticket.status} cannot be cancelled`);
  await enqueue(db, {
    companyId: ticket.companyId,
    write: 'cancelTicket',
    params: { companyId: ticket.companyId },
    query: { jiraIssueId: ticket.jiraIssueId },
    entity: 'supportTickets',
    entityId: ticket.id,
    change: { kind: 'patch', fields: { status: 'Cancelled' } },
    label: `Cancel ${ticket.jiraIssueId}`,
  });
}
