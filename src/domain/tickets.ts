// Support ticket rules (spec 000 §3 Support ticket, §8 texts; spec 001 §3, §7 Support tickets), shared by the server's
// routes, the device's queued writes and the pages, so a ticket the device accepts is one the server accepts.

/** The spec's texts of ticket creation (spec 000 §8), used exactly. */
export const TICKET_TEXTS = {
  createdTitle: 'Ticket Created',
  createdMessage: 'Your support ticket has been successfully created!',
  createError: 'An error occurred while creating the support ticket. Please try again.',
} as const;

/** The workflow of a ticket, in order, then the state a cancelled one ends in. */
export const TICKET_STATUSES = ['Received', 'In Progress', 'Pending', 'Done', 'Cancelled'] as const;

/** A ticket's status. */
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Longest description and comment accepted, in characters. */
export const MAX_TICKET_TEXT = 10_000;

/** Longest "requested by" accepted, in characters. */
export const MAX_REQUESTED_BY = 200;

/** Most attachments one ticket or comment sends at once. */
export const MAX_TICKET_FILES = 5;

/** The summary shown in lists: the description's first line, cut at 80 characters on a word. */
export function ticketSummary(description: string): string {
  const firstLine = description.trim().split(/\r?\n/, 1)[0]?.trim() ?? '';
  if (firstLine.length <= 80) return firstLine;
  const cut = firstLine.slice(0, 80);
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** What a new ticket needs (the body of `POST company_support/ticket`, spec 000 §7). */
export interface NewTicketInput {
  requestTypeId: string;
  ticketDescription: string;
  requestedBy: string;
}

/** Field problems of a new ticket by field name; empty when it may be sent. */
export function newTicketProblems(input: NewTicketInput): Partial<Record<keyof NewTicketInput, string>> {
  const problems: Partial<Record<keyof NewTicketInput, string>> = {};
  if (input.requestTypeId.trim() === '') problems.requestTypeId = 'is required';
  const description = input.ticketDescription.trim();
  if (description === '') problems.ticketDescription = 'is required';
  else if (description.length > MAX_TICKET_TEXT)
    problems.ticketDescription = `must be at most ${MAX_TICKET_TEXT.toLocaleString('en-US')} characters`;
  const requestedBy = input.requestedBy.trim();
  if (requestedBy === '') problems.requestedBy = 'is required';
  else if (requestedBy.length > MAX_REQUESTED_BY)
    problems.requestedBy = `must be at most ${MAX_REQUESTED_BY} characters`;
  return problems;
}

/** The problem of a comment, or null when it may be sent. */
export function commentProblem(body: string): string | null {
  const text = body.trim();
  if (text === '') return 'is required';
  if (text.length > MAX_TICKET_TEXT)
    return `must be at most ${MAX_TICKET_TEXT.toLocaleString('en-US')} characters`;
  return null;
}

/** Whether a ticket in this status may still be cancelled (a finished or cancelled one may not). */
export function canCancelTicket(status: string): boolean {
  return status !== 'Done' && status !== 'Cancelled';
}

/** Whether a ticket in this status still takes comments (a cancelled one does not). */
export function canCommentOnTicket(status: string): boolean {
  return status !== 'Cancelled';
}

/** The list filter of `GET company_support/ticket/?userId&requestedBy`: the caller's own tickets, or all. */
export type TicketScope = 'mine' | 'all';

/** Whether a ticket shows under a scope for a user. */
export function isInScope(ticket: { createdBy: number | null }, scope: TicketScope, userId: number): boolean {
  return scope === 'all' || ticket.createdBy === userId;
}

/** The tracker id of ticket number `n` (`GET-1042`). */
export function trackerId(prefix: string, n: number): string {
  return `${prefix}-${n}`;
}

/** Whether a text looks like a tracker id (`GET-1042`, `SUP-7`). */
export function isTrackerId(text: string): boolean {
  return /^[A-Z][A-Z0-9_]{0,9}-[0-9]{1,9}$/.test(text);
}
