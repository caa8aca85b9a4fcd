import { DoorOpen } from 'lucide-react';
import type { AreaModule } from '../../platform/area/areaModule';
import { lazyPage } from '../../platform/area/lazyPage';

/** The Open/Close Accounts area: requests to open or close utility service at a site (spec 000 §2, 001 §7). */
export const area: AreaModule = {
  key: 'opencloseaccounts',
  icon: DoorOpen,
  pages: [
    {
      path: 'opencloseaccounts',
      crumb: 'Open/Close Accounts',
      page: lazyPage(() => import('./OpenCloseListPage')),
    },
    {
      path: 'opencloseaccounts/new',
      crumb: 'New request',
      page: lazyPage(() => import('./NewOpenClosePage')),
      notInSpec: 'The new-request form of the area, served like its route.',
    },
    {
      path: 'opencloseaccounts/:id',
      crumb: 'Request',
      page: lazyPage(() => import('./OpenCloseRequestPage')),
      notInSpec: 'One request of the area, served like its route.',
    },
  ],
};
