import { Star } from 'lucide-react';
import type { AreaModule } from '../../platform/area/areaModule';
import { lazyPage } from '../../platform/area/lazyPage';

/**
 * The Company Energy Star area (spec 000 §2): the company page. The site page (/locations/{id}/energystar) belongs
 * to Locations (src/features/locations/area.ts); what both pages share is in src/ui/energyStar and src/platform.
 */
export const area: AreaModule = {
  key: 'companyEnergyStar',
  icon: Star,
  pages: [
    {
      path: 'companyEnergyStar',
      crumb: 'Company Energy Star',
      page: lazyPage(() => import('./CompanyEnergyStarPage')),
    },
  ],
};
