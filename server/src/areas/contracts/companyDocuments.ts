// Company documents (spec 001 §3 Document, §7 Contracts and documents), each call also under
// /api/companies/:companyId: the list, the document types and the download here; add, update and delete in
// companyDocumentWrites.ts. Documents belong to the Contracts area (limited clients get 403), and a document a
// consultant keeps for the consultancy is for consultants only: 404 to anyone else, and never in a client's feed.
import { and, desc, eq } from 'drizzle-orm';
import type { App, AppDeps } from '../../http/types';
import { callerOf, companyOf } from '../../auth/access';
import { companyDocuments } from '../../db/schema';
import { sendStoredFile } from '../../files/download';
import { createFileStore } from '../../files/store';
import { DOCUMENT_TYPES } from '../../../../src/domain/documents';
import { companyDocumentWriteRoutes } from './companyDocumentWrites';
import { findDocument, publicDocument } from './companyDocumentRows';
import { CompanyScopeParams, EntityScopeParams, twinRoutes } from '../../http/twinRoutes';

const BASE = '/contracts/company_documents';

/** Registers every company document route with its consultant twin. */
export async function companyDocumentRoutes(app: App, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const store = createFileStore(deps.config.filesDir);

  // The spec names the call "list"; the bare path answers the same.
  for (const path of [BASE, `${BASE}/list`]) {
    for (const route of twinRoutes(path, { area: 'contracts' })) {
      app.get(
        route.url,
        { config: { access: route.access }, schema: { params: CompanyScopeParams } },
        async (request) => {
          const caller = callerOf(request);
          const rows = await db
            .select()
            .from(companyDocuments)
            .where(
              and(
                eq(companyDocuments.companyId, companyOf(request).id),
                caller.roles.isConsultant ? undefined : eq(companyDocuments.isConsultant, false),
              ),
            )
            .orderBy(desc(companyDocuments.createdAt), companyDocuments.fileName);
          return rows.map(publicDocument);
        },
      );
    }
  }

  for (const route of twinRoutes(`${BASE}/types`, { area: 'contracts' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams } },
      async () => [...DOCUMENT_TYPES],
    );
  }

  for (const route of twinRoutes(`${BASE}/:id/download`, { entity: 'companyDocuments', area: 'contracts' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams } },
      async (request, reply) => {
        const document = await findDocument(db, companyOf(request).id, request.params.id, callerOf(request));
        return sendStoredFile(request, reply, store, document);
      },
    );
  }

  await companyDocumentWriteRoutes(app, { db, store });
}
