// The choices of the report filters (spec 001 §7 GET /allFilters, /filters/chargeTypes,
// /filters/locationAttributeValues): states, service types, vendors, accounts, locations, location types, meters,
// custom attributes and their values, charge types. Computed from the same rows on the device and the server.
import { compareServiceTypes, splitServices } from '../serviceTypes';
import { CHARGE_TYPES } from './filter';
import type { ChargeType } from './filter';
import type { ReportData } from './data';
import { compareText } from './select';

/** One choice: its value and its label. */
export interface FilterChoice {
  value: string;
  label: string;
}

/** Every choice of the report filters. */
export interface ReportFilterOptions {
  companies: { id: number; name: string }[];
  states: string[];
  serviceTypes: string[];
  vendors: FilterChoice[];
  accounts: (FilterChoice & { locationId: string })[];
  locations: FilterChoice[];
  locationTypes: string[];
  meters: (FilterChoice & { accountId: string })[];
  /** Attribute names (a parent's business units may each define the same names). */
  customAttributes: string[];
  /** The values sites have, by attribute name. */
  customAttributeValues: Record<string, string[]>;
  chargeTypes: readonly ChargeType[];
  /** The first and last bill month of the data, for the default range; null without bills. */
  firstMonth: string | null;
  lastMonth: string | null;
}

const byLabel = (a: FilterChoice, b: FilterChoice) =>
  compareText(a.label, b.label) || compareText(a.value, b.value);

/** The filters' choices over the data. */
export function reportFilterOptions(data: ReportData): ReportFilterOptions {
  const states = new Set<string>();
  const types = new Set<string>();
  for (const location of data.locations) {
    if (location.state) states.add(location.state);
    if (location.siteType) types.add(location.siteType);
  }
  const services = new Set<string>();
  const vendors = new Map<string, string>();
  for (const account of data.accounts) {
    for (const service of splitServices(account.services)) services.add(service);
    vendors.set(account.vendorId, account.vendorName);
  }
  let firstMonth: string | null = null;
  let lastMonth: string | null = null;
  for (const bill of data.bills) {
    const month = bill.billMonth.slice(0, 7);
    if (firstMonth === null || month < firstMonth) firstMonth = month;
    if (lastMonth === null || month > lastMonth) lastMonth = month;
    for (const summary of bill.services) services.add(summary.serviceType);
  }
  const siteLabel = new Map(
    data.locations.map((location) => [
      location.id,
      location.siteNumber ? `${location.siteNumber} — ${location.name}` : location.name,
    ]),
  );
  const accountNumber = new Map(data.accounts.map((account) => [account.id, account.accountNumber]));
  return {
    companies: data.companies
      .map((company) => ({ id: company.id, name: company.name }))
      .sort((a, b) => compareText(a.name, b.name) || a.id - b.id),
    states: [...states].sort(compareText),
    serviceTypes: [...services].sort(compareServiceTypes),
    vendors: [...vendors].map(([value, label]) => ({ value, label })).sort(byLabel),
    accounts: data.accounts
      .map((account) => ({ value: account.id, label: account.accountNumber, locationId: account.locationId }))
      .sort(byLabel),
    locations: [...siteLabel].map(([value, label]) => ({ value, label })).sort(byLabel),
    locationTypes: [...types].sort(compareText),
    meters: data.meters
      .map((meter) => ({
        value: meter.id,
        label: `${meter.meterNumber} (${accountNumber.get(meter.accountId) ?? 'account'})`,
        accountId: meter.accountId,
      }))
      .sort(byLabel),
    customAttributes: [...new Set(data.attributes.map((attribute) => attribute.attributeName))].sort(
      compareText,
    ),
    customAttributeValues: Object.fromEntries(
      [...new Set(data.attributes.map((attribute) => attribute.attributeName))]
        .sort(compareText)
        .map((name) => [name, attributeValueChoices(data, name)]),
    ),
    chargeTypes: CHARGE_TYPES,
    firstMonth,
    lastMonth,
  };
}

/** The values sites have for the attributes named `attributeName` (any company reported on), sorted. */
export function attributeValueChoices(data: ReportData, attributeName: string): string[] {
  const ids = new Set(
    data.attributes.filter((attribute) => attribute.attributeName === attributeName).map((a) => a.id),
  );
  const values = new Set<string>();
  for (const value of data.attributeValues)
    if (ids.has(value.attributeId) && value.value) values.add(value.value);
  return [...values].sort(compareText);
}
