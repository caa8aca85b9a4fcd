// The support pages' reads (docs/architecture.md §14 Support): the company's tickets as synced, and one ticket with
// its comments and attachments, each with the state of its queued writes, whether an attachment's file is kept on the
// device, and the file of an upload not sent yet.
import type { OutboxStatus } from '../../domain/sync';
import { keptKeys } from '../keptFiles';
import type { SupportTicketRow, TicketAttachmentRow, TicketCommentRow } from '../rows';
import type { AppDb } from '../schema';
import { queuedUploadFiles, queuedWrites } from './queuedWrites';

/** The key an attachment's file is kept under on the device. */
export function attachmentFileKey(attachmentId: string): string {
  return `ticket-attachments/${attachmentId}`;
}

/** Newest first; server rows carry PostgreSQL's timestamp text and device rows ISO text, so compared as times. */
function byNewest<T extends { createdAt: string }>(a: T, b: T): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt);
}

/** A ticket as the list shows it. */
export interface TicketListItem {
  ticket: SupportTicketRow;
  queued: OutboxStatus | undefined;
  commentCount: number;
  attachmentCount: number;
}

/** The company's tickets, newest first, with their queued state and how many comments and files they have. */
export async function ticketList(db: AppDb, companyId: number): Promise<TicketListItem[]> {
  const [tickets, comments, attachments] = await Promise.all([
    db.supportTickets.where('companyId').equals(companyId).toArray(),
    db.ticketComments.where('companyId').equals(companyId).toArray(),
    db.ticketAttachments.where('companyId').equals(companyId).toArray(),
  ]);
  tickets.sort((a, b) => byNewest(a, b) || b.jiraIssueId.localeCompare(a.jiraIssueId));
  const count = (rows: readonly { ticketId: string | null }[]) => {
    const counts = new Map<string, number>();
    for (const row of rows) if (row.ticketId) counts.set(row.ticketId, (counts.get(row.ticketId) ?? 0) + 1);
    return counts;
  };
  const commentCounts = count(comments);
  const attachmentCounts = count(attachments.filter((row) => !row.isTemporary));
  const queued = await queuedWrites(
    db,
    tickets.map((ticket): [string, string] => ['supportTickets', ticket.id]),
  );
  return tickets.map((ticket) => ({
    ticket,
    queued: queued[`supportTickets:${ticket.id}`],
    commentCount: commentCounts.get(ticket.id) ?? 0,
    attachmentCount: attachmentCounts.get(ticket.id) ?? 0,
  }));
}

/** An attachment as the ticket page lists it. */
export interface AttachmentItem {
  attachment: TicketAttachmentRow;
  queued: OutboxStatus | undefined;
  isKept: boolean;
  /** The queued upload's file, while it has not reached the server. */
  queuedFileId: string | null;
}

/** One ticket with everything its page shows. */
export interface TicketDetail {
  ticket: SupportTicketRow;
  queued: OutboxStatus | undefined;
  comments: { comment: TicketCommentRow; queued: OutboxStatus | undefined }[];
  attachments: AttachmentItem[];
}

/**
 * A ticket of the company by its tracker id (`GET-1042`) or, for one not sent yet, its row id; null when the device
 * has no such ticket.
 */
export async function ticketDetail(db: AppDb, companyId: number, ref: string): Promise<TicketDetail | null> {
  const byTracker = ref ? await db.supportTickets.where('jiraIssueId').equals(ref).toArray() : [];
  const ticket =
    byTracker.find((row) => row.companyId === companyId) ??
    (await db.supportTickets.get(ref).then((row) => (row?.companyId === companyId ? row : undefined)));
  if (!ticket) return null;
  const [comments, attachments] = await Promise.all([
    db.ticketComments.where('ticketId').equals(ticket.id).toArray(),
    db.ticketAttachments.where('ticketId').equals(ticket.id).toArray(),
  ]);
  comments.sort((a, b) => -byNewest(a, b));
  const visible = attachments.filter((row) => !row.isTemporary).sort((a, b) => -byNewest(a, b));
  const [queued, kept, files] = await Promise.all([
    queuedWrites(db, [
      ['supportTickets', ticket.id],
      ...comments.map((row): [string, string] => ['ticketComments', row.id]),
      ...visible.map((row): [string, string] => ['ticketAttachments', row.id]),
    ]),
    keptKeys(
      db,
      visible.map((row) => attachmentFileKey(row.id)),
    ),
    queuedUploadFiles(
      db,
      'ticketAttachments',
      visible.map((row) => row.id),
    ),
  ]);
  return {
    ticket,
    queued: queued[`supportTickets:${ticket.id}`],
    comments: comments.map((comment) => ({ comment, queued: queued[`ticketComments:${comment.id}`] })),
    attachments: visible.map((attachment) => ({
      attachment,
      queued: queued[`ticketAttachments:${attachment.id}`],
      isKept: kept.has(attachmentFileKey(attachment.id)),
      queuedFileId: files.get(attachment.id) ?? null,
    })),
  };
}
