// Open/close reads of spec 001 §7: GET opencloseaccounts/{companyId} (and the consultant twin
// /companies/{companyId}/opencloseaccounts), GET getOpenCloseAccountNotes/{id} and the request's PDF,
// GET /opencloseaccounts/{id}/download. The pages read the synced rows on the device; these serve API users, the chat
// assistant and the download. Every route needs the area (openCloseAccess, not a limited client), as the page does.
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { companyOf } from '../../auth/access';
import { CompanyId } from '../../http/commonSchemas';
import { companyRequests, requestEvents, requestInCompany, requestNotes } from './openCloseRows';
import { openClosePdf, openClosePdfName } from './openClosePdf';
import { EntityScopeParams } from '../../http/twinRoutes';

const AREA = 'opencloseaccounts' as const;
const ListParams = Type.Object({ companyId: CompanyId }, { additionalProperties: false });

/** Registers the open/close reads and the download. */
export function openCloseRoutes(app: App, { db }: AppDeps): Promise<void> {
  for (const url of ['/api/opencloseaccounts/:companyId', '/api/companies/:companyId/opencloseaccounts']) {
    app.get(
      url,
      {
        config: { access: { company: { from: 'param', name: 'companyId' }, area: AREA } },
        schema: { params: ListParams },
      },
      async (request) => companyRequests(db, companyOf(request).id),
    );
  }

  app.get(
    '/api/getOpenCloseAccountNotes/:id',
    {
      config: {
        access: { company: { from: 'entity', entity: 'openCloseRequests', param: 'id' }, area: AREA },
      },
      schema: { params: EntityScopeParams },
    },
    async (request) => {
      const { request: row } = await requestInCompany(db, companyOf(request).id, request.params.id);
      return requestNotes(db, row.id);
    },
  );

  app.get(
    '/api/opencloseaccounts/:id/download',
    {
      config: {
        access: { company: { from: 'entity', entity: 'openCloseRequests', param: 'id' }, area: AREA },
      },
      schema: { params: EntityScopeParams },
    },
    async (request, reply) => {
      const company = companyOf(request);
      const found = await requestInCompany(db, company.id, request.params.id);
      const [notes, events] = await Promise.all([
        requestNotes(db, found.request.id),
        requestEvents(db, found.request.id),
      ]);
      const pdf = await openClosePdf({ ...found, companyName: company.name, notes, events });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${openClosePdfName(found)}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
  return Promise.resolve();
}
