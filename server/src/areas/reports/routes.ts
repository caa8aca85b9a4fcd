// The reports area's routes on the server (docs/architecture.md §2): found by server/src/areas/index.ts, as the
// client finds src/features/<area>/area.ts.
import type { App, AppDeps } from '../../http/types';
import { reportBillRoutes } from './reportBills';
import { reportChoiceRoutes } from './reportChoices';
import { reportingRoutes } from './reporting';

/** Registers the area's routes. */
export async function registerRoutes(app: App, deps: AppDeps): Promise<void> {
  await reportingRoutes(app, deps);
  await reportChoiceRoutes(app, deps);
  await reportBillRoutes(app, deps);
}
