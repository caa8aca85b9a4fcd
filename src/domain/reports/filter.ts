// A report's filter (spec 001 §3 Report filters, §7 `jsonFilter`): a month range and lists of states, services,
// vendors, accounts, locations, location types, meters, custom attribute values and charge types. An empty or
// absent list does not narrow. The server reads `jsonFilter` and saved filters with this one parser.
import { isRecord } from '../sync';
import { addMonths, monthKey } from '../totals';

/** The charge types the bills' per-service summaries tell apart, so a filter on them works offline too. */
export const CHARGE_TYPES = ['Service Charges', 'Taxes & Fees', 'Late Fee'] as const;

/** A charge type of the filter. */
export type ChargeType = (typeof CHARGE_TYPES)[number];

/** What the top-sites report ranks by: spend, or energy use intensity (kBtu per square foot). */
export type SiteRanking = 'spend' | 'eui';

/**
 * One custom attribute's chosen values: a site matches when its value for the attribute is one of them. By name,
 * since a parent's business units each define their own attributes of the same names.
 */
export interface AttributeFilter {
  attributeName: string;
  values: string[];
}

/** The filter of one report run. Months are `YYYY-MM`, both ends included. */
export interface ReportFilter {
  fromMonth: string;
  toMonth: string;
  /** Business units of a parent company (its own id and its children's); empty: every company reported on. */
  companyIds?: number[];
  states?: string[];
  serviceTypes?: string[];
  vendorIds?: string[];
  accountIds?: string[];
  locationIds?: string[];
  locationTypes?: string[];
  meterIds?: string[];
  attributes?: AttributeFilter[];
  chargeTypes?: ChargeType[];
  rankBy?: SiteRanking;
  /** Usage by month and year over year: add weather-normalised usage (companies with weather normalisation). */
  weatherNormalized?: boolean;
}

/** A parsed filter, or why it is not one (field path → problem). */
export type ParsedFilter =
  { ok: true; filter: ReportFilter } | { ok: false; problems: Record<string, string> };

/** The most months one report may cover: ten years keeps a run bounded on a phone. */
export const MAX_REPORT_MONTHS = 120;

/** Default range: the 12 months ending with `latestMonth` (the latest bill month on the device, or this month). */
export function defaultFilter(latestMonth: string): ReportFilter {
  const toMonth = monthKey(latestMonth) ?? latestMonth;
  return { fromMonth: addMonths(toMonth, -11), toMonth };
}

/** How many months the range covers, both ends included. */
export function monthSpan(fromMonth: string, toMonth: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return index(toMonth) - index(fromMonth) + 1;
}

const LIST_LIMIT = 5_000;
const TEXT_LIMIT = 200;

function stringList(
  input: Record<string, unknown>,
  name: string,
  problems: Record<string, string>,
): string[] | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length > LIST_LIMIT) {
    problems[name] = `must be a list of at most ${LIST_LIMIT} texts`;
    return undefined;
  }
  const texts: string[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'string' || item.length > TEXT_LIMIT) {
      problems[name] = `must be a list of texts of at most ${TEXT_LIMIT} characters`;
      return undefined;
    }
    texts.push(item);
  }
  return texts.length > 0 ? texts : undefined;
}

function companyList(input: Record<string, unknown>, problems: Record<string, string>): number[] | undefined {
  const value = input.companyIds;
  if (value === undefined || value === null) return undefined;
  if (
    !Array.isArray(value) ||
    !(value as unknown[]).every((id) => Number.isSafeInteger(id) && Number(id) > 0)
  ) {
    problems.companyIds = 'must be a list of company ids';
    return undefined;
  }
  return value.length > 0 ? (value as number[]) : undefined;
}

function attributeList(
  input: Record<string, unknown>,
  problems: Record<string, string>,
): AttributeFilter[] | undefined {
  const value = input.attributes;
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length > 50) {
    problems.attributes = 'must be a list of at most 50 attribute filters';
    return undefined;
  }
  const filters: AttributeFilter[] = [];
  for (const item of value as unknown[]) {
    const values = isRecord(item) ? stringList(item, 'values', problems) : undefined;
    const name = isRecord(item) ? item.attributeName : undefined;
    if (typeof name !== 'string' || name === '' || name.length > TEXT_LIMIT) {
      problems.attributes = 'each needs an attributeName and a list of values';
      return undefined;
    }
    if (values) filters.push({ attributeName: name, values });
  }
  return filters.length > 0 ? filters : undefined;
}

function month(input: Record<string, unknown>, name: string, problems: Record<string, string>): string {
  const value = input[name];
  const key = typeof value === 'string' ? monthKey(value) : undefined;
  if (key === undefined) problems[name] = 'must be a month, YYYY-MM';
  return key ?? '';
}

/** Reads a `jsonFilter` (parsed JSON): checks every field and drops empty lists, so equal filters look equal. */
export function parseReportFilter(input: unknown): ParsedFilter {
  if (!isRecord(input)) return { ok: false, problems: { jsonFilter: 'must be an object' } };
  const problems: Record<string, string> = {};
  const fromMonth = month(input, 'fromMonth', problems);
  const toMonth = month(input, 'toMonth', problems);
  if (fromMonth && toMonth && fromMonth > toMonth) problems.toMonth = 'must not be before fromMonth';
  else if (fromMonth && toMonth && monthSpan(fromMonth, toMonth) > MAX_REPORT_MONTHS)
    problems.toMonth = `the range may cover at most ${MAX_REPORT_MONTHS} months`;
  const filter: ReportFilter = { fromMonth, toMonth };
  const companyIds = companyList(input, problems);
  if (companyIds) filter.companyIds = companyIds;
  for (const name of [
    'states',
    'serviceTypes',
    'vendorIds',
    'accountIds',
    'locationIds',
    'locationTypes',
    'meterIds',
  ] as const) {
    const list = stringList(input, name, problems);
    if (list) filter[name] = list;
  }
  const attributes = attributeList(input, problems);
  if (attributes) filter.attributes = attributes;
  const chargeTypes = stringList(input, 'chargeTypes', problems);
  if (chargeTypes) {
    const known = chargeTypes.filter((type): type is ChargeType =>
      (CHARGE_TYPES as readonly string[]).includes(type),
    );
    if (known.length !== chargeTypes.length)
      problems.chargeTypes = `must be among ${CHARGE_TYPES.map((type) => `'${type}'`).join(', ')}`;
    else filter.chargeTypes = known;
  }
  if (input.rankBy !== undefined && input.rankBy !== null) {
    if (input.rankBy === 'spend' || input.rankBy === 'eui') filter.rankBy = input.rankBy;
    else problems.rankBy = "must be 'spend' or 'eui'";
  }
  if (input.weatherNormalized !== undefined && input.weatherNormalized !== null) {
    if (typeof input.weatherNormalized === 'boolean') {
      if (input.weatherNormalized) filter.weatherNormalized = true;
    } else problems.weatherNormalized = 'must be true or false';
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, filter };
}
