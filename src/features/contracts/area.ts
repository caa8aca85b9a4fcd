import { FileSignature } from 'lucide-react';
import type { AreaModule } from '../../app/areaModule';
import { lazyPage } from '../../app/lazyPage';

/** The Contracts area (spec 000 §2): for now the company's documents; the contracts themselves come next. */
export const area: AreaModule = {
  key: 'contracts',
  icon: FileSignature,
  pages: [{ path: 'contracts', crumb: 'Contracts', page: lazyPage(() => import('./ContractsPage')) }],
};
