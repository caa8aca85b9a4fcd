// Company calls of the first spec document §7: the company record, profile, support flag and configuration.
// Authorization is declared per route and decided by the access hook (auth/access.ts); handlers only read.
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { companyOf } from '../../auth/access';
import { CompanyId } from '../../http/commonSchemas';
import { companyCustomConfiguration, companyProfiles } from '../../db/schema';
import { notFound } from '../../errors';
import { gridSettingsRoutes } from './gridSettings';

const IdParams = Type.Object({ id: CompanyId }, { additionalProperties: false });
const CompanyIdQuery = Type.Object({ companyId: CompanyId }, { additionalProperties: false });

/** Registers the company routes: record, profile, support flag, configuration, grid settings, attributes, tags. */
export function companyRoutes(app: App, deps: AppDeps): Promise<void> {
  const { db } = deps;

  app.get(
    '/api/companies/:id',
    { config: { access: { company: { from: 'param', name: 'id' } } }, schema: { params: IdParams } },
    // The access hook loaded the row to decide; it is the answer as well.
    (request) => companyOf(request),
  );

  app.get(
    '/api/company/:id/profile',
    { config: { access: { company: { from: 'param', name: 'id' } } }, schema: { params: IdParams } },
    async (request) => {
      const [profile] = await db
        .select()
        .from(companyProfiles)
        .where(eq(companyProfiles.companyId, companyOf(request).id));
      if (!profile) throw notFound('This company has no profile');
      return profile;
    },
  );

  // The spec calls it with a trailing slash (`company_support/enabled/?companyId`); both spellings answer.
  for (const path of ['/api/company_support/enabled', '/api/company_support/enabled/']) {
    app.get(
      path,
      {
        config: { access: { company: { from: 'query', name: 'companyId' } } },
        schema: { querystring: CompanyIdQuery },
      },
      (request) => ({ enabled: companyOf(request).companyHasSupportAccess }),
    );
  }

  app.get(
    '/api/company/:id/customConfiguration',
    { config: { access: { company: { from: 'param', name: 'id' } } }, schema: { params: IdParams } },
    async (request) => {
      const [row] = await db
        .select({ configuration: companyCustomConfiguration.configuration })
        .from(companyCustomConfiguration)
        .where(eq(companyCustomConfiguration.companyId, companyOf(request).id));
      // A company nobody configured uses the defaults: an empty object, not a 404.
      return row?.configuration ?? {};
    },
  );

  gridSettingsRoutes(app, deps);
  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
