// The reports' weather-normalised option (usage by month, year over year; docs/architecture.md §14 Weather): a bill
// period's use as the account's weather model predicts it on a normal year's temperatures for the same calendar
// days. The model and the normal year are the Weather panel's (accountWeather, at its default baseline), so the
// report and the panel agree. Accounts without an adequate model (no sufficient baseline year, no temperatures for
// their site's station) are named in the report's notes and their months have no normalised figure.
import type { AuditBill } from '../billAudits';
import { serviceLabel } from '../serviceTypes';
import {
  accountWeather,
  defaultBaselineEnd,
  WEATHER_SERVICES,
  weatherPeriodsOf,
} from '../weather/accountWeather';
import { modelledUseOnTemperatures } from '../weather/billingModel';
import type { DailyTemperatures } from '../weather/degreeDays';
import { normalYearPeriodTemperatures } from '../weather/normalYear';
import { stationForState } from '../weather/stations';
import type { ReportContext, ReportData } from './data';
import type { ReportFilter } from './filter';
import { compareText } from './select';
import type { SelectedBill } from './select';

/** A station's daily mean temperatures by its GHCN-Daily id (what the device or the server holds). */
export type StationTemperatures = (stationId: string) => DailyTemperatures;

/** Weather-normalised use of the selected bills, and the account services it could not be worked out for. */
export interface WeatherNormalizedUse {
  /** By bill id, then service type: the model's use of the bill period on the normal year. */
  byBill: Map<string, Map<string, number>>;
  /** "Vendor account (Service)" of each account service of the selection without an adequate model, sorted. */
  withoutModel: string[];
}

/** The note a report gives about its weather-normalised figures. */
export const WEATHER_NORMALIZED_NOTE =
  'Weather-normalised usage: each bill period’s use as the account’s weather model predicts it on a normal year’s temperatures (the Weather panel’s model and normal year).';

/** The note naming the accounts without an adequate weather model; null when every account has one. */
export function withoutModelNote(withoutModel: readonly string[]): string | null {
  return withoutModel.length === 0
    ? null
    : `No adequate weather model (no normalised usage) for ${withoutModel.length} account ${
        withoutModel.length === 1 ? 'service' : 'services'
      }: ${withoutModel.join('; ')}.`;
}

/** Normalised use of the weather services of `selected`, each account's model fitted on all its bills. */
export function weatherNormalizedUse(
  data: ReportData,
  selected: readonly SelectedBill[],
  temperaturesOf: StationTemperatures,
): WeatherNormalizedUse {
  const wanted = new Map<string, Set<string>>();
  for (const { bill, services } of selected)
    for (const { summary } of services)
      if (summary.serviceType in WEATHER_SERVICES) {
        const set = wanted.get(bill.accountId) ?? new Set<string>();
        set.add(summary.serviceType);
        wanted.set(bill.accountId, set);
      }
  const billsOf = new Map<string, AuditBill[]>();
  for (const bill of data.bills)
    if (wanted.has(bill.accountId)) {
      const list = billsOf.get(bill.accountId) ?? [];
      list.push(bill);
      billsOf.set(bill.accountId, list);
    }
  const accounts = new Map(data.accounts.map((account) => [account.id, account]));
  const locations = new Map(data.locations.map((location) => [location.id, location]));
  const byBill = new Map<string, Map<string, number>>();
  const withoutModel: string[] = [];
  for (const [accountId, serviceTypes] of wanted) {
    const account = accounts.get(accountId);
    const state = account ? locations.get(account.locationId)?.state : undefined;
    const station = state === undefined ? null : stationForState(state);
    const temperatures =
      station === null ? new Map<string, number>() : temperaturesOf(station.station.ghcnId);
    const bills = billsOf.get(accountId) ?? [];
    const end = defaultBaselineEnd(bills, temperatures);
    const analysis = end === null ? null : accountWeather(bills, temperatures, end);
    for (const serviceType of serviceTypes) {
      const model = analysis?.services.find((service) => service.serviceType === serviceType)?.model ?? null;
      const normalYear = analysis?.normalYear ?? null;
      if (model === null || normalYear === null) {
        withoutModel.push(
          `${account?.vendorName ?? ''} ${account?.accountNumber ?? accountId} (${serviceLabel(serviceType)})`.trim(),
        );
        continue;
      }
      for (const period of weatherPeriodsOf(bills, serviceType)) {
        const use = modelledUseOnTemperatures(
          model,
          normalYearPeriodTemperatures(normalYear, period.start, period.end),
        ).total;
        const perService = byBill.get(period.billId) ?? new Map<string, number>();
        perService.set(serviceType, use);
        byBill.set(period.billId, perService);
      }
    }
  }
  return { byBill, withoutModel: withoutModel.sort(compareText) };
}

/**
 * What a run normalises with, when its filter asks and its context has temperatures (else null): the normalised use
 * of the selection and the notes that go with it.
 */
export function weatherNormalization(
  data: ReportData,
  filter: ReportFilter,
  context: ReportContext,
  selected: readonly SelectedBill[],
): { use: WeatherNormalizedUse; notes: string[] } | null {
  if (filter.weatherNormalized !== true || context.stationTemperatures === undefined) return null;
  const use = weatherNormalizedUse(data, selected, context.stationTemperatures);
  const gaps = withoutModelNote(use.withoutModel);
  return { use, notes: gaps === null ? [WEATHER_NORMALIZED_NOTE] : [WEATHER_NORMALIZED_NOTE, gaps] };
}

/**
 * Sums normalised use by the key a report groups a bill's service by; a group with a bill of the service that has
 * no normalised figure (another unit, no read dates, no model) has none (null): a partial sum would mislead.
 */
export function normalizedSums(
  selected: readonly SelectedBill[],
  normalized: WeatherNormalizedUse,
  keyOf: (entry: SelectedBill, serviceType: string, unit: string | null) => string,
): Map<string, number | null> {
  const sums = new Map<string, number | null>();
  for (const entry of selected)
    for (const { summary } of entry.services) {
      if (summary.usage === null) continue;
      const key = keyOf(entry, summary.serviceType, summary.unit);
      const use = normalized.byBill.get(entry.bill.id)?.get(summary.serviceType);
      const sum = sums.has(key) ? (sums.get(key) ?? null) : 0;
      sums.set(key, use === undefined || sum === null ? null : sum + use);
    }
  return sums;
}
