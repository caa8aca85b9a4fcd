import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { callerOf, companyOf } from '../../auth/access';
import { CompanyIdParams } from '../../http/commonSchemas';
import { CURSOR_PATTERN, parseCursor, readChanges } from '../../sync/changeFeed';
import { COLUMN_FORM, packPage } from '../../../../src/domain/feedColumns';

const MAX_PAGE = 5000;
const DEFAULT_PAGE = 1000;

/** `GET /api/sync/{companyId}/changes`: the change feed of one company (docs/architecture.md §4). */
export async function syncRoutes(app: App, { db }: AppDeps): Promise<void> {
  app.get(
    '/api/sync/:companyId/changes',
    {
      config: { access: { company: { from: 'param', name: 'companyId' } } },
      schema: {
        params: CompanyIdParams,
        querystring: Type.Object(
          {
            since: Type.Optional(Type.String({ pattern: CURSOR_PATTERN })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE })),
            // The column form (src/domain/feedColumns.ts), which the sync worker asks for; without it, rows.
            form: Type.Optional(Type.Literal(COLUMN_FORM)),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const since = request.query.since === undefined ? null : parseCursor(request.query.since);
      const caller = callerOf(request);
      // The company's flags as they are now (the access hook read its row for this request).
      const page = await readChanges(db, {
        reader: { roles: caller.roles, company: companyOf(request) },
        userId: caller.userId,
        since,
        limit: request.query.limit ?? DEFAULT_PAGE,
      });
      return request.query.form === COLUMN_FORM ? packPage(page) : page;
    },
  );
}
