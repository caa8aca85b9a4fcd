import { BellRing } from 'lucide-react';
import type { AreaModule } from '../../app/areaModule';
import { notBuiltYet } from '../../app/areaModule';

/** The Alerts area: the editable alerts page and the read-only one clients get (spec 000 §2); not built yet. */
export const area: AreaModule = {
  key: 'alerts',
  icon: BellRing,
  pages: [
    { path: 'alerts', crumb: 'Alerts', page: notBuiltYet },
    { path: 'alertsro', crumb: 'Alerts', page: notBuiltYet },
  ],
};
