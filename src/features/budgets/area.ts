import { PiggyBank } from 'lucide-react';
import type { AreaModule } from '../../app/areaModule';
import { notBuiltYet } from '../../app/areaModule';

/** The Budgets area (spec 000 §2); not built yet. */
export const area: AreaModule = {
  key: 'budgets',
  icon: PiggyBank,
  pages: [{ path: 'budgets', crumb: 'Budgets', page: notBuiltYet }],
};
