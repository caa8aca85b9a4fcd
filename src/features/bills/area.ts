import { Receipt } from 'lucide-react';
import type { AreaModule } from '../../platform/area/areaModule';
import { lazyPage } from '../../platform/area/lazyPage';

/** The Bills area: bills and one bill (spec 000 §2, spec 001 §2), read from the device. */
export const area: AreaModule = {
  key: 'bills',
  icon: Receipt,
  pages: [
    { path: 'bills', crumb: 'Bills', page: lazyPage(() => import('./BillsPage')) },
    { path: 'bills/:id', crumb: 'Bill', page: lazyPage(() => import('./BillPage')) },
  ],
};
