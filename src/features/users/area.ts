import { Users } from 'lucide-react';
import type { AreaModule } from '../../app/areaModule';
import { notBuiltYet } from '../../app/areaModule';

/** The Users area (consultant-only: served under /companies/{compId} alone) (spec 000 §2); not built yet. */
export const area: AreaModule = {
  key: 'users',
  icon: Users,
  pages: [{ path: 'users', crumb: 'Users', page: notBuiltYet }],
};
