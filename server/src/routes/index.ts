import type { App, AppDeps } from '../http/types';
import { healthRoutes } from './health';

/** Registers every API route module. */
export async function registerRoutes(app: App, deps: AppDeps): Promise<void> {
  await healthRoutes(app, deps);
}
