import { Contact } from 'lucide-react';
import type { AreaModule } from '../../app/areaModule';
import { notBuiltYet } from '../../app/areaModule';

/** The Contacts area (spec 000 §2); not built yet. */
export const area: AreaModule = {
  key: 'contacts',
  icon: Contact,
  pages: [{ path: 'contacts', crumb: 'Contacts', page: notBuiltYet }],
};
