import { DoorOpen } from 'lucide-react';
import type { AreaModule } from '../../app/areaModule';
import { notBuiltYet } from '../../app/areaModule';

/** The Open/Close Accounts area: open and close account requests (spec 000 §2); not built yet. */
export const area: AreaModule = {
  key: 'opencloseaccounts',
  icon: DoorOpen,
  pages: [{ path: 'opencloseaccounts', crumb: 'Open/Close Accounts', page: notBuiltYet }],
};
