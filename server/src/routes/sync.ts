import { Type } from 'typebox';
import type { App, AppDeps } from '../http/types';
import { callerOf, companyOf } from '../auth/access';
import { parseCursor, readChanges } from '../sync/changeFeed';

const MAX_PAGE = 5000;
const DEFAULT_PAGE = 1000;

/** `GET /api/sync/{companyId}/changes`: the change feed of one company (docs/architecture.md §4). */
export async function syncRoutes(app: App, { db }: AppDeps): Promise<void> {
  app.get(
    '/api/sync/:companyId/changes',
    {
      config: { access: { company: { from: 'param', name: 'companyId' } } },
      schema: {
        params: Type.Object({ companyId: Type.Integer({ minimum: 1 }) }),
        querystring: Type.Object(
          {
            since: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}(@[0-9]{1,18})?$' })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE })),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const since = request.query.since === undefined ? null : parseCursor(request.query.since);
      const caller = callerOf(request);
      return readChanges(db, {
        companyId: companyOf(request).id,
        viewer: {
          userId: caller.userId,
          isConsultant: caller.roles.isConsultant,
          isLimitedClient: caller.roles.isLimitedClient,
        },
        since,
        limit: request.query.limit ?? DEFAULT_PAGE,
      });
    },
  );
}
