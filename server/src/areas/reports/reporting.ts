// Reports of spec 001 §7: GET /reporting/report (reportType plus a saved filter's `id` or a `jsonFilter`) runs the
// report functions of src/domain/reports over the database, as the device's report worker runs them over its local
// rows; and the caller's saved filters (list, save, rename or update, delete), each also under
// /api/companies/:companyId. Saved filters are synced per user and company, so every write is a synced write.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Static } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tx';
import { callerOf, companyOf } from '../../auth/access';
import { IsoDate, UuidString } from '../../http/commonSchemas';
import { reportFilters } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import type { FieldErrors } from '../../errors';
import { assertNewIds } from '../../http/newIds';
import { assertVersion } from '../../sync/syncedWrite';
import { applyWrite, syncedWriteRoute } from '../../sync/writeRoute';
import type { WriteAccess } from '../../sync/writeRoute';
import { writeTombstone } from '../../sync/versioning';
import { parseReportFilter } from '../../../../src/domain/reports/filter';
import type { ReportFilter } from '../../../../src/domain/reports/filter';
import {
  entitiesOf,
  hasWeatherNormalizedOption,
  isReportTypeOpen,
  runReport,
} from '../../../../src/domain/reports/run';
import type { ReportContext, ReportData } from '../../../../src/domain/reports/data';
import type { DailyTemperatures } from '../../../../src/domain/weather/degreeDays';
import { stationForState } from '../../../../src/domain/weather/stations';
import { heldTemperatures } from '../../weather/temperatures';
import { isReportTypeId } from '../../../../src/domain/reports/types';
import type { ReportResult, ReportTypeId } from '../../../../src/domain/reports/types';
import { loadReportData, reportCompanyIds } from './reportData';
import { CompanyScopeParams, EntityScopeParams, twinRoutes } from '../../http/twinRoutes';
import type { WriteBody } from '../../../../src/domain/syncedWrites';

const ReportQuery = Type.Object(
  {
    reportType: Type.String({ maxLength: 40 }),
    id: Type.Optional(UuidString),
    jsonFilter: Type.Optional(Type.String({ maxLength: 200_000 })),
    isParent: Type.Optional(Type.Boolean()),
    // Today's date for contract days left; the server's own date when absent.
    today: Type.Optional(IsoDate),
  },
  { additionalProperties: false },
);
type ReportQueryType = Static<typeof ReportQuery>;

const FilterQuery = Type.Object({ id: Type.Optional(UuidString) }, { additionalProperties: false });

type Save = WriteBody<'saveReportFilter'>;

type Update = WriteBody<'updateReportFilter'>;

const NAME_LIMIT = 100;

/** Saved filters are the caller's own: the client forms act on the caller's company, even `/reporting/:id`. */
const FILTER_ACCESS: WriteAccess = { clientForm: { from: 'caller' }, area: 'reports' };

function failIfAny(fields: FieldErrors): void {
  if (Object.keys(fields).length > 0) throw badRequest('Some fields are not valid', fields);
}

/** Checks a filter's name, type and filter as the device does before queuing; the normalised values. */
function checkedFilter(
  input: { name?: string; reportType?: string; jsonFilter?: Record<string, unknown> },
  at: string,
): { name?: string; reportType?: ReportTypeId; jsonFilter?: ReportFilter } {
  const fields: FieldErrors = {};
  const out: { name?: string; reportType?: ReportTypeId; jsonFilter?: ReportFilter } = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (name === '') fields[`${at}.name`] = 'is required';
    else if (name.length > NAME_LIMIT) fields[`${at}.name`] = `must be at most ${NAME_LIMIT} characters`;
    else out.name = name;
  }
  if (input.reportType !== undefined) {
    if (isReportTypeId(input.reportType)) out.reportType = input.reportType;
    else fields[`${at}.reportType`] = 'is not a report type';
  }
  if (input.jsonFilter !== undefined) {
    const parsed = parseReportFilter(input.jsonFilter);
    if (parsed.ok) out.jsonFilter = parsed.filter;
    else
      for (const [name, problem] of Object.entries(parsed.problems))
        fields[`${at}.jsonFilter.${name}`] = problem;
  }
  failIfAny(fields);
  return out;
}

/** The caller's filters in the route's company, or the one named by `id` (404 when it is not theirs). */
async function savedFilter(db: Db | Tx, request: FastifyRequest, id: string) {
  const [row] = await db
    .select()
    .from(reportFilters)
    .where(
      and(
        eq(reportFilters.id, id.toLowerCase()),
        eq(reportFilters.companyId, companyOf(request).id),
        eq(reportFilters.userId, callerOf(request).userId),
      ),
    );
  if (!row) throw notFound('No such saved filter');
  return row;
}

/** Reads the report's filter from a saved filter's id or the `jsonFilter` text. */
async function filterOf(db: Db, request: FastifyRequest, query: ReportQueryType): Promise<ReportFilter> {
  let input: unknown;
  if (query.id !== undefined) input = (await savedFilter(db, request, query.id)).jsonFilter;
  else if (query.jsonFilter !== undefined) {
    try {
      input = JSON.parse(query.jsonFilter);
    } catch {
      throw badRequest('jsonFilter is not JSON', { 'querystring.jsonFilter': 'must be JSON' });
    }
  } else
    throw badRequest('Name a saved filter (id) or send a jsonFilter', { 'querystring.id': 'is required' });
  const parsed = parseReportFilter(input);
  if (!parsed.ok) {
    const fields = Object.fromEntries(
      Object.entries(parsed.problems).map(([name, problem]) => [`querystring.jsonFilter.${name}`, problem]),
    );
    throw badRequest('The filter is not valid', fields);
  }
  return parsed.filter;
}

/** Runs a report for the route's company (and its business units, for a parent). */
async function report(db: Db, request: FastifyRequest, query: ReportQueryType): Promise<ReportResult> {
  if (!isReportTypeId(query.reportType))
    throw badRequest('Unknown report type', { 'querystring.reportType': 'is not a report type' });
  if (!isReportTypeOpen(query.reportType, companyOf(request)))
    throw forbidden('Emissions reports need sustainability access');
  const filter = await filterOf(db, request, query);
  const companyIds = await reportCompanyIds(db, request, query.isParent);
  const data = await loadReportData(db, companyIds, entitiesOf(query.reportType));
  const today = query.today ?? new Date().toISOString().slice(0, 10);
  const context: ReportContext = { today };
  // The weather-normalised option exists for companies with weather normalisation (spec 000 company flags);
  // without the flag it is ignored, as the device ignores it, so a saved filter still runs.
  if (
    filter.weatherNormalized === true &&
    companyOf(request).weatherNormalizationAccess &&
    hasWeatherNormalizedOption(query.reportType)
  )
    context.stationTemperatures = await reportStationTemperatures(db, data);
  return runReport(query.reportType, filter, data, context);
}

/** The temperatures the server holds for the stations of the report's sites (cached NOAA days and the bundled). */
export async function reportStationTemperatures(
  db: Db,
  data: ReportData,
): Promise<(stationId: string) => DailyTemperatures> {
  const held = new Map<string, DailyTemperatures>();
  for (const location of data.locations) {
    const stationId = stationForState(location.state)?.station.ghcnId;
    if (stationId !== undefined && !held.has(stationId))
      held.set(stationId, await heldTemperatures(db, stationId));
  }
  return (stationId) => held.get(stationId) ?? new Map();
}

async function listFilters(db: Db, request: FastifyRequest, id: string | undefined) {
  if (id !== undefined) return savedFilter(db, request, id);
  return db
    .select()
    .from(reportFilters)
    .where(
      and(
        eq(reportFilters.companyId, companyOf(request).id),
        eq(reportFilters.userId, callerOf(request).userId),
      ),
    )
    .orderBy(asc(reportFilters.name), asc(reportFilters.id));
}

/** Saves a new filter, or (with `id` in the query) replaces the name, type and filter of one of the caller's. */
async function saveFilter(db: Db, request: FastifyRequest, reply: FastifyReply, body: Save, id?: string) {
  const { id: _bodyId, ...fields } = body;
  if (id !== undefined) return updateFilter(db, request, reply, id, fields);
  const { name, reportType, jsonFilter } = checkedFilter(body, 'body');
  // checkedFilter throws unless all three are valid; the check narrows their types.
  if (name === undefined || reportType === undefined || jsonFilter === undefined)
    throw badRequest('Some fields are not valid');
  return applyWrite(db, request, reply, async ({ tx, version, companyId, userId }) => {
    await assertNewIds(tx, reportFilters, [{ field: 'body.id', value: body.id }]);
    const [row] = await tx
      .insert(reportFilters)
      .values({
        ...(body.id ? { id: body.id.toLowerCase() } : {}),
        companyId,
        userId,
        version,
        name,
        reportType,
        jsonFilter: { ...jsonFilter },
      })
      .returning();
    return { statusCode: 201, body: row };
  });
}

/** Changes the name, type or filter of one of the caller's filters (If-Match: its version). */
function updateFilter(db: Db, request: FastifyRequest, reply: FastifyReply, id: string, body: Update) {
  const changes = checkedFilter(body, 'body');
  return applyWrite(db, request, reply, async ({ tx, version, expected }) => {
    const current = await savedFilter(tx, request, id);
    assertVersion(current, expected);
    const [row] = await tx
      .update(reportFilters)
      .set({
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.reportType === undefined ? {} : { reportType: changes.reportType }),
        ...(changes.jsonFilter === undefined ? {} : { jsonFilter: { ...changes.jsonFilter } }),
        version,
        updatedAt: sql`now()`,
      })
      .where(eq(reportFilters.id, current.id))
      .returning();
    return { statusCode: 200, body: row };
  });
}

/** Deletes one of the caller's filters (If-Match: its version); other devices drop it through the feed. */
function deleteFilter(db: Db, request: FastifyRequest, reply: FastifyReply, id: string) {
  return applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
    const current = await savedFilter(tx, request, id);
    assertVersion(current, expected);
    await tx.delete(reportFilters).where(eq(reportFilters.id, current.id));
    await writeTombstone(tx, companyId, 'reportFilters', current.id, version);
    return { statusCode: 200, body: { id: current.id } };
  });
}

/** Registers the report and saved filter calls with their consultant twins. */
export function reportingRoutes(app: App, { db }: AppDeps): Promise<void> {
  for (const route of twinRoutes('/reporting/report', { area: 'reports' }))
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: ReportQuery } },
      async (request) => report(db, request, request.query),
    );
  for (const route of twinRoutes('/reporting/reportFilters', { area: 'reports' }))
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: FilterQuery } },
      async (request) => listFilters(db, request, request.query.id),
    );
  syncedWriteRoute(
    app,
    'saveReportFilter',
    FILTER_ACCESS,
    { params: CompanyScopeParams, querystring: FilterQuery },
    async (request, reply) => saveFilter(db, request, reply, request.body, request.query.id),
  );
  syncedWriteRoute(
    app,
    'updateReportFilter',
    FILTER_ACCESS,
    { params: EntityScopeParams },
    async (request, reply) => updateFilter(db, request, reply, request.params.id, request.body),
  );
  syncedWriteRoute(
    app,
    'deleteReportFilter',
    FILTER_ACCESS,
    { params: EntityScopeParams },
    async (request, reply) => deleteFilter(db, request, reply, request.params.id),
  );
  return Promise.resolve();
}
