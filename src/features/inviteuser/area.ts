import { UserPlus } from 'lucide-react';
import type { AreaModule } from '../../app/areaModule';
import { notBuiltYet } from '../../app/areaModule';

/** The Invite User area (spec 000 §2); not built yet. */
export const area: AreaModule = {
  key: 'inviteuser',
  icon: UserPlus,
  pages: [{ path: 'inviteuser', crumb: 'Invite User', page: notBuiltYet }],
};
