import type { App, AppDeps } from '../http/types';
import { accountDetailRoutes } from './accountDetail';
import { accountMeterRoutes } from './accountMeters';
import { accountRoutes } from './accounts';
import { accountsListRoutes } from './accountsList';
import { accrualRoutes } from './accruals';
import { authRoutes } from './auth';
import { billDeliveriesRoutes } from './billDeliveries';
import { billPayRoutes } from './billPay';
import { companyRoutes } from './company';
import { companyDocumentRoutes } from './companyDocuments';
import { consultantRoutes } from './consultant';
import { controlWorkbookRoutes } from './controlWorkbooks';
import { healthRoutes } from './health';
import { locationDetailRoutes } from './locationDetail';
import { locationsListRoutes } from './locationsList';
import { locationTableRoutes } from './locationTables';
import { onDemandGlRoutes } from './onDemandGl';
import { paymentPortalRoutes } from './paymentPortal';
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
  await billDeliveriesRoutes(app, deps);
  await billPayRoutes(app, deps);
  await onDemandGlRoutes(app, deps);
  await accrualRoutes(app, deps);
  await paymentPortalRoutes(app, deps);
  await controlWorkbookRoutes(app, deps);
  await consultantRoutes(app, deps);
  await syncRoutes(app, deps);
}
