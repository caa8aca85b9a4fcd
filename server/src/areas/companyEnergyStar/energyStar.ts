// The site ENERGY STAR calls of spec 000 §7, each also under /api/companies/:companyId: the monthly rows of a date
// range, a score update (a synced write: idempotent by key, If-Match on the month's row) and a refresh from the
// configured provider (server/src/energyStar), and a push of the site's consumption to Portfolio Manager. Every route needs Energy Star access (spec 000 §5).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { callerOf, companyOf } from '../../auth/access';
import { assertNewIds } from '../../http/newIds';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tx';
import { bills, energyStarMetrics, energyStarPushes, locations, users } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../errors';
import { energyStarProvider, RefreshError } from '../../energyStar/provider';
import type { PushedMeter, RefreshedMonth } from '../../energyStar/provider';
import { assertVersion, runSyncedWrite, writeContextOf } from '../../sync/syncedWrite';
import { applyWrite, syncedWriteRoute } from '../../sync/writeRoute';
import {
  defaultBaselineMonths,
  energyStarView,
  esScoreProblem,
  latestRow,
} from '../../../../src/domain/energyStar';
import { monthKey } from '../../../../src/domain/totals';
import { EntityScopeParams, MonthString, twinRoutes } from '../../http/twinRoutes';

type MetricRow = typeof energyStarMetrics.$inferSelect;

const RangeQuery = Type.Object(
  { fromDate: Type.Optional(MonthString), toDate: Type.Optional(MonthString) },
  { additionalProperties: false },
);

const ACCESS = { entity: 'locations', area: 'companyEnergyStar' } as const;

/** The site of the route within the route's company (the twin names the company: another's site is missing). */
async function siteOf(db: Db | Tx, companyId: number, id: string) {
  const [site] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, id.toLowerCase()), eq(locations.companyId, companyId)));
  if (!site) throw notFound('No such location');
  return site;
}

/**
 * A site a provider works on (a refresh, a push), with its bills' months, read dates and per-service figures; 400 when
 * ENERGY STAR is not active for it.
 */
async function activeSiteWithBills(db: Db, companyId: number, id: string) {
  const site = await siteOf(db, companyId, id);
  if (!site.isEnergyStarActive) throw badRequest('ENERGY STAR is not active for this site.');
  const siteBills = await db
    .select({
      billMonth: bills.billMonth,
      readDateFrom: bills.readDateFrom,
      readDateTo: bills.readDateTo,
      services: bills.services,
    })
    .from(bills)
    .where(eq(bills.locationId, site.id));
  return { site, siteBills };
}

function metricsOf(db: Db | Tx, locationId: string): Promise<MetricRow[]> {
  return db
    .select()
    .from(energyStarMetrics)
    .where(eq(energyStarMetrics.locationId, locationId))
    .orderBy(asc(energyStarMetrics.metricMonth));
}

const ENERGY_FIELDS = ['sourceIntensity', 'locationIntensity', 'sourceTotal', 'locationTotal'] as const;

/** The stored row's fields a refreshed month changes (empty when it changes nothing). */
function refreshedFields(row: MetricRow, month: RefreshedMonth): Partial<MetricRow> {
  const fields: Partial<MetricRow> = {};
  for (const key of ENERGY_FIELDS) if (row[key] !== month[key]) fields[key] = month[key];
  if (month.score !== undefined && row.score !== month.score) fields.score = month.score;
  if (month.totalGHGEmissions !== undefined && row.totalGHGEmissions !== month.totalGHGEmissions)
    fields.totalGHGEmissions = month.totalGHGEmissions;
  return fields;
}

/**
 * Stores a provider's months as one synced write: changed rows are updated; a new month gets a row whose score is the
 * provider's, or the latest earlier score (the score as last set); a site without a baseline takes its first twelve
 * months as one. Answers the rows it wrote.
 */
async function storeRefresh(
  tx: Tx,
  version: number,
  site: { id: string; companyId: number },
  months: readonly RefreshedMonth[],
): Promise<MetricRow[]> {
  const existing = await metricsOf(tx, site.id);
  const byMonth = new Map(existing.map((row) => [row.metricMonth, row]));
  const baseline = existing.some((row) => row.isBaseline)
    ? new Set<string>()
    : defaultBaselineMonths(months.map((month) => month.metricMonth));
  const written: MetricRow[] = [];
  for (const month of [...months].sort((a, b) => a.metricMonth.localeCompare(b.metricMonth))) {
    const row = byMonth.get(month.metricMonth);
    if (row) {
      const fields = refreshedFields(row, month);
      if (Object.keys(fields).length === 0) continue;
      const [updated] = await tx
        .update(energyStarMetrics)
        .set({ ...fields, version, updatedAt: sql`now()` })
        .where(eq(energyStarMetrics.id, row.id))
        .returning();
      if (updated) written.push(updated);
      continue;
    }
    const earlier = latestRow([...byMonth.values()].filter((other) => other.metricMonth < month.metricMonth));
    const [inserted] = await tx
      .insert(energyStarMetrics)
      .values({
        id: randomUUID(),
        companyId: site.companyId,
        version,
        locationId: site.id,
        metricMonth: month.metricMonth,
        score: month.score !== undefined ? month.score : (earlier?.score ?? null),
        isBaseline: baseline.has(month.metricMonth),
        sourceIntensity: month.sourceIntensity,
        locationIntensity: month.locationIntensity,
        sourceTotal: month.sourceTotal,
        locationTotal: month.locationTotal,
        totalGHGEmissions: month.totalGHGEmissions ?? earlier?.totalGHGEmissions ?? null,
      })
      .returning();
    if (inserted) {
      written.push(inserted);
      byMonth.set(inserted.metricMonth, inserted);
    }
  }
  return written;
}

/**
 * The answer of a refresh or push that could not be done: 400 for a site the provider cannot know, 409 for a provider
 * with nothing to push to, 502 otherwise.
 */
function refreshFailed(error: RefreshError): ApiError {
  if (error.failure === 'notLinked') return badRequest(error.message);
  if (error.failure === 'nothingToPushTo') return new ApiError(409, 'nothing_to_push_to', error.message);
  return new ApiError(502, 'provider_failed', error.message);
}

/** The last consumption push of a site, with the name of who sent it (null when none was sent). */
async function lastPush(db: Db, locationId: string) {
  const [row] = await db
    .select({
      pushedAt: energyStarPushes.pushedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      meters: energyStarPushes.meters,
    })
    .from(energyStarPushes)
    .leftJoin(users, eq(users.id, energyStarPushes.pushedBy))
    .where(eq(energyStarPushes.locationId, locationId));
  if (!row) return null;
  const pushedBy = row.firstName !== null ? `${row.firstName} ${row.lastName ?? ''}`.trim() : null;
  return { pushedAt: row.pushedAt, pushedBy, meters: row.meters };
}

/** Registers the site ENERGY STAR routes and their consultant twins. */
export function energyStarRoutes(app: App, { db, config }: AppDeps): Promise<void> {
  const provider = energyStarProvider(config.energyStar);

  for (const route of twinRoutes('/locations/:id/energystar', ACCESS)) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams, querystring: RangeQuery } },
      async (request) => {
        const site = await siteOf(db, companyOf(request).id, request.params.id);
        const { fromDate, toDate } = request.query;
        const view = energyStarView(await metricsOf(db, site.id), {
          from: fromDate ? monthKey(fromDate) : null,
          to: toDate ? monthKey(toDate) : null,
        });
        return {
          locationId: site.id,
          locationName: site.name,
          baseline: view.baseline,
          rows: view.rows.map((row) => ({ ...row, locationName: site.name })),
        };
      },
    );
  }

  syncedWriteRoute(
    app,
    'updateEsScore',
    { company: { from: 'entity', entity: 'locations', param: 'id' }, area: 'companyEnergyStar', twin: true },
    { params: EntityScopeParams },
    async (request, reply) => {
      const { esScore, esScoreDate, id } = request.body;
      const problem = esScoreProblem(esScore);
      if (problem) throw badRequest(`The score ${problem}`, { 'body.esScore': problem });
      const metricMonth = esScoreDate.slice(0, 7);
      return applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
        const site = await siteOf(tx, companyId, request.params.id);
        const [current] = await tx
          .select()
          .from(energyStarMetrics)
          .where(
            and(eq(energyStarMetrics.locationId, site.id), eq(energyStarMetrics.metricMonth, metricMonth)),
          );
        if (current) {
          assertVersion(current, expected);
          const [row] = await tx
            .update(energyStarMetrics)
            .set({ score: esScore, version, updatedAt: sql`now()` })
            .where(eq(energyStarMetrics.id, current.id))
            .returning();
          return { statusCode: 200, body: row };
        }
        // A month without figures yet: its row starts with the score alone; a refresh adds the energy.
        await assertNewIds(tx, energyStarMetrics, [{ field: 'body.id', value: id }]);
        const [row] = await tx
          .insert(energyStarMetrics)
          .values({
            id: id?.toLowerCase() ?? randomUUID(),
            companyId,
            version,
            locationId: site.id,
            metricMonth,
            score: esScore,
          })
          .returning();
        return { statusCode: 201, body: row };
      });
    },
  );

  for (const route of twinRoutes('/locations/:id/refreshEsScore', ACCESS)) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams } },
      async (request) => {
        const companyId = companyOf(request).id;
        const { site, siteBills } = await activeSiteWithBills(db, companyId, request.params.id);
        const months = [...new Set(siteBills.map((bill) => bill.billMonth))].sort();
        let refreshed: RefreshedMonth[];
        try {
          // Outside the transaction: a provider may be a slow remote service.
          refreshed = await provider.refresh({ ...site, locationId: site.id, bills: siteBills, months });
        } catch (error) {
          if (error instanceof RefreshError) throw refreshFailed(error);
          throw error;
        }
        const context = writeContextOf(request, companyId, callerOf(request).userId);
        const result = await runSyncedWrite(db, context, async (tx, version) => {
          const rows = await storeRefresh(tx, version, site, refreshed);
          return {
            statusCode: 200,
            body: { provider: provider.name, months: refreshed.length, changed: rows.length, rows },
          };
        });
        return result.body;
      },
    );
  }
  // A push sends the site's bill consumption to its property's meters (docs/architecture.md §14). It writes only
  // to Portfolio Manager and to the server's record of the last push, so it is online and not a synced write.
  for (const route of twinRoutes('/locations/:id/energyStar/pushConsumption', { ...ACCESS, write: true })) {
    app.post(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams } },
      async (request) => {
        const companyId = companyOf(request).id;
        const { site, siteBills } = await activeSiteWithBills(db, companyId, request.params.id);
        let meters: PushedMeter[];
        try {
          meters = await provider.pushConsumption({
            locationId: site.id,
            esPropertyId: site.esPropertyId,
            bills: siteBills,
          });
        } catch (error) {
          if (error instanceof RefreshError) throw refreshFailed(error);
          throw error;
        }
        const pushedBy = callerOf(request).userId;
        const record = { locationId: site.id, companyId, pushedBy, meters, pushedAt: sql`now()` };
        await db
          .insert(energyStarPushes)
          .values(record)
          .onConflictDoUpdate({
            target: [energyStarPushes.locationId, energyStarPushes.companyId],
            set: record,
          });
        return lastPush(db, site.id);
      },
    );
  }
  for (const route of twinRoutes('/locations/:id/energyStar/pushConsumption', ACCESS)) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams } },
      async (request) => {
        const site = await siteOf(db, companyOf(request).id, request.params.id);
        return { push: await lastPush(db, site.id) };
      },
    );
  }
  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
