import { FileSignature } from 'lucide-react';
import type { AreaModule } from '../../app/areaModule';
import { notBuiltYet } from '../../app/areaModule';

/** The Contracts area (spec 000 §2); not built yet. */
export const area: AreaModule = {
  key: 'contracts',
  icon: FileSignature,
  pages: [{ path: 'contracts', crumb: 'Contracts', page: notBuiltYet }],
};
