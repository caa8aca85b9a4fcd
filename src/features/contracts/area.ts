import { FileSignature } from 'lucide-react';
import type { AreaModule } from '../../platform/area/areaModule';
import { lazyPage } from '../../platform/area/lazyPage';

/** The Contracts area (spec 000 §2): the contracts with their timeline and documents, and one contract. */
export const area: AreaModule = {
  key: 'contracts',
  icon: FileSignature,
  pages: [
    { path: 'contracts', crumb: 'Contracts', page: lazyPage(() => import('./ContractsPage')) },
    {
      path: 'contracts/:id',
      crumb: 'Contract',
      page: lazyPage(() => import('./ContractPage')),
      notInSpec: 'The spec leaves one contract to a dialog or a route (docs/architecture.md §14).',
    },
  ],
};
