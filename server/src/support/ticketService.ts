// Ticket writes as plain server functions (docs/architecture.md §14 Support), so every route that makes tickets — the
// ticket routes now, the chat assistant later — applies the same rules inside its own synced write.
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Tx } from '../db/tx';
import { supportRequestTypes, supportTickets } from '../db/schema';
import type { ticketComments } from '../db/schema';
import { assertNoProblems, badRequest, notFound } from '../errors';
import { assertNewIds } from '../http/newIds';
import { newTicketProblems, ticketSummary } from '../../../src/domain/tickets';
import type { TicketTracker } from './tracker';

/** A ticket row. */
export type TicketRow = typeof supportTickets.$inferSelect;
/** A comment row. */
export type TicketCommentRow = typeof ticketComments.$inferSelect;

/** Who writes: the user and their name as tickets show it. */
export interface TicketAuthor {
  userId: number;
  name: string | null;
}

/** A new ticket: the spec's body (`requestTypeId`, `ticketDescription`, `requestedBy`) and an optional device id. */
export interface NewTicket {
  id?: string;
  requestTypeId: string;
  ticketDescription: string;
  requestedBy: string;
}

/** The request type's name when the company may use it (its own, or one shared by every company); else a 400. */
async function requestTypeName(tx: Tx, companyId: number, id: string, prefix: string): Promise<string> {
  const [type] = await tx
    .select({ name: supportRequestTypes.name })
    .from(supportRequestTypes)
    .where(
      and(
        eq(supportRequestTypes.id, id.toLowerCase()),
        or(isNull(supportRequestTypes.companyId), eq(supportRequestTypes.companyId, companyId)),
      ),
    );
  if (!type)
    throw badRequest('Some fields are not valid', { [`${prefix}requestTypeId`]: 'is not a request type' });
  return type.name;
}

/**
 * Creates a ticket in the company at `version` (inside a synced write): checks the fields with the shared rules,
 * asks the tracker for its key, and inserts the row. `prefix` names the fields in errors (`body.`).
 */
export async function createSupportTicket(
  tx: Tx,
  tracker: TicketTracker,
  scope: { companyId: number; companyName: string; version: number },
  author: TicketAuthor,
  input: NewTicket,
  prefix = 'body.',
): Promise<TicketRow> {
  assertNoProblems(newTicketProblems(input), prefix);
  const requestType = await requestTypeName(tx, scope.companyId, input.requestTypeId, prefix);
  await assertNewIds(tx, supportTickets, [{ field: `${prefix}id`, value: input.id }]);
  const description = input.ticketDescription.trim();
  const summary = ticketSummary(description);
  const requestedBy = input.requestedBy.trim();
  const jiraIssueId = await tracker.createIssue(tx, {
    companyName: scope.companyName,
    requestType,
    summary,
    description,
    requestedBy,
  });
  const [row] = await tx
    .insert(supportTickets)
    .values({
      ...(input.id ? { id: input.id.toLowerCase() } : {}),
      companyId: scope.companyId,
      version: scope.version,
      jiraIssueId,
      requestType,
      summary,
      ticketDescription: description,
      requestedBy,
      createdBy: author.userId,
      createdByName: author.name,
    })
    .returning();
  if (!row) throw new Error('insert returned no ticket');
  return row;
}

/** A ticket of the company by its row id or its tracker id; 404 otherwise. */
export async function findTicket(tx: Db | Tx, companyId: number, ref: { id?: string; jiraIssueId?: string }) {
  const where = ref.id
    ? eq(supportTickets.id, ref.id.toLowerCase())
    : ref.jiraIssueId
      ? eq(supportTickets.jiraIssueId, ref.jiraIssueId)
      : undefined;
  const [row] = where
    ? await tx
        .select()
        .from(supportTickets)
        .where(and(where, eq(supportTickets.companyId, companyId)))
    : [];
  if (!row) throw notFound('No such ticket');
  return row;
}
