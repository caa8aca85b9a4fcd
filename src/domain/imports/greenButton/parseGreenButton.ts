import { GreenButtonError } from './errors';
import {
  ACCUMULATION_KINDS,
  CURRENCIES,
  MONEY_SCALE,
  READING_QUALITIES,
  SERVICE_KINDS,
  SERVICE_TYPE_OF_COMMODITY,
  SUMMABLE_ACCUMULATIONS,
  UNITS,
} from './espiCodes';
import { type LocalTimeParameters, parseDstRule, UTC_TIME } from './localTime';
import { child, childrenNamed, childText, parseXml, type XmlElement } from './xml';

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

/** A quantity of a UsageSummary (SummaryMeasurement) in a portal unit. */
export interface GreenButtonQuantity {
  readonly value: number;
  readonly unit: string;
}

/** A billing period and its amounts from a UsageSummary (ElectricPowerUsageSummary in ESPI 1.0 files). */
export interface GreenButtonBillingPeriod {
  readonly start: number;
  readonly durationS: number;
  readonly currency?: string;
  /** The amount of the bill of the previous billing period. */
  readonly billLastPeriod?: number;
  /** The bill so far in this billing period. */
  readonly billToDate?: number;
  readonly costAdditionalLastPeriod?: number;
  readonly consumptionLastPeriod?: GreenButtonQuantity;
  readonly consumptionThisPeriod?: GreenButtonQuantity;
  /** Itemised charges of the last period (costAdditionalDetailLastPeriod). */
  readonly charges: readonly {
    readonly note?: string;
    readonly amount: number;
    readonly itemKind?: number;
  }[];
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

interface Entry {
  readonly self: string;
  readonly up: string;
  readonly related: readonly string[];
  readonly title?: string;
  readonly resource: XmlElement;
}

const ATOM = 'http://www.w3.org/2005/Atom';
const SUMMARY_NAMES = new Set(['UsageSummary', 'ElectricPowerUsageSummary']);

function integer(element: XmlElement, local: string, what: string): number | undefined {
  const text = childText(element, local);
  if (text === undefined) return undefined;
  if (!/^[+-]?\d+$/.test(text)) {
    throw new GreenButtonError('bad_value', `The ${what} "${text}" in the file is not a whole number.`);
  }
  return Number(text);
}

function requiredInteger(element: XmlElement, local: string, what: string): number {
  const value = integer(element, local, what);
  if (value === undefined) throw new GreenButtonError('bad_value', `A ${what} is missing from the file.`);
  return value;
}

function readEntries(root: XmlElement): Entry[] {
  const isAtom = root.uri === ATOM || root.uri === '';
  const entryElements =
    root.local === 'feed' ? childrenNamed(root, 'entry') : root.local === 'entry' ? [root] : [];
  const entries: Entry[] = [];
  for (const element of isAtom ? entryElements : []) {
    const resource = child(element, 'content')?.children[0];
    if (resource === undefined) continue;
    const links = childrenNamed(element, 'link');
    const href = (rel: string) =>
      links
        .filter((link) => link.attributes.get('rel') === rel)
        .map((link) => link.attributes.get('href')?.trim() ?? '');
    const title = childText(element, 'title');
    entries.push({
      self: href('self')[0] ?? '',
      up: href('up')[0] ?? '',
      related: href('related'),
      ...(title === undefined ? {} : { title }),
      resource,
    });
  }
  return entries;
}

function isUnder(href: string, base: string): boolean {
  return base !== '' && href.startsWith(`${base}/`);
}

/** Whether `owner` (a usage point or meter reading) links to `item`, by its related hrefs or by href nesting. */
function owns(owner: Entry, item: Entry): boolean {
  return (
    (item.self !== '' && owner.related.includes(item.self)) ||
    (item.up !== '' && owner.related.includes(item.up)) ||
    isUnder(item.self, owner.self) ||
    isUnder(item.up, owner.self)
  );
}

/**
 * Entries of one resource kind. Some feeds repeat an entry (the same self href twice): for resources that are looked
 * up by their href the first is kept; interval blocks and summaries, which utilities give one shared href, are all
 * kept and de-duplicated by their times instead.
 */
function entriesOf(entries: readonly Entry[], names: ReadonlySet<string>, isUniqueBySelf = true): Entry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    if (!names.has(entry.resource.local)) return false;
    if (entry.self === '' || !isUniqueBySelf) return true;
    if (seen.has(entry.self)) return false;
    seen.add(entry.self);
    return true;
  });
}

function unitOf(uom: number): { unit: string; perUnit: number } {
  const unit = UNITS[uom];
  if (unit === undefined) {
    throw new GreenButtonError(
      'unknown_unit',
      `The file measures in a unit this import does not know (ESPI unit code ${uom}); expected energy, gas or water.`,
    );
  }
  return unit;
}

/** A raw ESPI value in a portal unit: times ten to the multiplier, then divided into the unit. */
function scaled(raw: number, powerOfTenMultiplier: number, perUnit: number): number {
  const base =
    powerOfTenMultiplier >= 0 ? raw * 10 ** powerOfTenMultiplier : raw / 10 ** -powerOfTenMultiplier;
  return perUnit === 1 ? base : base / perUnit;
}

function currencyOf(code: number | undefined): string | undefined {
  return code === undefined ? undefined : (CURRENCIES[code] ?? `ISO 4217 ${code}`);
}

function readReadingType(entry: Entry): GreenButtonReadingType {
  const element = entry.resource;
  const uom = requiredInteger(element, 'uom', 'unit of measure (ReadingType uom)');
  const { unit } = unitOf(uom);
  const accumulationCode = integer(element, 'accumulationBehaviour', 'accumulation behaviour');
  const accumulation =
    accumulationCode === undefined
      ? 'none'
      : (ACCUMULATION_KINDS[accumulationCode] ?? `code ${accumulationCode}`);
  const intervalLengthS = integer(element, 'intervalLength', 'interval length');
  const currency = currencyOf(integer(element, 'currency', 'currency'));
  return {
    uom,
    unit,
    powerOfTenMultiplier: integer(element, 'powerOfTenMultiplier', 'power of ten multiplier') ?? 0,
    accumulation,
    isSummable: SUMMABLE_ACCUMULATIONS.has(accumulation),
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
      const durationS =
        period === undefined ? type.intervalLengthS : integer(period, 'duration', 'reading length');
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

/** Oldest first, one per start time (the first the file gives): a repeated block or summary is counted once. */
function firstOfEachStart<T extends { readonly start: number }>(items: readonly T[]): T[] {
  const seen = new Set<number>();
  return items
    .filter((item) => {
      if (seen.has(item.start)) return false;
      seen.add(item.start);
      return true;
    })
    .sort((a, b) => a.start - b.start);
}

function readQuantity(element: XmlElement | undefined, warnings: string[]): GreenButtonQuantity | undefined {
  if (element === undefined) return undefined;
  const uom = integer(element, 'uom', 'unit of measure');
  const raw = integer(element, 'value', 'summary value');
  if (uom === undefined || raw === undefined) return undefined;
  const unit = UNITS[uom];
  if (unit === undefined) {
    warnings.push(`A billing summary quantity in ESPI unit code ${uom} was left out.`);
    return undefined;
  }
  const multiplier = integer(element, 'powerOfTenMultiplier', 'power of ten multiplier') ?? 0;
  return { value: scaled(raw, multiplier, unit.perUnit), unit: unit.unit };
}

function money(element: XmlElement, local: string): number | undefined {
  const amount = integer(element, local, 'amount');
  return amount === undefined ? undefined : amount / MONEY_SCALE;
}

function readBillingPeriod(entry: Entry, warnings: string[]): GreenButtonBillingPeriod | null {
  const element = entry.resource;
  const period = child(element, 'billingPeriod');
  if (period === undefined) return null;
  const optional = {
    currency: currencyOf(integer(element, 'currency', 'currency')),
    billLastPeriod: money(element, 'billLastPeriod'),
    billToDate: money(element, 'billToDate'),
    costAdditionalLastPeriod: money(element, 'costAdditionalLastPeriod'),
    consumptionLastPeriod: readQuantity(child(element, 'overallConsumptionLastPeriod'), warnings),
    consumptionThisPeriod: readQuantity(child(element, 'currentBillingPeriodOverAllConsumption'), warnings),
  };
  return {
    start: requiredInteger(period, 'start', 'billing period start'),
    durationS: requiredInteger(period, 'duration', 'billing period length'),
    ...(Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)) as Partial<
      typeof optional
    >),
    charges: childrenNamed(element, 'costAdditionalDetailLastPeriod').map((detail) => {
      const note = childText(detail, 'note');
      const itemKind = integer(detail, 'itemKind', 'item kind');
      return {
        amount: money(detail, 'amount') ?? 0,
        ...(note === undefined ? {} : { note }),
        ...(itemKind === undefined ? {} : { itemKind }),
      };
    }),
  };
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
  const kindCode =
    integer(child(point.resource, 'ServiceCategory') ?? point.resource, 'kind', 'service kind') ?? 0;
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
      if (typeEntry === undefined) {
        throw new GreenButtonError(
          'missing_reading_type',
          `The meter reading "${meterReading.title ?? meterReading.self}" has no reading type, so its unit is unknown.`,
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
  if (points.length === 1 && firstClaimed !== undefined) firstClaimed.push(...unclaimed);
  else if (unclaimed.length > 0)
    warnings.push(`${unclaimed.length} meter reading(s) belong to no usage point and were left out.`);
  return {
    usagePoints: points.map((point, index) =>
      readUsagePoint(point, claimed[index] ?? [], { entries, zones, warnings }),
    ),
    warnings: [...new Set(warnings)],
  };
}
