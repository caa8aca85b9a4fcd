import { Archive } from 'lucide-react';
import type { AreaModule } from '../../app/areaModule';
import { notBuiltYet } from '../../app/areaModule';

/** The Archives area (spec 000 §2); not built yet. */
export const area: AreaModule = {
  key: 'archivedata',
  icon: Archive,
  pages: [{ path: 'archivedata', crumb: 'Archives', page: notBuiltYet }],
};
