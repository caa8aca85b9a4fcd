import { Contact } from 'lucide-react';
import type { AreaModule } from '../../platform/area/areaModule';
import { lazyPage } from '../../platform/area/lazyPage';

/** The Contacts area (spec 000 §2): the account team, support and, for admins and consultants, the users. */
export const area: AreaModule = {
  key: 'contacts',
  icon: Contact,
  pages: [{ path: 'contacts', crumb: 'Contacts', page: lazyPage(() => import('./ContactsPage')) }],
};
