// The accounts area's routes on the server (docs/architecture.md §2): found by server/src/areas/index.ts, as the
// client finds src/features/<area>/area.ts.
import type { App, AppDeps } from '../../http/types';
import { accountDetailRoutes } from './accountDetail';
import { accountMeterRoutes } from './accountMeters';
import { accountRoutes } from './accounts';
import { accountsListRoutes } from './accountsList';
import { accountWeatherRoutes } from './weather';

/** Registers the area's routes. */
export async function registerRoutes(app: App, deps: AppDeps): Promise<void> {
  await accountRoutes(app, deps);
  await accountsListRoutes(app, deps);
  await accountDetailRoutes(app, deps);
  await accountMeterRoutes(app, deps);
  await accountWeatherRoutes(app, deps);
}
