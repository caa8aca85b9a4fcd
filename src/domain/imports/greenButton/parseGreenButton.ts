import { type Entry, entriesOf, firstOfEachStart, owns, readEntries } from './atomFeed';
import { GreenButtonError } from './errors';
import {
  ACCUMULATION_KINDS,
  FLOW_DIRECTIONS,
  MONEY_SCALE,
  READING_QUALITIES,
  SERVICE_KINDS,
  SERVICE_TYPE_OF_COMMODITY,
  SUMMABLE_ACCUMULATIONS,
} from './espiCodes';
import { currencyOf, integer, requiredInteger, scaled, unitOf } from './espiValues';
import { type LocalTimeParameters, parseDstRule, UTC_TIME } from './localTime';
import { type GreenButtonBillingPeriod, readBillingPeriod, SUMMARY_NAMES } from './usageSummary';
import { child, childText, parseXml, type XmlElement } from './xml';

export type { GreenButtonBillingPeriod, GreenButtonQuantity } from './usageSummary';

/** One reading: its UTC start, length, and value in the reading type's portal unit. */
export interface GreenButtonReading {
  readonly start: number;
  readonly durationS: number;
  readonly value: number;
  readonly quality?: string;
  /** In the reading type's currency (ESPI cost is in hundred-thousandths). */
  readonly cost?: number;
}

/** What a meter reading's values are (ESPI ReadingType). */
export interface GreenButtonReadingType {
  readonly uom: number;
  readonly unit: string;
  readonly powerOfTenMultiplier: number;
  readonly accumulation: string;
  /** Whether readings add up into a period (delta data), rather than being register reads or demands. */
  readonly isSummable: boolean;
  /** 'forward' is energy delivered to the customer, 'reverse' what the customer sends back (solar), 'net' both. */
  readonly flowDirection: string;
  readonly intervalLengthS?: number;
  readonly currency?: string;
}

export interface GreenButtonMeterReading {
  readonly href: string;
  readonly title?: string;
  readonly readingType: GreenButtonReadingType;
  /** Oldest first. */
  readonly readings: readonly GreenButtonReading[];
}

export interface GreenButtonUsagePoint {
  readonly href: string;
  readonly title?: string;
  readonly kindCode: number;
  /** ESPI commodity: 'electricity', 'gas', 'water'… */
  readonly commodity: string;
  /** The portal's service type of the commodity, when it has one. */
  readonly serviceType?: string;
  readonly localTime: LocalTimeParameters;
  readonly meterReadings: readonly GreenButtonMeterReading[];
  readonly billingPeriods: readonly GreenButtonBillingPeriod[];
}

export interface GreenButtonFile {
  readonly usagePoints: readonly GreenButtonUsagePoint[];
  /** What was read with an assumption (no time zone, a DST rule not understood…), for the import to show. */
  readonly warnings: readonly string[];
}

function readReadingType(entry: Entry): GreenButtonReadingType {
  const element = entry.resource;
  const uom = requiredInteger(element, 'uom', 'unit of measure');
  const { unit } = unitOf(uom);
  const accumulationCode = integer(element, 'accumulationBehaviour', 'accumulation behaviour');
  const accumulation =
    accumulationCode === undefined
      ? 'none'
      : (ACCUMULATION_KINDS[accumulationCode] ?? `code ${accumulationCode}`);
  const flowCode = integer(element, 'flowDirection', 'flow direction') ?? 1;
  const intervalLengthS = integer(element, 'intervalLength', 'interval length');
  const currency = currencyOf(integer(element, 'currency', 'currency'));
  return {
    uom,
    unit,
    powerOfTenMultiplier: integer(element, 'powerOfTenMultiplier', 'power of ten multiplier') ?? 0,
    accumulation,
    isSummable: SUMMABLE_ACCUMULATIONS.has(accumulation),
    flowDirection: FLOW_DIRECTIONS[flowCode] ?? `code ${flowCode}`,
    ...(intervalLengthS === undefined ? {} : { intervalLengthS }),
    ...(currency === undefined ? {} : { currency }),
  };
}

function readReadings(blocks: readonly Entry[], type: GreenButtonReadingType): GreenButtonReading[] {
  const { perUnit } = unitOf(type.uom);
  const readings: GreenButtonReading[] = [];
  for (const block of blocks) {
    const interval = child(block.resource, 'interval');
    let next = interval === undefined ? undefined : integer(interval, 'start', 'interval start');
    for (const reading of block.resource.children) {
      if (reading.local !== 'IntervalReading') continue;
      const period = child(reading, 'timePeriod');
      const start = period === undefined ? next : requiredInteger(period, 'start', 'reading start');
      // A reading without its own length lasts the reading type's interval (ESPI ReadingType/intervalLength).
      const durationS =
        (period === undefined ? undefined : integer(period, 'duration', 'reading length')) ??
        type.intervalLengthS;
      if (start === undefined || durationS === undefined) {
        throw new GreenButtonError('bad_value', 'A reading in the file has no start or length.');
      }
      next = start + durationS;
      const raw = requiredInteger(reading, 'value', 'reading value');
      const qualityCode = integer(child(reading, 'ReadingQuality') ?? reading, 'quality', 'reading quality');
      const cost = integer(reading, 'cost', 'reading cost');
      readings.push({
        start,
        durationS,
        value: scaled(raw, type.powerOfTenMultiplier, perUnit),
        ...(qualityCode === undefined
          ? {}
          : { quality: READING_QUALITIES[qualityCode] ?? `code ${qualityCode}` }),
        ...(cost === undefined ? {} : { cost: cost / MONEY_SCALE }),
      });
    }
  }
  return firstOfEachStart(readings);
}

function readLocalTime(entry: Entry, warnings: string[]): LocalTimeParameters {
  const element = entry.resource;
  const startRule = childText(element, 'dstStartRule');
  const endRule = childText(element, 'dstEndRule');
  const dstStart = parseDstRule(startRule);
  const dstEnd = parseDstRule(endRule);
  if ((startRule !== undefined || endRule !== undefined) && (dstStart === null || dstEnd === null)) {
    warnings.push(
      `The daylight saving rules of the file (${startRule ?? '—'} to ${endRule ?? '—'}) are not ESPI rules; standard time is used all year.`,
    );
  }
  return {
    tzOffsetS: integer(element, 'tzOffset', 'time zone offset') ?? 0,
    dstOffsetS: integer(element, 'dstOffset', 'daylight saving offset') ?? 0,
    dstStart,
    dstEnd,
  };
}

function readUsagePoint(
  point: Entry,
  meterReadings: readonly Entry[],
  context: { entries: readonly Entry[]; zones: readonly Entry[]; warnings: string[] },
): GreenButtonUsagePoint {
  const { entries, zones, warnings } = context;
  const givenKind = integer(
    child(point.resource, 'ServiceCategory') ?? point.resource,
    'kind',
    'service kind',
  );
  if (givenKind === undefined) {
    warnings.push(
      `The usage point "${point.title ?? point.self}" gives no service kind; it is read as electricity.`,
    );
  }
  const kindCode = givenKind ?? 0;
  const commodity = SERVICE_KINDS[kindCode] ?? `code ${kindCode}`;
  const serviceType = SERVICE_TYPE_OF_COMMODITY[commodity];
  const readingTypes = entriesOf(entries, new Set(['ReadingType']));
  const blocks = entriesOf(entries, new Set(['IntervalBlock']), false);
  const zone =
    zones.find((candidate) => point.related.includes(candidate.self)) ??
    (zones.length === 1 ? zones[0] : undefined);
  if (zone === undefined)
    warnings.push('The file gives no time zone (LocalTimeParameters); times are read as UTC.');
  return {
    href: point.self,
    ...(point.title === undefined ? {} : { title: point.title }),
    kindCode,
    commodity,
    ...(serviceType === undefined ? {} : { serviceType }),
    localTime: zone === undefined ? UTC_TIME : readLocalTime(zone, warnings),
    meterReadings: meterReadings.map((meterReading) => {
      const typeEntry = readingTypes.find((candidate) => meterReading.related.includes(candidate.self));
      // An empty ReadingType (some third-party feeds send <ReadingType/>) leaves the unit as unknown as none.
      if (typeEntry === undefined || childText(typeEntry.resource, 'uom') === undefined) {
        throw new GreenButtonError(
          'missing_reading_type',
          `The meter reading "${meterReading.title ?? meterReading.self}" has no reading type giving its unit of measure, so its values cannot be read.`,
        );
      }
      const readingType = readReadingType(typeEntry);
      return {
        href: meterReading.self,
        ...(meterReading.title === undefined ? {} : { title: meterReading.title }),
        readingType,
        readings: readReadings(
          blocks.filter((block) => owns(meterReading, block)),
          readingType,
        ),
      };
    }),
    billingPeriods: firstOfEachStart(
      entriesOf(entries, SUMMARY_NAMES, false)
        .filter((summary) => owns(point, summary))
        .map((summary) => readBillingPeriod(summary, warnings))
        .filter((period) => period !== null),
    ),
  };
}

/**
 * Reads a Green Button "Download My Data" file (NAESB REQ.21 ESPI: an Atom feed whose entries hold UsagePoint,
 * MeterReading, ReadingType, IntervalBlock, UsageSummary and LocalTimeParameters, linked by their self, up and
 * related hrefs). Throws a GreenButtonError whose message the import shows as it is.
 */
export function parseGreenButton(xml: string): GreenButtonFile {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    if (error instanceof GreenButtonError && xml.trimStart().startsWith('<')) throw error;
    throw new GreenButtonError('not_espi', 'This is not a Green Button file: it is not XML.');
  }
  const entries = readEntries(root);
  const points = entriesOf(entries, new Set(['UsagePoint']));
  const meterReadings = entriesOf(entries, new Set(['MeterReading']));
  if (points.length === 0) {
    const isEspi =
      entries.some((entry) => entry.resource.uri === 'http://naesb.org/espi') || meterReadings.length > 0;
    throw isEspi
      ? new GreenButtonError(
          'no_usage_point',
          'The Green Button file names no usage point (meter), so there is nothing to import.',
        )
      : new GreenButtonError(
          'not_espi',
          'This is not a Green Button file: it has no ESPI usage data (an Atom feed of UsagePoint entries).',
        );
  }
  const warnings: string[] = [];
  const zones = entriesOf(entries, new Set(['LocalTimeParameters']));
  const claimed = points.map((point) => meterReadings.filter((meterReading) => owns(point, meterReading)));
  const unclaimed = meterReadings.filter(
    (meterReading) => !claimed.some((list) => list.includes(meterReading)),
  );
  // A file of one usage point whose meter readings name it by another path (some utilities' feeds) keeps them.
  const firstClaimed = claimed[0];
  const isSinglePoint = points.length === 1 && firstClaimed !== undefined;
  if (isSinglePoint) firstClaimed.push(...unclaimed);
  const usagePoints = points.map((point, index) =>
    readUsagePoint(point, claimed[index] ?? [], { entries, zones, warnings }),
  );
  if (!isSinglePoint && unclaimed.length > 0) {
    warnings.push(`${unclaimed.length} meter reading(s) belong to no usage point and were left out.`);
  }
  return { usagePoints, warnings: [...new Set(warnings)] };
}
