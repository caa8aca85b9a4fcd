import { Archive } from 'lucide-react';
import type { AreaModule } from '../../platform/area/areaModule';
import { lazyPage } from '../../platform/area/lazyPage';

/** The Archives area (spec 000 §2, spec 001 §2 Archive search): online-only search of archived statements. */
export const area: AreaModule = {
  key: 'archivedata',
  icon: Archive,
  pages: [{ path: 'archivedata', crumb: 'Archives', page: lazyPage(() => import('./ArchivePage')) }],
};
