// What the ticket routes share: an attachment as the API and the feed show it (no storage key, which never leaves the
// server), and the reading of a multipart attachment form's own fields.
import type { RouteAccess } from '../../auth/access';
import type { ticketAttachments } from '../../db/schema';
import type { FieldErrors } from '../../errors';

/** A stored attachment row. */
export type TicketAttachment = typeof ticketAttachments.$inferSelect;

/** An attachment as answered: every column but the storage key. */
export type PublicTicketAttachment = Omit<TicketAttachment, 'storageKey'>;

/** The row as answered. */
export function publicAttachment(row: TicketAttachment): PublicTicketAttachment {
  const { storageKey: _key, ...rest } = row;
  return rest;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The fields of an attachment form besides its file: the device's id, and the ticket it belongs to at once. */
export interface AttachmentInput {
  id?: string;
  ticketId?: string;
  accountNumber?: string;
}

/** A multipart form's text fields read as an attachment's fields; wrong shapes become field errors. */
export function attachmentInputOfForm(
  fields: Readonly<Record<string, string>>,
  errors: FieldErrors,
): AttachmentInput {
  const input: AttachmentInput = {};
  for (const name of ['id', 'ticketId'] as const) {
    const value = fields[name];
    if (value === undefined || value === '') continue;
    if (UUID.test(value)) input[name] = value.toLowerCase();
    else errors[name] = 'must be a UUID';
  }
  const accountNumber = fields.accountNumber?.trim();
  if (accountNumber) {
    if (accountNumber.length <= 100) input.accountNumber = accountNumber;
    else errors.accountNumber = 'must be at most 100 characters';
  }
  return input;
}

/** The spec's paths sometimes end in a slash before the query (`cancel_ticket/?jiraIssueId`): both are served. */
export function withSlash(routes: readonly { url: string; access: RouteAccess }[]) {
  return routes.flatMap((route) => [route, { ...route, url: `${route.url}/` }]);
}
