// The planner's test company: six sites in four cities, today 23 November 2026, bills up to October 2026.
import type { AssistantPlan, PlannerContext } from '../../../src/domain/assistant/types';

export const CONTEXT: PlannerContext = {
  today: '2026-11-23',
  latestMonth: '2026-10',
  sustainabilityAccess: true,
  locations: [
    { id: 'loc-1', name: 'Houston Main Street', city: 'Houston', state: 'TX' },
    { id: 'loc-2', name: 'Houston Westheimer', city: 'Houston', state: 'TX' },
    { id: 'loc-3', name: 'Austin Congress Avenue', city: 'Austin', state: 'TX' },
    { id: 'loc-4', name: 'Dallas Main Street', city: 'Dallas', state: 'TX' },
    { id: 'loc-5', name: 'Phoenix Camelback', city: 'Phoenix', state: 'AZ' },
    { id: 'loc-6', name: 'San Antonio Riverwalk', city: 'San Antonio', state: 'TX' },
  ],
};

/** A plan in one line, so the utterance table reads as a table. */
export function summary(plan: AssistantPlan): string {
  switch (plan.kind) {
    case 'report':
    case 'figure': {
      const f = plan.filter;
      const parts = [
        plan.kind === 'figure' ? `figure ${plan.figure}` : 'report',
        plan.reportType,
        `${f.fromMonth}..${f.toMonth}`,
      ];
      if (f.serviceTypes) parts.push(`services=${f.serviceTypes.join(',')}`);
      if (f.states) parts.push(`states=${f.states.join(',')}`);
      if (f.locationIds) parts.push(`locations=${f.locationIds.join(',')}`);
      if (f.rankBy && plan.reportType === 'topSites') parts.push(`rank=${f.rankBy}`);
      if (plan.kind === 'figure' && plan.days !== undefined) parts.push(`days=${plan.days}`);
      if (plan.kind === 'figure' && plan.top !== undefined) parts.push(`top=${plan.top}`);
      return parts.join(' ');
    }
    case 'navigate': {
      const t = plan.target;
      return [
        'navigate',
        t.page,
        ...(t.locationId ? [t.locationId] : []),
        ...(t.search ? [`search=${t.search}`] : []),
      ].join(' ');
    }
    case 'clarify':
      return `clarify ${plan.options.length}`;
    case 'ticket':
      return `ticket ${plan.description}`;
    default:
      return plan.kind;
  }
}
