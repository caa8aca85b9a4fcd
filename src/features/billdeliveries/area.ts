import { Inbox } from 'lucide-react';
import type { AreaModule } from '../../platform/area/areaModule';
import { lazyPage } from '../../platform/area/lazyPage';

/** The AP area: accounts payable deliveries (spec 000 §2, spec 001 §3), read from the device. */
export const area: AreaModule = {
  key: 'billdeliveries',
  icon: Inbox,
  pages: [
    {
      path: 'billdeliveries',
      crumb: 'AP',
      page: lazyPage(() => import('./AccountsPayablePage')),
      title: 'Accounts Payable',
    },
  ],
};
