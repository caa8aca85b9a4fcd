// A stand-in for ENERGY STAR Portfolio Manager's web services on loopback, answering "Get Property Metrics" the way
// the published API does: HTTP Basic authentication, GET /property/{id}/metrics?year&month&measurementSystem with the
// metric names in the PM-Metrics header, an XML <propertyMetrics> answer whose unavailable values are xsi:nil.
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';

/** One request the fake received. */
export interface PmRequest {
  path: string;
  query: URLSearchParams;
  metricsHeader: string | undefined;
  authorization: string | undefined;
  accept: string | undefined;
}

/** The fake server: its base URL (like `.../ws`), what it received, and how to stop it. */
export interface FakePortfolioManager {
  url: string;
  requests: PmRequest[];
  close(): Promise<void>;
}

/** The figures the fake reports for a property and month: deterministic, so tests can expect them. */
export function fakeMetrics(propertyId: string, year: number, month: number) {
  const base = (Number(propertyId) % 1000) + month;
  return {
    score: 40 + ((year + month) % 50),
    siteTotal: base * 1000.5,
    sourceTotal: base * 2100.25,
    siteIntensity: base / 10,
    sourceIntensity: base / 5,
    // Portfolio Manager leaves emissions empty when it lacks the data: January has none here.
    totalLocationBasedGHGEmissions: month === 1 ? null : base / 100,
  };
}

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

function metricXml(name: string, value: number | null, uom?: string): string {
  const unit = uom ? ` uom="${uom}"` : '';
  const body = value === null ? '<value xsi:nil="true"/>' : `<value>${value}</value>`;
  return `  <metric name="${name}" dataType="numeric"${unit}>${body}</metric>`;
}

function propertyMetricsXml(
  propertyId: string,
  year: number,
  month: number,
  names: readonly string[],
): string {
  const figures = fakeMetrics(propertyId, year, month);
  const units: Record<string, string> = {
    siteTotal: 'kBtu',
    sourceTotal: 'kBtu',
    siteIntensity: 'kBtu/ft²',
    sourceIntensity: 'kBtu/ft²',
    totalLocationBasedGHGEmissions: 'Metric Tons CO2e',
  };
  const metrics = names
    .filter((name): name is keyof typeof figures => name in figures)
    .map((name) => metricXml(name, figures[name], units[name]));
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    `<propertyMetrics xmlns:xsi="${XSI}" propertyId="${propertyId}" year="${year}" month="${month}" periodType="CURRENT">`,
    ...metrics,
    '</propertyMetrics>',
  ].join('\n');
}

function errorXml(description: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><response status="Error"><errors><error errorNumber="0" errorDescription="${description}"/></errors></response>`;
}

/**
 * Starts the fake for one account (`username`/`password`). Property ids in `unknownProperties` answer 404, as for a
 * property not shared with the account.
 */
export async function startFakePortfolioManager(account: {
  username: string;
  password: string;
  unknownProperties?: readonly string[];
}): Promise<FakePortfolioManager> {
  const requests: PmRequest[] = [];
  const expected = `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;
  const server: Server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push({
      path: url.pathname,
      query: url.searchParams,
      metricsHeader: request.headers['pm-metrics'] as string | undefined,
      authorization: request.headers.authorization,
      accept: request.headers.accept,
    });
    const send = (status: number, xml: string) => {
      response.writeHead(status, { 'content-type': 'application/xml' });
      response.end(xml);
    };
    if (request.headers.authorization !== expected) return send(401, errorXml('Unauthorized'));
    const match = /^\/ws\/property\/([0-9]+)\/metrics$/.exec(url.pathname);
    if (request.method !== 'GET' || !match?.[1]) return send(404, errorXml('Not found'));
    const propertyId = match[1];
    if (account.unknownProperties?.includes(propertyId))
      return send(404, errorXml(`Property ${propertyId} is not shared with you`));
    const year = Number(url.searchParams.get('year'));
    const month = Number(url.searchParams.get('month'));
    const names =
      (request.headers['pm-metrics'] as string | undefined)?.split(',').map((n) => n.trim()) ?? [];
    return send(200, propertyMetricsXml(propertyId, year, month, names));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake Portfolio Manager has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}/ws`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
