// Weather normalisation on the server (docs/architecture.md §14 Weather), for companies with the
// `weatherNormalizationAccess` flag (spec 000): an account's Weather report computed by the same domain function as
// the device's worker, on NOAA's temperatures (cached) and the bundled ones; and a station's daily temperatures, so
// a device that is online can compute with NOAA's days too.
import { BILL_FIGURE_COLUMNS } from '../../db/billFigures';
import { and, asc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { companyOf } from '../../auth/access';
import { bills, locations } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { CompanyId, IsoDate } from '../../http/commonSchemas';
import { EntityScopeParams, twinRoutes } from '../../http/twinRoutes';
import { accountOf } from './accountRows';
import { weatherReport } from '../../../../src/domain/weather/accountWeather';
import { addDays, daysBetween, MAXIMUM_STATION_RANGE_DAYS } from '../../../../src/domain/weather/degreeDays';
import {
  BUNDLED_STATIONS,
  stationForState,
  temperatureCoverage,
} from '../../../../src/domain/weather/stations';
import { nceiSource } from '../../weather/ncei';
import { cachedTemperatures, stationTemperatures } from '../../weather/temperatures';

const StationParams = Type.Object(
  { companyId: Type.Optional(CompanyId), ghcnId: Type.String({ pattern: '^[A-Z0-9]{11}$' }) },
  { additionalProperties: false },
);

const RangeQuery = Type.Object({ start: IsoDate, end: IsoDate }, { additionalProperties: false });

const ReportQuery = Type.Object({ baselineEnd: Type.Optional(IsoDate) }, { additionalProperties: false });

/** Registers the weather routes with their consultant twins. */
export async function accountWeatherRoutes(app: App, { db, config }: AppDeps): Promise<void> {
  const upstream = config.weatherNcei ? nceiSource(config.weatherNcei) : null;

  for (const route of twinRoutes('/weather/accounts/:id', { entity: 'accounts', area: 'accounts' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams, querystring: ReportQuery } },
      async (request) => {
        const company = companyOf(request);
        // Without the flag the feature does not exist for the company (spec 000 company flags).
        if (!company.weatherNormalizationAccess) throw notFound();
        const account = await accountOf(db, company.id, request.params.id);
        const [location] = await db
          .select({ state: locations.state })
          .from(locations)
          .where(and(eq(locations.id, account.locationId), eq(locations.companyId, company.id)));
        const rows = await db
          .select({ id: bills.id, ...BILL_FIGURE_COLUMNS })
          .from(bills)
          .where(and(eq(bills.accountId, account.id), eq(bills.companyId, company.id)))
          .orderBy(asc(bills.billMonth), asc(bills.id));
        const site = location ? stationForState(location.state) : null;
        if (site === null) return { station: null, report: null };
        const starts = rows.flatMap((bill) => (bill.readDateFrom ? [bill.readDateFrom] : [])).sort();
        const ends = rows.flatMap((bill) => (bill.readDateTo ? [bill.readDateTo] : [])).sort();
        const first = starts[0];
        const last = ends.at(-1);
        const station = await stationTemperatures(
          { db, upstream, now: new Date() },
          site.station.ghcnId,
          first ?? addDays(new Date().toISOString().slice(0, 10), -365),
          last ?? new Date().toISOString().slice(0, 10),
        );
        if (station.upstreamError !== null)
          request.log.warn({ err: station.upstreamError }, 'NOAA temperatures unavailable');
        return {
          station: {
            ...site,
            coverage: temperatureCoverage(station.temperatures),
            sources: station.sources,
            upstreamAvailable: upstream !== null && station.upstreamError === null,
          },
          report: weatherReport(rows, station.temperatures, request.query.baselineEnd ?? null),
        };
      },
    );
  }

  // A station's NOAA days for a range (none unless NOAA is configured), for the device's worker to add to the
  // bundled ones. Only the stations the product maps sites to.
  for (const route of twinRoutes('/weather/stations/:ghcnId/temperatures', { area: 'accounts' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: StationParams, querystring: RangeQuery } },
      async (request) => {
        if (!companyOf(request).weatherNormalizationAccess) throw notFound();
        const { ghcnId } = request.params;
        if (!BUNDLED_STATIONS.some((station) => station.ghcnId === ghcnId)) throw notFound();
        const { start, end } = request.query;
        const span = daysBetween(start, end);
        if (span < 0 || span > MAXIMUM_STATION_RANGE_DAYS)
          throw badRequest(`The range must run forward and span at most ${MAXIMUM_STATION_RANGE_DAYS} days`);
        if (upstream === null) return { source: null, days: [] };
        const cached = await cachedTemperatures(db, upstream, ghcnId, start, end, new Date());
        if (cached.error !== null) request.log.warn({ err: cached.error }, 'NOAA temperatures unavailable');
        return {
          source: cached.temperatures.size > 0 ? upstream.name : null,
          days: [...cached.temperatures].sort(([a], [b]) => a.localeCompare(b)),
        };
      },
    );
  }
}
