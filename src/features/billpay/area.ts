import { CreditCard } from 'lucide-react';
import type { AreaModule } from '../../app/areaModule';
import { notBuiltYet } from '../../app/areaModule';

/** The Bill Pay area (spec 000 §2); not built yet. */
export const area: AreaModule = {
  key: 'billpay',
  icon: CreditCard,
  pages: [{ path: 'billpay', crumb: 'Bill Pay', page: notBuiltYet }],
};
