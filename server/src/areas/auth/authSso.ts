import type { FastifyBaseLogger } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { notFound, unauthorized } from '../../errors';
import { findCompanyUserByEmail } from '../../auth/credentials';
import { rateLimitsFor } from '../../auth/rateLimits';
import { RequestIdCache, emailOfProfile, findSsoClient, samlFor } from '../../auth/saml';
import type { SsoClient } from '../../auth/saml';
import { setRefreshCookie, startSession } from '../../auth/sessions';
import type { Db } from '../../db/client';

const CLIENT_UNKNOWN = 'Client does not exist';
const SSO_FAILED = 'Single sign-on failed';
const FORM = 'application/x-www-form-urlencoded';

const ClientParams = Type.Object(
  { clientId: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

/** The user a SAML response signs in, or null when it is invalid or names nobody of the client's company. */
async function userOfResponse(
  db: Db,
  saml: ReturnType<typeof samlFor>,
  client: SsoClient,
  samlResponse: string,
  log: FastifyBaseLogger,
) {
  try {
    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
    const email = profile ? emailOfProfile(profile) : null;
    const user = email ? await findCompanyUserByEmail(db, email, client.companyId) : null;
    if (!user?.isActive)
      log.info({ clientId: client.clientId }, 'SSO response names no active user of the company');
    return user?.isActive ? user : null;
  } catch (error) {
    // The reason helps whoever configures the IdP; the response itself is never logged.
    log.info(
      { clientId: client.clientId, reason: error instanceof Error ? error.message : 'unknown' },
      'SSO response rejected',
    );
    return null;
  }
}

/** `POST /api/ssologin/{clientId}` and `POST /api/ssoacs/{clientId}` (SAML 2.0, spec 000 §7 Auth). */
export async function ssoRoutes(app: App, { db, config }: AppDeps): Promise<void> {
  const limits = rateLimitsFor(config);
  const requestIds = new RequestIdCache(db);

  app.post(
    '/api/ssologin/:clientId',
    {
      config: { access: { public: true }, rateLimit: limits.ssoPerIp },
      schema: { params: ClientParams, response: { 200: Type.Object({ redirectUrl: Type.String() }) } },
    },
    async (request) => {
      const client = await findSsoClient(db, request.params.clientId);
      if (!client) throw notFound(CLIENT_UNKNOWN);
      const redirectUrl = await samlFor(config, client, requestIds).getAuthorizeUrlAsync('', undefined, {});
      return { redirectUrl };
    },
  );

  // Its own scope, so the form parser an IdP's browser POST needs applies to this route only.
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    scope.addContentTypeParser(
      FORM,
      { parseAs: 'string', bodyLimit: 1024 * 1024 },
      (_request, body, done) => {
        done(
          null,
          Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
        );
      },
    );

    scope.post(
      '/api/ssoacs/:clientId',
      {
        config: { access: { public: true }, rateLimit: limits.ssoPerIp },
        schema: {
          params: ClientParams,
          body: Type.Object(
            {
              SAMLResponse: Type.String({ minLength: 1, maxLength: 512 * 1024 }),
              RelayState: Type.Optional(Type.String({ maxLength: 2048 })),
            },
            { additionalProperties: false },
          ),
          response: { 200: Type.Object({ accessToken: Type.String() }) },
        },
      },
      async (request, reply) => {
        // An IdP posts a browser form here; the SPA posts JSON (spec). The form gets redirects, the SPA JSON.
        const isForm = (request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM);
        const failed = () => {
          if (isForm) return reply.redirect(`${config.publicUrl}/login?sso=failed`, 303);
          throw unauthorized(SSO_FAILED);
        };
        const client = await findSsoClient(db, request.params.clientId);
        if (!client) {
          if (isForm) return failed();
          throw notFound(CLIENT_UNKNOWN);
        }
        const saml = samlFor(config, client, requestIds);
        const user = await userOfResponse(db, saml, client, request.body.SAMLResponse, request.log);
        if (!user) return failed();
        const session = await startSession(db, config, user);
        setRefreshCookie(reply, config, session.refreshToken);
        // The SPA page of the same path then calls /api/refresh, which the new cookie answers.
        if (isForm)
          return reply.redirect(
            `${config.publicUrl}/ssoacs/${encodeURIComponent(client.clientId)}?status=ok`,
            303,
          );
        return { accessToken: session.accessToken };
      },
    );
  });
}
