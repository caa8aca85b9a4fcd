import { Inbox } from 'lucide-react';
import type { AreaModule } from '../../app/areaModule';
import { notBuiltYet } from '../../app/areaModule';

/** The AP area: bill deliveries (accounts payable) (spec 000 §2); not built yet. */
export const area: AreaModule = {
  key: 'billdeliveries',
  icon: Inbox,
  pages: [{ path: 'billdeliveries', crumb: 'AP', page: notBuiltYet, title: 'Accounts Payable' }],
};
