import type { App, AppDeps } from '../http/types';
import { accountDetailRoutes } from './accountDetail';
import { accountMeterRoutes } from './accountMeters';
import { accountRoutes } from './accounts';
import { accountsListRoutes } from './accountsList';
import { authRoutes } from './auth';
import { companyRoutes } from './company';
import { companyDocumentRoutes } from './companyDocuments';
import { consultantRoutes } from './consultant';
import { contractRoutes } from './contracts';
import { healthRoutes } from './health';
import { locationDetailRoutes } from './locationDetail';
import { locationsListRoutes } from './locationsList';
import { locationTableRoutes } from './locationTables';
import { syncRoutes } from './sync';

/** Registers every API route module. */
export async function registerRoutes(app: App, deps: AppDeps): Promise<void> {
  await healthRoutes(app, deps);
  await authRoutes(app, deps);
  await companyRoutes(app, deps);
  await accountRoutes(app, deps);
  await accountsListRoutes(app, deps);
  await accountDetailRoutes(app, deps);
  await accountMeterRoutes(app, deps);
  await locationsListRoutes(app, deps);
  await locationDetailRoutes(app, deps);
  await locationTableRoutes(app, deps);
  await companyDocumentRoutes(app, deps);
  await contractRoutes(app, deps);
  await consultantRoutes(app, deps);
  await syncRoutes(app, deps);
}
