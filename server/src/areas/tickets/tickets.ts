// Support tickets (spec 000 §7 Company support, spec 001 §7 Support tickets), each call also under
// /api/companies/:companyId: the list (mine or all), one ticket's details, the request types and attachment
// downloads here; create, comment, cancel and attachments in ticketWrites.ts. Every call needs support access (the
// `tickets` area rule, 403 otherwise); another company's ticket or attachment is a 404.
import { and, asc, desc, eq, isNull, or } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { companyOf } from '../../auth/access';
import type { RouteAccess } from '../../auth/access';
import { supportRequestTypes, supportTickets, ticketAttachments, ticketComments } from '../../db/schema';
import { notFound } from '../../errors';
import { CompanyId } from '../../http/commonSchemas';
import { sendStoredFile } from '../../files/download';
import { createFileStore } from '../../files/store';
import { findTicket } from '../../support/ticketService';
import { trackerFromEnv } from '../../support/tracker';
import type { TicketTracker } from '../../support/tracker';
import { publicAttachment, withSlash } from './ticketRows';
import { ticketWriteRoutes } from './ticketWrites';
import { CompanyScopeParams, twinRoutes } from '../../http/twinRoutes';

const BASE = '/company_support';

const ListQuery = Type.Object(
  {
    userId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    requestedBy: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

const TicketParams = Type.Object(
  { companyId: Type.Optional(CompanyId), jiraIssueId: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
);

const DownloadQuery = Type.Object(
  {
    contentUrl: Type.String({ minLength: 1, maxLength: 200 }),
    mimeType: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

/** Registers the ticket routes; `tracker` defaults to the embedded one. */
export async function ticketRoutes(app: App, deps: AppDeps & { tracker?: TicketTracker }): Promise<void> {
  const { db } = deps;
  const store = createFileStore(deps.config.filesDir);

  for (const route of withSlash(twinRoutes(`${BASE}/ticket`, { area: 'tickets' }))) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: ListQuery } },
      async (request) => {
        const { userId, requestedBy } = request.query;
        return db
          .select()
          .from(supportTickets)
          .where(
            and(
              eq(supportTickets.companyId, companyOf(request).id),
              userId === undefined ? undefined : eq(supportTickets.createdBy, userId),
              requestedBy === undefined ? undefined : eq(supportTickets.requestedBy, requestedBy),
            ),
          )
          .orderBy(desc(supportTickets.createdAt), desc(supportTickets.jiraIssueId));
      },
    );
  }

  for (const route of twinRoutes(`${BASE}/ticket/:jiraIssueId/details`, { area: 'tickets' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: TicketParams } },
      async (request) => {
        const ticket = await findTicket(db, companyOf(request).id, {
          jiraIssueId: request.params.jiraIssueId,
        });
        const [comments, attachments] = await Promise.all([
          db
            .select()
            .from(ticketComments)
            .where(eq(ticketComments.ticketId, ticket.id))
            .orderBy(asc(ticketComments.createdAt)),
          db
            .select()
            .from(ticketAttachments)
            .where(and(eq(ticketAttachments.ticketId, ticket.id), eq(ticketAttachments.isTemporary, false)))
            .orderBy(asc(ticketAttachments.createdAt)),
        ]);
        return { ...ticket, comments, attachments: attachments.map(publicAttachment) };
      },
    );
  }

  // The spec's path names the company (`request_types/{id}`); the twin names it in its prefix.
  const typeRoutes = [
    {
      url: `/api${BASE}/request_types/:companyId`,
      access: { company: { from: 'param', name: 'companyId' }, area: 'tickets' } satisfies RouteAccess,
    },
    ...twinRoutes(`${BASE}/request_types`, { area: 'tickets' }).slice(1),
  ];
  for (const route of typeRoutes) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: Type.Object({ companyId: CompanyId }) } },
      async (request) =>
        db
          .select({ id: supportRequestTypes.id, name: supportRequestTypes.name })
          .from(supportRequestTypes)
          .where(
            or(
              isNull(supportRequestTypes.companyId),
              eq(supportRequestTypes.companyId, companyOf(request).id),
            ),
          )
          .orderBy(asc(supportRequestTypes.name)),
    );
  }

  // Only the caller's own company's attachments (the access hook resolves the company; the lookup is scoped to it).
  for (const route of twinRoutes(`${BASE}/download_attachment`, { area: 'tickets' })) {
    app.get(
      route.url,
      {
        config: { access: route.access },
        schema: { params: CompanyScopeParams, querystring: DownloadQuery },
      },
      async (request, reply) => {
        const [attachment] = await db
          .select()
          .from(ticketAttachments)
          .where(
            and(
              eq(ticketAttachments.contentUrl, request.query.contentUrl),
              eq(ticketAttachments.companyId, companyOf(request).id),
            ),
          );
        if (!attachment) throw notFound('No such attachment');
        return sendStoredFile(request, reply, store, attachment);
      },
    );
  }

  await ticketWriteRoutes(app, { db, store, tracker: deps.tracker ?? trackerFromEnv(process.env) });
}
