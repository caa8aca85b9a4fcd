import { Star } from 'lucide-react';
import type { AreaModule } from '../../app/areaModule';
import { lazyPage } from '../../app/lazyPage';

/**
 * The Company Energy Star area (spec 000 §2): the company page. The site page (/locations/{id}/energystar) belongs
 * to Locations (src/features/locations/area.ts) and is built here with the rest of the ENERGY STAR pages.
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
