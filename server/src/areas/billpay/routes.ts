// The billpay area's routes on the server (docs/architecture.md §2): found by server/src/areas/index.ts, as the
// client finds src/features/<area>/area.ts.
import type { App, AppDeps } from '../../http/types';
import { accrualRoutes } from './accruals';
import { billPayRoutes } from './billPay';
import { controlWorkbookRoutes } from './controlWorkbooks';
import { onDemandGlRoutes } from './onDemandGl';
import { paymentPortalRoutes } from './paymentPortal';

/** Registers the area's routes. */
export async function registerRoutes(app: App, deps: AppDeps): Promise<void> {
  await billPayRoutes(app, deps);
  await onDemandGlRoutes(app, deps);
  await accrualRoutes(app, deps);
  await paymentPortalRoutes(app, deps);
  await controlWorkbookRoutes(app, deps);
}
