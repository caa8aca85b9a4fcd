// A user's saved grid columns (first spec document §3, §7): read all, save one. Rows are per user and company,
// so a consultant keeps separate settings in each client company (the `/companies/:companyId` twins).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AppDeps } from '../../http/types';
import type { Db } from '../../db/client';
import { callerOf, companyOf } from '../../auth/access';
import { CompanyIdParams } from '../../http/commonSchemas';
import { gridSettings } from '../../db/schema';
import { badRequest } from '../../errors';
import { assertVersion } from '../../sync/syncedWrite';
import { applyWrite, syncedWriteRoute } from '../../sync/writeRoute';
import { CompanyScopeParams } from '../../http/twinRoutes';
import type { WriteBody } from '../../../../src/domain/syncedWrites';

type SaveGridSettings = WriteBody<'saveGridSettings'>;

const CALLER_COMPANY = { company: { from: 'caller' } } as const;
const PARAM_COMPANY = { company: { from: 'param', name: 'companyId' } } as const;

/** The caller's grid settings in the route's company. */
async function allGridSettings(db: Db, request: FastifyRequest) {
  return db
    .select()
    .from(gridSettings)
    .where(
      and(
        eq(gridSettings.userId, callerOf(request).userId),
        eq(gridSettings.companyId, companyOf(request).id),
      ),
    )
    .orderBy(asc(gridSettings.gridName));
}

/** Upserts the caller's row for one grid; If-Match, when sent, must match the stored row's version. */
function saveGridSettings(db: Db, request: FastifyRequest, reply: FastifyReply, body: SaveGridSettings) {
  const gridName = body.gridName.trim();
  if (!gridName) throw badRequest('Grid name is required', { 'body.gridName': 'must not be blank' });
  return applyWrite(db, request, reply, async ({ tx, version, expected, companyId, userId }) => {
    const [existing] = await tx
      .select()
      .from(gridSettings)
      .where(
        and(
          eq(gridSettings.userId, userId),
          eq(gridSettings.companyId, companyId),
          eq(gridSettings.gridName, gridName),
        ),
      );
    // A first save has no version to compare; If-Match guards only an existing row.
    if (existing) assertVersion(existing, expected);
    const [row] = existing
      ? await tx
          .update(gridSettings)
          .set({ gridSettings: body.gridSettings, version, updatedAt: sql`now()` })
          .where(eq(gridSettings.id, existing.id))
          .returning()
      : await tx
          .insert(gridSettings)
          .values({ companyId, userId, gridName, gridSettings: body.gridSettings, version })
          .returning();
    return { statusCode: 200, body: row };
  });
}

/** `GET /api/user/allGridSettings`, `POST /api/user/saveGridSettings` and their `/companies/:companyId` twins. */
export function gridSettingsRoutes(app: App, { db }: AppDeps): void {
  app.get('/api/user/allGridSettings', { config: { access: CALLER_COMPANY } }, async (request) =>
    allGridSettings(db, request),
  );
  app.get(
    '/api/companies/:companyId/user/allGridSettings',
    { config: { access: PARAM_COMPANY }, schema: { params: CompanyIdParams } },
    async (request) => allGridSettings(db, request),
  );

  syncedWriteRoute(
    app,
    'saveGridSettings',
    { clientForm: { from: 'caller' } },
    { params: CompanyScopeParams },
    async (request, reply) => saveGridSettings(db, request, reply, request.body),
  );
}
