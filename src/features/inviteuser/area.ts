import { UserPlus } from 'lucide-react';
import type { AreaModule } from '../../platform/area/areaModule';
import { lazyPage } from '../../platform/area/lazyPage';

/** The Invite User area (spec 000 §2). */
export const area: AreaModule = {
  key: 'inviteuser',
  icon: UserPlus,
  pages: [{ path: 'inviteuser', crumb: 'Invite User', page: lazyPage(() => import('./InviteUserPage')) }],
};
