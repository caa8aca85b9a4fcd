import { PiggyBank } from 'lucide-react';
import type { AreaModule } from '../../platform/area/areaModule';
import { lazyPage } from '../../platform/area/lazyPage';

/** The Budgets area (spec 000 §2): budgets against actuals from the bills, with create, edit and delete. */
export const area: AreaModule = {
  key: 'budgets',
  icon: PiggyBank,
  pages: [{ path: 'budgets', crumb: 'Budgets', page: lazyPage(() => import('./BudgetsPage')) }],
};
