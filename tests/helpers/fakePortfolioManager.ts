// A stand-in for ENERGY STAR Portfolio Manager's web services on loopback, answering "Get Property Metrics" the way
// the published API does: HTTP Basic authentication, GET /property/{id}/metrics?year&month&measurementSystem with the
// metric names in the PM-Metrics header, an XML <propertyMetrics> answer whose unavailable values are xsi:nil. It also
// answers the meter calls a consumption push makes ("Get Meter List", "Get Meter", "Get Meter Consumption Data" in
// pages of 120 with a "next page" link, "Add Meter Consumption Data",
// https://portfoliomanager.energystar.gov/webservices/home/api/meter), refusing more than 120 entries in one call and
// a period that overlaps one the meter holds.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** One request the fake received. */
export interface PmRequest {
  method: string;
  path: string;
  body: string;
  query: URLSearchParams;
  metricsHeader: string | undefined;
  authorization: string | undefined;
  accept: string | undefined;
}

/** The fake server: its base URL (like `.../ws`), what it received, and how to stop it. */
export interface FakePortfolioManager {
  url: string;
  requests: PmRequest[];
  /** The consumption entries each meter received, in the order received. */
  consumption: Map<string, FakeConsumption[]>;
  close(): Promise<void>;
}

/** A meter of a property, as "Get Meter" describes it. */
export interface FakeMeter {
  id: string;
  name: string;
  type: string;
  unitOfMeasure: string;
}

/** One consumption entry a meter holds. */
export interface FakeConsumption {
  startDate: string;
  endDate: string;
  usage: number;
  cost: number | null;
}

/** The most entries one "Add Meter Consumption Data" call may carry (EPA's web services documentation). */
export const FAKE_PM_ENTRIES_PER_CALL = 120;

function meterListXml(meters: readonly FakeMeter[]): string {
  const links = meters.map(
    (meter) =>
      `<link id="${meter.id}" hint="${meter.name}" link="/meter/${meter.id}" linkDescription="This is the GET url for this Meter." httpMethod="GET"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?><response status="Ok"><links>${links.join('')}</links></response>`;
}

function meterXml(meter: FakeMeter): string {
  return `<?xml version="1.0" encoding="UTF-8"?><meter><id>${meter.id}</id><type>${meter.type}</type><name>${meter.name}</name><metered>true</metered><unitOfMeasure>${meter.unitOfMeasure}</unitOfMeasure><firstBillDate>2010-01-01</firstBillDate><inUse>true</inUse></meter>`;
}

/** A page of "Get Meter Consumption Data": 120 entries, and a "next page" link while more remain. */
function meterDataPageXml(meterId: string, held: readonly FakeConsumption[], page: number): string {
  const start = (Math.max(1, Math.floor(page)) - 1) * FAKE_PM_ENTRIES_PER_CALL;
  const rows = held
    .slice(start, start + FAKE_PM_ENTRIES_PER_CALL)
    .map(
      (entry, i) =>
        `<meterConsumption estimatedValue="false"><id>${start + i + 1}</id><startDate>${entry.startDate}</startDate><endDate>${entry.endDate}</endDate><usage>${entry.usage}</usage>${entry.cost === null ? '' : `<cost>${entry.cost}</cost>`}</meterConsumption>`,
    );
  const next =
    start + FAKE_PM_ENTRIES_PER_CALL < held.length
      ? `<links><link httpMethod="GET" link="/meter/${meterId}/consumptionData?page=${page + 1}" linkDescription="next page"/></links>`
      : '';
  return `<?xml version="1.0" encoding="UTF-8"?><meterData>${rows.join('')}${next}</meterData>`;
}

/** The entries of a `<meterData>` body; null when it is not one. */
function meterDataEntries(body: string): FakeConsumption[] | null {
  if (!/^\s*(<\?xml[^>]*>\s*)?<meterData>[\s\S]*<\/meterData>\s*$/.test(body)) return null;
  const entries = [];
  for (const match of body.matchAll(
    /<meterConsumption(?: estimatedValue="(?:true|false)")?>([\s\S]*?)<\/meterConsumption>/g,
  )) {
    const field = (tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(match[1] ?? '')?.[1] ?? '';
    const usage = Number(field('usage'));
    const cost = field('cost') === '' ? null : Number(field('cost'));
    const startDate = field('startDate');
    const endDate = field('endDate');
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(startDate) ||
      !/^\d{4}-\d{2}-\d{2}$/.test(endDate) ||
      !Number.isFinite(usage) ||
      (cost !== null && !Number.isFinite(cost))
    )
      return null;
    entries.push({ startDate, endDate, usage, cost });
  }
  return entries;
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
  /** The meters of each property (by property id). */
  meters?: Readonly<Record<string, readonly FakeMeter[]>>;
}): Promise<FakePortfolioManager> {
  const requests: PmRequest[] = [];
  const consumption = new Map<string, FakeConsumption[]>();

  const expected = `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => answer(request, Buffer.concat(chunks).toString('utf8'), response));
  });
  const answer = (request: IncomingMessage, body: string, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push({
      method: request.method ?? 'GET',
      body,
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
    const meterList = /^\/ws\/property\/([0-9]+)\/meter\/list$/.exec(url.pathname);
    if (request.method === 'GET' && meterList?.[1]) {
      const propertyId = meterList[1];
      if (account.unknownProperties?.includes(propertyId))
        return send(404, errorXml(`Property ${propertyId} is not shared with you`));
      return send(200, meterListXml(account.meters?.[propertyId] ?? []));
    }
    const meterPath = /^\/ws\/meter\/([0-9]+)(\/consumptionData)?$/.exec(url.pathname);
    const meter = Object.values(account.meters ?? {})
      .flat()
      .find((candidate) => candidate.id === meterPath?.[1]);
    if (meterPath && !meter) return send(404, errorXml(`Meter ${meterPath[1]} is not shared with you`));
    if (meter && !meterPath?.[2] && request.method === 'GET') return send(200, meterXml(meter));
    if (meter && meterPath?.[2] && request.method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? '1');
      const held = consumption.get(meter.id) ?? [];
      return send(200, meterDataPageXml(meter.id, held, page));
    }
    if (meter && meterPath?.[2] && request.method === 'POST') {
      const entries = meterDataEntries(body);
      if (entries === null) return send(400, errorXml('The request body is not valid meterData.'));
      if (entries.length > FAKE_PM_ENTRIES_PER_CALL)
        return send(
          400,
          errorXml(`A request may contain at most ${FAKE_PM_ENTRIES_PER_CALL} meter consumption entries.`),
        );
      const held = consumption.get(meter.id) ?? [];
      const overlapping = entries.find((entry) =>
        [...held, ...entries].some(
          (other) => other !== entry && other.startDate <= entry.endDate && entry.startDate <= other.endDate,
        ),
      );
      if (overlapping)
        return send(
          400,
          errorXml(
            `The period ${overlapping.startDate} to ${overlapping.endDate} overlaps one the meter holds.`,
          ),
        );
      consumption.set(meter.id, [...held, ...entries]);
      return send(201, '<?xml version="1.0" encoding="UTF-8"?><response status="Ok"><links/></response>');
    }
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
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake Portfolio Manager has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}/ws`,
    requests,
    consumption,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
