import { BarChart3 } from 'lucide-react';
import type { AreaModule } from '../../app/areaModule';
import { notBuiltYet } from '../../app/areaModule';

/** The Reports area (spec 000 §2); not built yet. */
export const area: AreaModule = {
  key: 'reports',
  icon: BarChart3,
  pages: [{ path: 'reports', crumb: 'Reports', page: notBuiltYet }],
};
