// One turn of the chat (docs/decisions/assistant.md, one turn, two places): plan the message, check the plan against what the caller may use in
// the chat's company, run the one tool it needs and word the answer. The server passes tools over its tables, the
// device over its local database, so an offline answer is the answer the server would give.
import { parseReportFilter } from '../reports/filter';
import type { ReportFilter } from '../reports/filter';
import { isReportTypeOpen } from '../reports/run';
import type { ReportTypeId, ReportRow } from '../reports/types';
import { figureReply, openAlertsReply } from './figures';
import type { ChatMessage } from './messages';
import { replyTo } from './messages';
import { planMessage } from './planner';
import type { AssistantPlan, PlannerContext } from './types';

/** The tools a turn may use, already bound to the caller and the chat's company. */
export interface AssistantTools {
  /** Whether the caller may open an area of the company (src/domain/nav.ts, the same rule as the guards). */
  canUse(area: 'reports' | 'locations' | 'accounts' | 'tickets' | 'alerts'): boolean;
  /** The report's rows for the company, by the report engine. */
  reportRows(reportType: ReportTypeId, filter: ReportFilter): Promise<ReportRow[]>;
  /** The company's open alerts (OPEN_ALERT_STATUSES) counted by rule. */
  openAlertsByRule(): Promise<{ rule: string; count: number }[]>;
}

function validFilter(filter: unknown) {
  const parsed = parseReportFilter(filter);
  if (!parsed.ok) throw new Error(`The planner made an invalid filter: ${JSON.stringify(parsed.problems)}`);
  return parsed.filter;
}

function bot(text: string): ChatMessage {
  return { agent: 'bot', type: 'text', text };
}

/** Not allowed: the reports or the page are closed to this caller in this company. */
export const AREA_CLOSED_TEXT = 'You cannot open that for this company.';

/** The bot's messages in answer to one user message, planned by the embedded planner. */
export function respondTo(
  message: string,
  context: PlannerContext,
  tools: AssistantTools,
  syncedAt?: string,
): Promise<ChatMessage[]> {
  return respondToPlan(planMessage(message, context), context, tools, syncedAt);
}

/** The bot's messages for a plan, whichever planner made it: checked against the caller's areas, then run. */
export async function respondToPlan(
  plan: AssistantPlan,
  context: PlannerContext,
  tools: AssistantTools,
  syncedAt?: string,
): Promise<ChatMessage[]> {
  switch (plan.kind) {
    case 'report':
    case 'figure': {
      // The filter is the tool's argument: validated like any caller's, whatever produced it.
      const checked = validFilter(plan.filter);
      // Trends of a company with weather normalisation are told with the weather taken out as well.
      const filter =
        plan.kind === 'figure' && plan.figure === 'trend' && context.weatherNormalizationAccess === true
          ? { ...checked, weatherNormalized: true }
          : checked;
      if (!tools.canUse('reports') || !isReportTypeOpen(plan.reportType, context))
        return [bot(AREA_CLOSED_TEXT)];
      if (plan.kind === 'report') return [replyTo({ ...plan, filter })];
      const rows = await tools.reportRows(plan.reportType, filter);
      return [figureReply({ ...plan, filter }, rows, syncedAt)];
    }
    case 'navigate': {
      const area =
        plan.target.page === 'accounts' || plan.target.page === 'alerts' ? plan.target.page : 'locations';
      return [tools.canUse(area) ? replyTo(plan) : bot(AREA_CLOSED_TEXT)];
    }
    case 'openAlerts':
      if (!tools.canUse('alerts')) return [bot(AREA_CLOSED_TEXT)];
      return [openAlertsReply(await tools.openAlertsByRule(), syncedAt)];
    case 'ticket':
      // Company Support needs the company's support access; the ticket itself is written by the device.
      return [tools.canUse('tickets') ? replyTo(plan) : bot(AREA_CLOSED_TEXT)];
    default:
      return [replyTo(plan)];
  }
}
