import { readFileSync } from 'node:fs';

/** A sample file of tests/fixtures/greenButton (see its README for where each comes from). */
export function greenButtonSample(name: string): string {
  return readFileSync(new URL(`../../../fixtures/greenButton/${name}`, import.meta.url), 'utf8');
}

export interface FeedOptions {
  kind?: number;
  uom?: number;
  powerOfTenMultiplier?: number;
  accumulationBehaviour?: number;
  intervalLength?: number;
  /** [start, duration, value, cost?] */
  readings?: readonly (readonly [number, number, number, number?])[];
  localTime?: string;
  summary?: string;
  /** Leave the meter reading's link to its reading type out. */
  isReadingTypeUnlinked?: boolean;
}

const BASE = 'https://utility.example/espi/1_1/resource';

/** A one-usage-point ESPI feed, in the shape of the Green Button Alliance samples. */
export function espiFeed(options: FeedOptions = {}): string {
  const readings = (options.readings ?? [[1_704_085_200, 3600, 1500, 30_000]])
    .map(
      ([start, duration, value, cost]) =>
        `<IntervalReading>${cost === undefined ? '' : `<cost>${cost}</cost>`}<timePeriod><duration>${duration}</duration><start>${start}</start></timePeriod><value>${value}</value></IntervalReading>`,
    )
    .join('\n');
  const first = options.readings?.[0]?.[0] ?? 1_704_085_200;
  const optional = (name: string, value: number | undefined) =>
    value === undefined ? '' : `<${name}>${value}</${name}>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>urn:uuid:test</id>
  <entry>
    <link rel="self" href="${BASE}/RetailCustomer/1/UsagePoint/1"/>
    <link rel="related" href="${BASE}/RetailCustomer/1/UsagePoint/1/MeterReading"/>
    <link rel="related" href="${BASE}/LocalTimeParameters/1"/>
    <title>Main meter</title>
    <content><UsagePoint xmlns="http://naesb.org/espi"><ServiceCategory><kind>${options.kind ?? 0}</kind></ServiceCategory></UsagePoint></content>
  </entry>
  ${
    options.localTime === undefined
      ? ''
      : `<entry><link rel="self" href="${BASE}/LocalTimeParameters/1"/><content><LocalTimeParameters xmlns="http://naesb.org/espi">${options.localTime}</LocalTimeParameters></content></entry>`
  }
  <entry>
    <link rel="self" href="${BASE}/RetailCustomer/1/UsagePoint/1/MeterReading/1"/>
    <link rel="up" href="${BASE}/RetailCustomer/1/UsagePoint/1/MeterReading"/>
    <link rel="related" href="${BASE}/RetailCustomer/1/UsagePoint/1/MeterReading/1/IntervalBlock"/>
    ${options.isReadingTypeUnlinked === true ? '' : `<link rel="related" href="${BASE}/ReadingType/1"/>`}
    <title>Interval data</title>
    <content><MeterReading xmlns="http://naesb.org/espi"/></content>
  </entry>
  <entry>
    <link rel="self" href="${BASE}/ReadingType/1"/>
    <content><ReadingType xmlns="http://naesb.org/espi">${optional('accumulationBehaviour', options.accumulationBehaviour ?? 4)}<currency>840</currency>${optional('intervalLength', options.intervalLength)}<powerOfTenMultiplier>${options.powerOfTenMultiplier ?? 0}</powerOfTenMultiplier><uom>${options.uom ?? 72}</uom></ReadingType></content>
  </entry>
  <entry>
    <link rel="self" href="${BASE}/RetailCustomer/1/UsagePoint/1/MeterReading/1/IntervalBlock/1"/>
    <link rel="up" href="${BASE}/RetailCustomer/1/UsagePoint/1/MeterReading/1/IntervalBlock"/>
    <content><espi:IntervalBlock xmlns:espi="http://naesb.org/espi"><espi:interval><espi:duration>0</espi:duration><espi:start>${first}</espi:start></espi:interval>
${readings.replace(/<(\/?)(\w)/g, '<$1espi:$2')}
    </espi:IntervalBlock></content>
  </entry>
  ${
    options.summary === undefined
      ? ''
      : `<entry><link rel="self" href="${BASE}/RetailCustomer/1/UsagePoint/1/UsageSummary/1"/><content><UsageSummary xmlns="http://naesb.org/espi">${options.summary}</UsageSummary></content></entry>`
  }
</feed>`;
}

/** Readings every `stepS` seconds from `start`, each of `valueOf(i)`. */
export function evenReadings(
  start: number,
  stepS: number,
  count: number,
  valueOf: (index: number) => number,
): [number, number, number][] {
  return Array.from({ length: count }, (_, i) => [start + i * stepS, stepS, valueOf(i)]);
}
