import { Receipt } from 'lucide-react';
import type { AreaModule } from '../../app/areaModule';
import { notBuiltYet } from '../../app/areaModule';

/** The Bills area: bills and one bill (spec 000 §2); not built yet. */
export const area: AreaModule = {
  key: 'bills',
  icon: Receipt,
  pages: [
    { path: 'bills', crumb: 'Bills', page: notBuiltYet },
    { path: 'bills/:id', crumb: 'Bill', page: notBuiltYet },
  ],
};
