import { FileUp } from 'lucide-react';
import type { AreaModule } from '../../platform/area/areaModule';
import { lazyPage } from '../../platform/area/lazyPage';

/** The Imports area (docs/architecture.md §14 Imports): bills from spreadsheets and Green Button files. */
export const area: AreaModule = {
  key: 'imports',
  icon: FileUp,
  pages: [
    {
      path: 'imports',
      crumb: 'Imports',
      page: lazyPage(() => import('./ImportsPage')),
      notInSpec:
        'The spec has no import; without one a company holds only generated data (docs/architecture.md §14).',
    },
  ],
};
