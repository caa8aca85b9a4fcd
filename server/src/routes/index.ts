import type { App, AppDeps } from '../http/types';
import { accountRoutes } from './accounts';
import { authRoutes } from './auth';
import { companyRoutes } from './company';
import { consultantRoutes } from './consultant';
import { healthRoutes } from './health';
import { syncRoutes } from './sync';

/** Registers every API route module. */
export async function registerRoutes(app: App, deps: AppDeps): Promise<void> {
  await healthRoutes(app, deps);
  await authRoutes(app, deps);
  await companyRoutes(app, deps);
  await accountRoutes(app, deps);
  await consultantRoutes(app, deps);
  await syncRoutes(app, deps);
}
