// The locations area's routes on the server (docs/architecture.md §2): found by server/src/areas/index.ts, as the
// client finds src/features/<area>/area.ts.
import type { App, AppDeps } from '../../http/types';
import { customAttributeRoutes } from './customAttributes';
import { locationAddRoutes } from './locationAdd';
import { locationDetailRoutes } from './locationDetail';
import { locationTableRoutes } from './locationTables';
import { locationsListRoutes } from './locationsList';
import { tagRoutes } from './tags';

/** Registers the area's routes. */
export async function registerRoutes(app: App, deps: AppDeps): Promise<void> {
  await locationsListRoutes(app, deps);
  await locationDetailRoutes(app, deps);
  await locationTableRoutes(app, deps);
  tagRoutes(app, deps);
  customAttributeRoutes(app, deps);
  await locationAddRoutes(app, deps);
}
