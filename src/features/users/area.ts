import { Users } from 'lucide-react';
import type { AreaModule } from '../../platform/area/areaModule';
import { lazyPage } from '../../platform/area/lazyPage';

/** The Users area (consultant-only: served under /companies/{compId} alone; super consultants) (spec 000 §2). */
export const area: AreaModule = {
  key: 'users',
  icon: Users,
  pages: [{ path: 'users', crumb: 'Users', page: lazyPage(() => import('./UsersPage')) }],
};
