// Support ticket writes (spec 000 §7 Company support): create, comment, cancel, and attachments in the spec's two
// steps (temporary_attachment, then finalize_attachments) or in one (an upload naming its ticket, which is how the
// device's queued uploads go). Each is a synced write — idempotent by key, versioned, If-Match on cancel — so the
// outbox can replay it exactly once, and each has its consultant twin. Attachments follow the file rules of company
// documents (server/src/files/upload.ts): the same size, name and content checks.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../http/types';
import { callerOf, companyOf } from '../../auth/access';
import type { Db } from '../../db/client';
import { supportTickets, ticketAttachments, ticketComments } from '../../db/schema';
import { badRequest } from '../../errors';
import type { FieldErrors } from '../../errors';
import { CompanyId, UuidString } from '../../http/commonSchemas';
import { sendWriteResult } from '../../http/writeReply';
import { assertNewIds } from '../../http/newIds';
import { storeUpload, withStoredFile } from '../../files/storedWrite';
import type { FileStore } from '../../files/store';
import { UPLOAD_BODY_LIMIT, readMultipartUpload } from '../../files/upload';
import { assertVersion } from '../../sync/syncedWrite';
import { applyWrite, runWrite, syncedWriteRoute } from '../../sync/writeRoute';
import type { WriteAccess, WriteHandler } from '../../sync/writeRoute';
import { createSupportTicket, findTicket } from '../../support/ticketService';
import type { TicketTracker } from '../../support/tracker';
import {
  MAX_TICKET_FILES,
  canCancelTicket,
  canCommentOnTicket,
  commentProblem,
} from '../../../../src/domain/tickets';
import { callerName } from '../contracts/documentRows';
import { attachmentInputOfForm, publicAttachment } from './ticketRows';
import { CompanyScopeParams, twinRoutes } from '../../http/twinRoutes';
import { CancelTicketQuery, JiraIssueId } from '../../../../src/domain/writeBodies';

const BASE = '/company_support';

const FinalizeBody = Type.Object(
  {
    ticketId: Type.Optional(UuidString),
    jiraIssueId: Type.Optional(JiraIssueId),
    attachmentIds: Type.Array(UuidString, { minItems: 1, maxItems: MAX_TICKET_FILES, uniqueItems: true }),
  },
  { additionalProperties: false },
);

const CancelSchema = { params: CompanyScopeParams, querystring: CancelTicketQuery };

/** A queued ticket write: the spec's client form acts on the caller's company. */
const TICKETS: WriteAccess = { area: 'tickets', clientForm: { from: 'caller' } };

function ticketRef(body: { ticketId?: string; jiraIssueId?: string }): { id?: string; jiraIssueId?: string } {
  if (!body.ticketId && !body.jiraIssueId)
    throw badRequest('Some fields are not valid', { 'body.ticketId': 'or jiraIssueId is required' });
  return body.ticketId ? { id: body.ticketId } : { jiraIssueId: body.jiraIssueId };
}

/** Registers create, comment, cancel and the attachment calls with their twins. */
export async function ticketWriteRoutes(
  app: App,
  { db, store, tracker }: { db: Db; store: FileStore; tracker: TicketTracker },
) {
  syncedWriteRoute(app, 'addTicket', TICKETS, { params: CompanyScopeParams }, async (request, reply) => {
    const company = companyOf(request);
    const caller = callerOf(request);
    if (request.body.companyId !== undefined && request.body.companyId !== company.id)
      throw badRequest('Some fields are not valid', {
        'body.companyId': 'is not the company of this call',
      });
    const author = { userId: caller.userId, name: await callerName(db, caller) };
    return applyWrite(db, request, reply, async ({ tx, version }) => {
      const scope = { companyId: company.id, companyName: company.name, version };
      const row = await createSupportTicket(tx, tracker, scope, author, request.body);
      return { statusCode: 201, body: row };
    });
  });

  syncedWriteRoute(
    app,
    'addTicketComment',
    TICKETS,
    { params: CompanyScopeParams },
    async (request, reply) => {
      const problem = commentProblem(request.body.comment);
      if (problem) throw badRequest('Some fields are not valid', { 'body.comment': problem });
      const ref = ticketRef(request.body);
      const name = await callerName(db, callerOf(request));
      return applyWrite(db, request, reply, async ({ tx, version, companyId, userId }) => {
        const ticket = await findTicket(tx, companyId, ref);
        if (!canCommentOnTicket(ticket.status))
          throw badRequest('A cancelled ticket takes no comments', {
            'body.comment': 'ticket is cancelled',
          });
        const id = request.body.id?.toLowerCase();
        await assertNewIds(tx, ticketComments, [{ field: 'body.id', value: id }]);
        const body = request.body.comment.trim();
        await tracker.addComment(ticket.jiraIssueId, body, name ?? 'GET Energy Portal');
        const [row] = await tx
          .insert(ticketComments)
          .values({
            ...(id ? { id } : {}),
            companyId,
            version,
            ticketId: ticket.id,
            body,
            createdBy: userId,
            createdByName: name,
          })
          .returning();
        if (!row) throw new Error('insert returned no comment');
        return { statusCode: 201, body: row };
      });
    },
  );

  const cancel: WriteHandler<typeof CancelSchema> = async (request, reply) =>
    applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
      const ticket = await findTicket(tx, companyId, { jiraIssueId: request.query.jiraIssueId });
      assertVersion(ticket, expected);
      if (!canCancelTicket(ticket.status))
        throw badRequest(`A ticket that is ${ticket.status} cannot be cancelled`, {
          status: ticket.status,
        });
      await tracker.cancelIssue(ticket.jiraIssueId);
      const [row] = await tx
        .update(supportTickets)
        .set({ status: 'Cancelled', version, updatedAt: sql`now()` })
        .where(eq(supportTickets.id, ticket.id))
        .returning();
      return { statusCode: 200, body: row };
    });
  syncedWriteRoute(app, 'cancelTicket', TICKETS, { params: CompanyScopeParams }, cancel);
  // The spec's `cancel_ticket/?jiraIssueId`: both forms answer with the trailing slash too.
  for (const route of twinRoutes(`${BASE}/cancel_ticket/`, { area: 'tickets' })) {
    app.post(route.url, { config: { access: route.access }, schema: CancelSchema }, cancel);
  }

  // The spec's client form names the company in the query (`temporary_attachment?companyId`).
  syncedWriteRoute(
    app,
    'addTicketAttachment',
    { area: 'tickets', clientForm: { from: 'query', name: 'companyId' } },
    {
      params: CompanyScopeParams,
      querystring: Type.Object({ companyId: Type.Optional(CompanyId) }, { additionalProperties: false }),
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw badRequest('Send the attachment as a multipart form', { file: 'is required' });
      const upload = await readMultipartUpload(request);
      const fields: FieldErrors = {};
      const input = attachmentInputOfForm(upload.fields, fields);
      if (Object.keys(fields).length > 0) throw badRequest('Some fields are not valid', fields);
      const id = input.id ?? randomUUID();
      const file = await storeUpload(store, 'ticket-attachments', companyOf(request).id, upload);
      const result = await withStoredFile(store, file, () =>
        runWrite(db, request, async ({ tx, version, companyId }) => {
          await assertNewIds(tx, ticketAttachments, [{ field: 'id', value: id }]);
          const ticket = input.ticketId ? await findTicket(tx, companyId, { id: input.ticketId }) : null;
          if (ticket && !canCommentOnTicket(ticket.status))
            throw badRequest('A cancelled ticket takes no attachments', {
              ticketId: 'ticket is cancelled',
            });
          const [row] = await tx
            .insert(ticketAttachments)
            .values({
              id,
              companyId,
              version,
              ticketId: ticket?.id ?? null,
              accountNumber: input.accountNumber ?? null,
              ...file,
              contentUrl: `ticket-attachment-${id}`,
              isTemporary: ticket === null,
            })
            .returning();
          if (!row) throw new Error('insert returned no attachment');
          return { statusCode: 201, body: publicAttachment(row) };
        }),
      );
      return sendWriteResult(reply, result);
    },
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );

  // The spec's second step; the device uploads into its ticket in one step and never queues this one.
  for (const route of twinRoutes(`${BASE}/finalize_attachments`, { area: 'tickets' })) {
    app.post(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, body: FinalizeBody } },
      async (request, reply) => {
        const ref = ticketRef(request.body);
        const ids = request.body.attachmentIds.map((id) => id.toLowerCase());
        return applyWrite(db, request, reply, async ({ tx, version, companyId }) => {
          const ticket = await findTicket(tx, companyId, ref);
          if (!canCommentOnTicket(ticket.status))
            throw badRequest('A cancelled ticket takes no attachments', {
              'body.ticketId': 'ticket is cancelled',
            });
          const rows = await tx
            .update(ticketAttachments)
            .set({ ticketId: ticket.id, isTemporary: false, version, updatedAt: sql`now()` })
            .where(
              and(
                inArray(ticketAttachments.id, ids),
                eq(ticketAttachments.companyId, companyId),
                eq(ticketAttachments.isTemporary, true),
              ),
            )
            .returning();
          // All or none: a missing id rolls the others back with the version.
          if (rows.length !== ids.length)
            throw badRequest('Some fields are not valid', {
              'body.attachmentIds': 'must name temporary attachments of this company',
            });
          return { statusCode: 200, body: { ticketId: ticket.id, attachments: rows.map(publicAttachment) } };
        });
      },
    );
  }
}
