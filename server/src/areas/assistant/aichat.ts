// GET AI, the consultants' assistant (spec 001 §7 Chat, §4 chat session, §8; docs/architecture.md §14 GET AI): start, respond and end a
// chat. Consultants and super consultants only (spec 000 §1); the chat's company must be reachable by the caller
// (a company not granted answers 404, like every foreign company) and is checked again on every message, so a
// revoked grant ends the chat's reach at once. The embedded planner (src/domain/assistant) chooses the tool; every
// tool runs here under the caller's authorization inside the chat's company only.
import { and, desc, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import type { Db } from '../../db/client';
import { alerts, bills, locations } from '../../db/schema';
import { OPEN_ALERT_STATUSES } from '../../../../src/domain/alerts';
import { callerOf, canReachCompany, canUseArea, companyOf } from '../../auth/access';
import { companyById } from '../../auth/accessQueries';
import type { CompanyRow } from '../../auth/accessQueries';
import { CompanyId, UuidString } from '../../http/commonSchemas';
import { badRequest } from '../../errors';
import { greetingMessage } from '../../../../src/domain/assistant/messages';
import type { ChatMessage } from '../../../../src/domain/assistant/messages';
import { MAX_MESSAGE_LENGTH } from '../../../../src/domain/assistant/planner';
import { planWithModel } from '../../assistant/modelPlanner';
import type { ServerConfig } from '../../config';
import { planMessage } from '../../../../src/domain/assistant/planner';
import { respondToPlan } from '../../../../src/domain/assistant/respond';
import type { PlannerContext } from '../../../../src/domain/assistant/types';
import { CHAT_SESSION_EXPIRED_TEXT } from '../../../../src/domain/chat';
import { entitiesOf, runReport } from '../../../../src/domain/reports/run';
import { createChatSessionStore } from './aichatSessions';
import type { ChatSessionStore } from './aichatSessions';
import { loadReportData, reportCompanyIds } from '../reports/reportData';
import { reportStationTemperatures } from '../reports/reporting';

const StartQuery = Type.Object({ companyId: CompanyId }, { additionalProperties: false });
const RespondBody = Type.Object(
  { sessionId: UuidString, message: Type.String({ maxLength: MAX_MESSAGE_LENGTH }) },
  { additionalProperties: false },
);
const SessionQuery = Type.Object({ sessionId: UuidString }, { additionalProperties: false });

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** What the planner needs of the company: its sites (and its business units' for a parent), its latest bills. */
async function plannerContext(db: Db, request: FastifyRequest, company: CompanyRow): Promise<PlannerContext> {
  const ids = await reportCompanyIds(db, request);
  const sites = await db
    .select({ id: locations.id, name: locations.name, city: locations.city, state: locations.state })
    .from(locations)
    .where(inArray(locations.companyId, ids));
  const [latest] = await db
    .select({ month: bills.billMonth })
    .from(bills)
    .where(inArray(bills.companyId, ids))
    .orderBy(desc(bills.billMonth))
    .limit(1);
  const now = today();
  return {
    today: now,
    latestMonth: latest?.month ?? now.slice(0, 7),
    locations: sites,
    sustainabilityAccess: company.sustainabilityAccess,
    weatherNormalizationAccess: company.weatherNormalizationAccess,
  };
}

/**
 * The plan of one message: the configured model's, else (or when it gives none) the embedded planner's. The
 * device's 'Report returned 0 rows.' is ours, not the user's words, so the embedded planner always reads it.
 */
async function planOf(
  config: ServerConfig,
  request: FastifyRequest,
  message: string,
  context: PlannerContext,
) {
  const embedded = planMessage(message, context);
  if (!config.assistantModel || embedded.kind === 'noRows') return embedded;
  return (await planWithModel(config.assistantModel, message, context, request.log)) ?? embedded;
}

/** One turn: the planner and the tools, bound to the caller and the chat's company. */
async function answer(
  { db, config }: AppDeps,
  request: FastifyRequest,
  message: string,
): Promise<ChatMessage[]> {
  const caller = callerOf(request);
  const company = companyOf(request);
  const context = await plannerContext(db, request, company);
  const plan = await planOf(config, request, message, context);
  return respondToPlan(plan, context, {
    canUse: (area) => canUseArea(caller, company, area),
    reportRows: async (reportType, filter) => {
      const ids = await reportCompanyIds(db, request);
      const data = await loadReportData(db, ids, entitiesOf(reportType));
      const normalizes = filter.weatherNormalized === true && company.weatherNormalizationAccess;
      return runReport(reportType, filter, data, {
        today: context.today,
        ...(normalizes ? { stationTemperatures: await reportStationTemperatures(db, data) } : {}),
      }).rows;
    },
    openAlertsByRule: async () => {
      const ids = await reportCompanyIds(db, request);
      return db
        .select({ rule: alerts.rule, count: sql<number>`count(*)::int` })
        .from(alerts)
        .where(and(inArray(alerts.companyId, ids), inArray(alerts.status, [...OPEN_ALERT_STATUSES])))
        .groupBy(alerts.rule);
    },
  });
}

function expired(sessionId: string) {
  const message: ChatMessage = { agent: 'bot', type: 'text', text: CHAT_SESSION_EXPIRED_TEXT, sessionId };
  return { sessionId, messages: [message] };
}

/** Registers `/api/aichat/start`, `/api/aichat/respond` and `/api/aichat/session`. */
export function aichatRoutes(
  app: App,
  deps: AppDeps,
  store: ChatSessionStore = createChatSessionStore(),
): Promise<void> {
  app.post(
    '/api/aichat/start',
    {
      config: { access: { company: { from: 'query', name: 'companyId' }, role: 'consultant' } },
      schema: { querystring: StartQuery },
    },
    async (request) => {
      const session = store.start(callerOf(request).userId, companyOf(request).id);
      return {
        sessionId: session.id,
        message: { ...greetingMessage(companyOf(request).name), sessionId: session.id },
      };
    },
  );

  app.post(
    '/api/aichat/respond',
    {
      config: { access: { company: { from: 'none' }, role: 'consultant' } },
      schema: { body: RespondBody },
    },
    async (request) => {
      const { sessionId, message } = request.body;
      // A blank message is never sent (spec 000 §5); one that arrives anyway is refused.
      if (message.trim() === '') throw badRequest('The message is empty', { 'body.message': 'is required' });
      const caller = callerOf(request);
      const session = store.touch(sessionId, caller.userId);
      if (!session) return expired(sessionId);
      const company = await companyById(deps.db, session.companyId);
      // The grant may have been withdrawn since the chat started: then the chat's company is gone for this caller.
      if (!company || !(await canReachCompany(deps.db, caller, company))) {
        store.end(sessionId, caller.userId);
        return expired(sessionId);
      }
      request.company = company;
      const messages = await answer(deps, request, message);
      return { sessionId, messages: messages.map((reply) => ({ ...reply, sessionId })) };
    },
  );

  app.delete(
    '/api/aichat/session',
    {
      config: { access: { company: { from: 'none' }, role: 'consultant' } },
      schema: { querystring: SessionQuery },
    },
    async (request) => ({ deleted: store.end(request.query.sessionId, callerOf(request).userId) }),
  );
  return Promise.resolve();
}
