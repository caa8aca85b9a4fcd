// The ENERGY STAR Portfolio Manager provider: asks EPA's web services for each month's metrics of the site's
// property ("Get Property Metrics": GET {url}/property/{propertyId}/metrics?year&month&measurementSystem=EPA with the
// metric names in the PM-Metrics header, HTTP Basic authentication, an XML answer). Portfolio Manager computes the
// score, so this provider sets it. Configured by ENERGY_STAR_PROVIDER=portfolio-manager, ENERGY_STAR_PM_URL,
// ENERGY_STAR_PM_USERNAME and ENERGY_STAR_PM_PASSWORD (README, docs/architecture.md §14).
import { DOMParser } from '@xmldom/xmldom';
import type { EnergyStarConfig } from '../config';
import { RefreshError } from './provider';
import type { EnergyStarProvider, PushedMeter, PushSite, RefreshedMonth } from './provider';
import {
  chunked,
  entriesNotPresent,
  meterConsumption,
  PM_UNITS,
  SERVICE_OF_METER_TYPE,
} from '../../../src/domain/energyStarConsumption';
import type { ConsumptionEntry, ConsumptionPeriod } from '../../../src/domain/energyStarConsumption';

/** Portfolio Manager's names of the metrics a monthly row holds (measurementSystem EPA: kBtu, kBtu/ft², tCO2e). */
export const PM_METRICS = {
  score: 'score',
  siteTotal: 'siteTotal',
  sourceTotal: 'sourceTotal',
  siteIntensity: 'siteIntensity',
  sourceIntensity: 'sourceIntensity',
  totalGHGEmissions: 'totalLocationBasedGHGEmissions',
} as const;

/** Months asked per refresh, one request each: the latest year, which is what a score covers. */
export const PM_MONTHS_PER_REFRESH = 12;

const TIMEOUT_MS = 20_000;
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** The root element of an XML answer named `rootName`; an answer that does not parse or is another document is refused. */
function parsedXml(xml: string, rootName: string) {
  let problem: string | null = null;
  const document = new DOMParser({
    errorHandler: {
      warning: () => undefined,
      error: (message: string) => {
        problem ??= message;
      },
      fatalError: (message: string) => {
        problem ??= message;
      },
    },
  }).parseFromString(xml, 'text/xml');
  const root = document.documentElement;
  if (problem !== null || root?.nodeName !== rootName)
    throw new RefreshError(
      'badAnswer',
      `Portfolio Manager sent an answer this portal cannot read (not a ${rootName} document).`,
    );
  return root;
}

/** The metric values of a `<propertyMetrics>` answer by name; a nil or empty value is null. */
export function readPropertyMetrics(xml: string): Map<string, number | null> {
  const root = parsedXml(xml, 'propertyMetrics');
  const values = new Map<string, number | null>();
  const metrics = root.getElementsByTagName('metric');
  for (let i = 0; i < metrics.length; i += 1) {
    const metric = metrics.item(i);
    const name = metric?.getAttribute('name');
    if (!metric || !name) continue;
    const value = metric.getElementsByTagName('value').item(0);
    const text = value?.textContent?.trim() ?? '';
    const isNil = value?.getAttributeNS(XSI, 'nil') === 'true' || value?.getAttribute('xsi:nil') === 'true';
    if (isNil || text === '') {
      values.set(name, null);
      continue;
    }
    const number = Number(text);
    if (!Number.isFinite(number))
      throw new RefreshError(
        'badAnswer',
        `Portfolio Manager sent an answer this portal cannot read (metric ${name} is not a number).`,
      );
    values.set(name, number);
  }
  return values;
}

function score(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Math.round(value);
}

type PmConfig = Extract<EnergyStarConfig, { provider: 'portfolio-manager' }>;

/**
 * One call to Portfolio Manager's web services (HTTP Basic authentication, XML both ways); answers the XML text.
 * 401/403 is a refused account, 404 a property or meter not shared with it, anything else not OK a failure to retry.
 */
async function pmCall(
  config: PmConfig,
  path: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; missing: string },
): Promise<string> {
  const credentials = Buffer.from(`${config.username}:${config.password}`).toString('base64');
  let response: Response;
  try {
    response = await fetch(`${config.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Basic ${credentials}`,
        accept: 'application/xml',
        ...(init.body !== undefined ? { 'content-type': 'application/xml' } : {}),
        ...init.headers,
      },
      body: init.body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new RefreshError('unreachable', 'Portfolio Manager could not be reached. Please try again later.');
  }
  if (response.status === 401 || response.status === 403)
    throw new RefreshError(
      'refused',
      'Portfolio Manager refused the account this portal is configured with.',
    );
  if (response.status === 404) throw new RefreshError('notLinked', init.missing);
  if (!response.ok) {
    const description = /errorDescription="([^"]{1,300})"/.exec(await response.text())?.[1];
    throw new RefreshError(
      'unreachable',
      `Portfolio Manager answered ${response.status}${description ? `: ${description}` : ''}. Please try again later.`,
    );
  }
  return response.text();
}

async function monthMetrics(
  config: PmConfig,
  propertyId: string,
  metricMonth: string,
): Promise<RefreshedMonth> {
  const year = metricMonth.slice(0, 4);
  const month = Number(metricMonth.slice(5, 7));
  const xml = await pmCall(
    config,
    `/property/${propertyId}/metrics?year=${year}&month=${month}&measurementSystem=EPA`,
    {
      headers: { 'PM-Metrics': Object.values(PM_METRICS).join(',') },
      missing: `Portfolio Manager has no property ${propertyId} shared with this portal.`,
    },
  );
  const values = readPropertyMetrics(xml);
  return {
    metricMonth,
    score: score(values.get(PM_METRICS.score)),
    locationTotal: values.get(PM_METRICS.siteTotal) ?? null,
    sourceTotal: values.get(PM_METRICS.sourceTotal) ?? null,
    locationIntensity: values.get(PM_METRICS.siteIntensity) ?? null,
    sourceIntensity: values.get(PM_METRICS.sourceIntensity) ?? null,
    totalGHGEmissions: values.get(PM_METRICS.totalGHGEmissions) ?? null,
  };
}

/** The most entries Portfolio Manager takes in one "Add Meter Consumption Data" call. */
export const PM_ENTRIES_PER_CALL = 120;

/** The meter ids of a "Get Meter List" answer (`<response><links><link id=…/>`). */
export function readMeterList(xml: string): string[] {
  const links = parsedXml(xml, 'response').getElementsByTagName('link');
  const ids: string[] = [];
  for (let i = 0; i < links.length; i += 1) {
    const id = links.item(i)?.getAttribute('id')?.trim();
    if (id && /^[0-9]{1,18}$/.test(id)) ids.push(id);
  }
  return ids;
}

/** A "Get Meter" answer: its name, type and unit of measure. */
export function readMeter(xml: string): { name: string; type: string; unitOfMeasure: string } {
  const root = parsedXml(xml, 'meter');
  const text = (tag: string) => root.getElementsByTagName(tag).item(0)?.textContent?.trim() ?? '';
  return { name: text('name'), type: text('type'), unitOfMeasure: text('unitOfMeasure') };
}

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The body of "Add Meter Consumption Data": `<meterData>` with one `<meterConsumption>` per entry, its elements in the
 * order of EPA's sample request (cost, startDate, endDate, usage) and `estimatedValue="false"`: a bill's figures are
 * actual readings as far as this portal knows.
 */
export function meterDataXml(entries: readonly ConsumptionEntry[]): string {
  const rows = entries.map(
    (entry) =>
      `  <meterConsumption estimatedValue="false"><cost>${entry.cost}</cost><startDate>${escapeXml(entry.startDate)}</startDate><endDate>${escapeXml(entry.endDate)}</endDate><usage>${entry.usage}</usage></meterConsumption>`,
  );
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<meterData>', ...rows, '</meterData>'].join('\n');
}

/** The most pages of a meter's consumption read before a push (120 entries a page: 30 years of months, many times). */
const PM_MAX_CONSUMPTION_PAGES = 50;

/** The periods of a "Get Meter Consumption Data" page, and the path of the next page if there is one. */
export function readMeterData(xml: string): { periods: ConsumptionPeriod[]; nextPage: string | null } {
  const root = parsedXml(xml, 'meterData');
  const entries = root.getElementsByTagName('meterConsumption');
  const periods: ConsumptionPeriod[] = [];
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries.item(i);
    const text = (tag: string) => entry?.getElementsByTagName(tag).item(0)?.textContent?.trim() ?? '';
    const startDate = text('startDate');
    const endDate = text('endDate');
    if (/^\d{4}-\d{2}-\d{2}$/.test(startDate) && /^\d{4}-\d{2}-\d{2}$/.test(endDate))
      periods.push({ startDate, endDate });
  }
  const links = root.getElementsByTagName('link');
  let nextPage: string | null = null;
  for (let i = 0; i < links.length; i += 1) {
    const link = links.item(i);
    if (link?.getAttribute('linkDescription')?.toLowerCase().includes('next page'))
      nextPage = link.getAttribute('link');
  }
  return {
    periods,
    nextPage: nextPage && /^\/meter\/[0-9]{1,18}\/consumptionData\?/.test(nextPage) ? nextPage : null,
  };
}

/** Every period a meter already holds ("Get Meter Consumption Data", followed page by page). */
async function presentPeriods(
  config: PmConfig,
  meterId: string,
  missing: string,
): Promise<ConsumptionPeriod[]> {
  const periods: ConsumptionPeriod[] = [];
  let path: string | null = `/meter/${meterId}/consumptionData?page=1`;
  for (let page = 0; path !== null && page < PM_MAX_CONSUMPTION_PAGES; page += 1) {
    const answer = readMeterData(await pmCall(config, path, { missing }));
    periods.push(...answer.periods);
    path = answer.nextPage;
  }
  return periods;
}

/**
 * Sends a site's consumption to its property's meters by EPA's published web services
 * (https://portfoliomanager.energystar.gov/webservices/home/api/meter): "Get Meter List" (GET
 * /property/{propertyId}/meter/list), "Get Meter" (GET /meter/{meterId}: type and unitOfMeasure) for each, and "Add
 * Meter Consumption Data" (POST /meter/{meterId}/consumptionData, at most 120 `<meterConsumption>` entries a call).
 * The first meter of each type takes the site's service of that type; the rest are reported as skipped.
 */
async function pushToProperty(config: PmConfig, propertyId: string, site: PushSite): Promise<PushedMeter[]> {
  const missingProperty = `Portfolio Manager has no property ${propertyId} shared with this portal.`;
  const meterIds = readMeterList(
    await pmCall(config, `/property/${propertyId}/meter/list`, { missing: missingProperty }),
  );
  const pushed: PushedMeter[] = [];
  const served = new Set<string>();
  for (const meterId of meterIds) {
    const missingMeter = `Portfolio Manager has no meter ${meterId} shared with this portal.`;
    const meter = readMeter(await pmCall(config, `/meter/${meterId}`, { missing: missingMeter }));
    const service = SERVICE_OF_METER_TYPE[meter.type] ?? null;
    const base = {
      meterId,
      meterName: meter.name,
      meterType: meter.type,
      unitOfMeasure: meter.unitOfMeasure,
      service,
      entries: 0,
      alreadyPresent: 0,
      calls: 0,
      startDate: null,
      endDate: null,
    };
    if (service === null) {
      pushed.push({ ...base, skipped: `No service of this site is a "${meter.type}" meter.` });
      continue;
    }
    if (served.has(service)) {
      pushed.push({
        ...base,
        skipped: `Another "${meter.type}" meter of the property takes this site's bills.`,
      });
      continue;
    }
    if (!(meter.unitOfMeasure in PM_UNITS)) {
      pushed.push({
        ...base,
        skipped: `The unit "${meter.unitOfMeasure}" has no conversion in this portal.`,
      });
      continue;
    }
    served.add(service);
    const consumption = meterConsumption(site.bills, service, meter.unitOfMeasure);
    const { unconvertible } = consumption;
    const entries = entriesNotPresent(
      consumption.entries,
      await presentPeriods(config, meterId, missingMeter),
    );
    const alreadyPresent = consumption.entries.length - entries.length;
    if (consumption.entries.length === 0) {
      pushed.push({
        ...base,
        skipped:
          unconvertible > 0
            ? `The bills' units cannot be converted to ${meter.unitOfMeasure}.`
            : 'The site has no bills with usage of this service.',
      });
      continue;
    }
    if (entries.length === 0) {
      pushed.push({
        ...base,
        alreadyPresent,
        skipped: 'The meter already holds every period of this site’s bills.',
      });
      continue;
    }
    const calls = chunked(entries, PM_ENTRIES_PER_CALL);
    for (const call of calls)
      await pmCall(config, `/meter/${meterId}/consumptionData`, {
        method: 'POST',
        body: meterDataXml(call),
        missing: missingMeter,
      });
    pushed.push({
      ...base,
      entries: entries.length,
      alreadyPresent,
      calls: calls.length,
      startDate: entries[0]?.startDate ?? null,
      endDate: entries.reduce((last, entry) => (entry.endDate > last ? entry.endDate : last), ''),
      skipped: null,
    });
  }
  return pushed;
}

/** The site's Portfolio Manager property id (locations.es_property_id); a site without one is not linked. */
function propertyIdOf(site: { esPropertyId: string | null }): string {
  const propertyId = site.esPropertyId?.trim() ?? '';
  if (!/^[0-9]{1,18}$/.test(propertyId))
    throw new RefreshError('notLinked', 'This site is not linked to a Portfolio Manager property.');
  return propertyId;
}

/** The provider for a Portfolio Manager account; the site needs its property id (locations.es_property_id). */
export function portfolioManagerProvider(config: PmConfig): EnergyStarProvider {
  return {
    name: 'portfolio-manager',
    async refresh(site) {
      const propertyId = propertyIdOf(site);
      const months: RefreshedMonth[] = [];
      // One month at a time: Portfolio Manager limits request rates, and a year is twelve small requests.
      for (const month of site.months.slice(-PM_MONTHS_PER_REFRESH))
        months.push(await monthMetrics(config, propertyId, month));
      return months;
    },
    async pushConsumption(site) {
      return pushToProperty(config, propertyIdOf(site), site);
    },
  };
}
