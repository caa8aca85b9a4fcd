// The bills area's routes on the server (docs/architecture.md §2): found by server/src/areas/index.ts, as the
// client finds src/features/<area>/area.ts.
import type { App, AppDeps } from '../../http/types';
import { billRoutes } from './bills';

/** Registers the area's routes. */
export async function registerRoutes(app: App, deps: AppDeps): Promise<void> {
  await billRoutes(app, deps);
}
