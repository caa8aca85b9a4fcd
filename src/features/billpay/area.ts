import { CreditCard } from 'lucide-react';
import type { AreaModule } from '../../platform/area/areaModule';
import { lazyPage } from '../../platform/area/lazyPage';

/** The Bill Pay area (spec 000 §2, spec 001 §3): payments and deposits from the device, files online. */
export const area: AreaModule = {
  key: 'billpay',
  icon: CreditCard,
  pages: [{ path: 'billpay', crumb: 'Bill Pay', page: lazyPage(() => import('./BillPayPage')) }],
};
