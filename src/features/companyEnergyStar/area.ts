import { Star } from 'lucide-react';
import type { AreaModule } from '../../app/areaModule';
import { notBuiltYet } from '../../app/areaModule';

/** The Company Energy Star area (spec 000 §2); not built yet. */
export const area: AreaModule = {
  key: 'companyEnergyStar',
  icon: Star,
  pages: [{ path: 'companyEnergyStar', crumb: 'Company Energy Star', page: notBuiltYet }],
};
