import { LifeBuoy } from 'lucide-react';
import type { AreaModule } from '../../app/areaModule';
import { notBuiltYet } from '../../app/areaModule';

/** The Company Support area: support tickets and one ticket (spec 000 §2); not built yet. */
export const area: AreaModule = {
  key: 'tickets',
  icon: LifeBuoy,
  pages: [
    { path: 'tickets', crumb: 'Company Support', page: notBuiltYet },
    { path: 'tickets/:jiraIssueId', crumb: 'Ticket', page: notBuiltYet },
  ],
};
