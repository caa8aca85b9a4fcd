import { MapPin } from 'lucide-react';
import type { AreaModule } from '../../platform/area/areaModule';
import { lazyPage } from '../../platform/area/lazyPage';

/** The Locations area: the site list, one site, and the site's Energy Star page (spec 000 §2). */
export const area: AreaModule = {
  key: 'locations',
  icon: MapPin,
  pages: [
    { path: 'locations', crumb: 'Locations', page: lazyPage(() => import('./LocationsPage')) },
    { path: 'locations/:id', crumb: 'Location', page: lazyPage(() => import('./LocationPage')) },
    {
      path: 'locations/:id/energystar',
      crumb: 'Energy Star',
      // Its parts shared with the company page live in src/ui/energyStar and src/platform/useEnergyStar.ts.
      page: lazyPage(() => import('./SiteEnergyStarPage')),
      // Spec 000 §5: Energy Star pages need energyStarAccess, the rule of Company Energy Star.
      guardedBy: 'companyEnergyStar',
      title: 'Location Energy Star',
    },
  ],
};
