// Payment portal sign-on (spec 001 §7 `GET /getLucrotecSsoToken`): when a portal URL and signing secret are
// configured, a short-lived token signed with the portal's secret (HS256) naming the user and the company, and the
// portal's URL; when not, 204 with no body (nothing to sign on to: an answer, not a failure, so the Bill Pay page's
// question does not log an error on every visit) and the page shows no button.
import { SignJWT } from 'jose';
import { callerOf, companyOf } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { CompanyScopeParams, twinRoutes } from '../../http/twinRoutes';

/** How long a portal token is valid: long enough to open the portal, too short to reuse later. */
export const PORTAL_TOKEN_SECONDS = 120;

/** Registers the payment portal sign-on and its consultant twin. */
export function paymentPortalRoutes(app: App, { config }: AppDeps): Promise<void> {
  for (const route of twinRoutes('/getLucrotecSsoToken', { area: 'billpay' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams } },
      async (request, reply) => {
        const portal = config.paymentPortal;
        if (!portal) return reply.code(204).send();
        const caller = callerOf(request);
        const companyId = companyOf(request).id;
        const token = await new SignJWT({ userId: caller.userId, companyId })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(caller.userId))
          .setIssuer(config.publicUrl)
          .setAudience(portal.url)
          .setIssuedAt()
          .setExpirationTime(`${PORTAL_TOKEN_SECONDS}s`)
          .sign(portal.secret);
        return { token, url: portal.url, expiresIn: PORTAL_TOKEN_SECONDS };
      },
    );
  }
  return Promise.resolve();
}
