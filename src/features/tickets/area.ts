import { LifeBuoy } from 'lucide-react';
import type { AreaModule } from '../../platform/area/areaModule';
import { lazyPage } from '../../platform/area/lazyPage';

/** The Company Support area: support tickets and one ticket (spec 000 §2). */
export const area: AreaModule = {
  key: 'tickets',
  icon: LifeBuoy,
  pages: [
    { path: 'tickets', crumb: 'Company Support', page: lazyPage(() => import('./TicketsPage')) },
    { path: 'tickets/:jiraIssueId', crumb: 'Ticket', page: lazyPage(() => import('./TicketPage')) },
  ],
};
