// The imports area's routes on the server (docs/architecture.md §2, §14 Imports): found by server/src/areas/index.ts.
import type { App, AppDeps } from '../../http/types';
import { registerImportRoutes } from './imports';

/** Registers the area's routes. */
export async function registerRoutes(app: App, deps: AppDeps): Promise<void> {
  await Promise.resolve(registerImportRoutes(app, deps));
}
