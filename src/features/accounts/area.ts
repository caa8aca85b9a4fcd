import { Building2 } from 'lucide-react';
import type { AreaModule } from '../../platform/area/areaModule';
import { lazyPage } from '../../platform/area/lazyPage';

/** The Accounts area: the account list and one account (spec 000 §2). */
export const area: AreaModule = {
  key: 'accounts',
  icon: Building2,
  pages: [
    { path: 'accounts', crumb: 'Accounts', page: lazyPage(() => import('./AccountsPage')) },
    { path: 'accounts/:id', crumb: 'Account', page: lazyPage(() => import('./AccountPage')) },
  ],
};
