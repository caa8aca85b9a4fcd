import { BellRing } from 'lucide-react';
import type { AreaModule } from '../../platform/area/areaModule';
import { lazyPage } from '../../platform/area/lazyPage';

/**
 * The Alerts area (spec 000 §2): the editable alerts page, and the read-only one clients with alerts access get
 * (docs/architecture.md §6); the guard of src/domain/nav.ts sends each user to theirs.
 */
export const area: AreaModule = {
  key: 'alerts',
  icon: BellRing,
  pages: [
    { path: 'alerts', crumb: 'Alerts', page: lazyPage(() => import('./AlertsPage')) },
    { path: 'alertsro', crumb: 'Alerts', page: lazyPage(() => import('./AlertsReadOnlyPage')) },
  ],
};
