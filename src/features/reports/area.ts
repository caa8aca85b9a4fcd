import { BarChart3 } from 'lucide-react';
import type { AreaModule } from '../../platform/area/areaModule';
import { lazyPage } from '../../platform/area/lazyPage';

/**
 * The Reports area (spec 000 §2 /reports, spec 001 §2 "Reports and missing invoices"): reports run on the device,
 * and two pages of ours under it (docs/architecture.md §14): missing invoices and greenhouse-gas emissions.
 */
export const area: AreaModule = {
  key: 'reports',
  icon: BarChart3,
  pages: [
    { path: 'reports', crumb: 'Reports', page: lazyPage(() => import('./ReportsPage')) },
    {
      path: 'reports/missing-invoices',
      crumb: 'Missing invoices',
      page: lazyPage(() => import('./MissingInvoicesPage')),
      title: 'Missing invoices',
      notInSpec: 'Second document §2 names the screen "Reports and missing invoices" without a route.',
    },
    {
      path: 'reports/emissions',
      crumb: 'Emissions',
      page: lazyPage(() => import('./EmissionsPage')),
      title: 'Emissions',
      notInSpec: 'First document §1 names scope reporting without a route.',
    },
  ],
};
