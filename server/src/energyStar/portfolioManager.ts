// The ENERGY STAR Portfolio Manager provider: asks EPA's web services for each month's metrics of the site's
// property ("Get Property Metrics": GET {url}/property/{propertyId}/metrics?year&month&measurementSystem=EPA with the
// metric names in the PM-Metrics header, HTTP Basic authentication, an XML answer). Portfolio Manager computes the
// score, so this provider sets it. Configured by ENERGY_STAR_PROVIDER=portfolio-manager, ENERGY_STAR_PM_URL,
// ENERGY_STAR_PM_USERNAME and ENERGY_STAR_PM_PASSWORD (README, docs/architecture.md §14).
import { DOMParser } from '@xmldom/xmldom';
import type { EnergyStarConfig } from '../config';
import { RefreshError } from './provider';
import type { EnergyStarProvider, RefreshedMonth } from './provider';

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

/** The metric values of a `<propertyMetrics>` answer by name; a nil or empty value is null. */
export function readPropertyMetrics(xml: string): Map<string, number | null> {
  const fail = (why: string) =>
    new RefreshError('badAnswer', `Portfolio Manager sent an answer this portal cannot read (${why}).`);
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
  if (problem !== null || root?.nodeName !== 'propertyMetrics') throw fail('not a propertyMetrics document');
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
    if (!Number.isFinite(number)) throw fail(`metric ${name} is not a number`);
    values.set(name, number);
  }
  return values;
}

function score(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Math.round(value);
}

async function monthMetrics(
  config: Extract<EnergyStarConfig, { provider: 'portfolio-manager' }>,
  propertyId: string,
  metricMonth: string,
): Promise<RefreshedMonth> {
  const year = metricMonth.slice(0, 4);
  const month = Number(metricMonth.slice(5, 7));
  const url = `${config.url}/property/${propertyId}/metrics?year=${year}&month=${month}&measurementSystem=EPA`;
  const credentials = Buffer.from(`${config.username}:${config.password}`).toString('base64');
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        authorization: `Basic ${credentials}`,
        accept: 'application/xml',
        'PM-Metrics': Object.values(PM_METRICS).join(','),
      },
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
  if (response.status === 404)
    throw new RefreshError(
      'notLinked',
      `Portfolio Manager has no property ${propertyId} shared with this portal.`,
    );
  if (!response.ok)
    throw new RefreshError(
      'unreachable',
      `Portfolio Manager answered ${response.status}. Please try again later.`,
    );
  const values = readPropertyMetrics(await response.text());
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

/** The provider for a Portfolio Manager account; the site needs its property id (locations.es_property_id). */
export function portfolioManagerProvider(
  config: Extract<EnergyStarConfig, { provider: 'portfolio-manager' }>,
): EnergyStarProvider {
  return {
    name: 'portfolio-manager',
    async refresh(site) {
      const propertyId = site.esPropertyId?.trim() ?? '';
      if (!/^[0-9]{1,18}$/.test(propertyId))
        throw new RefreshError('notLinked', 'This site is not linked to a Portfolio Manager property.');
      const months: RefreshedMonth[] = [];
      // One month at a time: Portfolio Manager limits request rates, and a year is twelve small requests.
      for (const month of site.months.slice(-PM_MONTHS_PER_REFRESH))
        months.push(await monthMetrics(config, propertyId, month));
      return months;
    },
  };
}
