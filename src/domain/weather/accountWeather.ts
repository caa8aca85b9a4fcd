/**
 * Weather normalisation of one account: per service (electricity and natural
 * gas, the two CalTRACK models), the billing model on a chosen baseline year,
 * its use on a normal year, and avoided use and cost of the periods after the
 * baseline. The device's worker and the server run this same function.
 */
import type { AuditBill } from '../billAudits';
import {
  avoidedUse,
  type AvoidedUse,
  baselinePeriods,
  baselineSufficiency,
  type BaselineSufficiency,
  type BillingModel,
  type BillingPeriod,
  CALTRACK_BILLING_OPTIONS,
  fitBillingModel,
  MINIMUM_PERIOD_TEMPERATURE_COMPLETENESS,
  normalizedAnnualUse,
  type UseByComponent,
} from './billingModel';
import { addDays, type DailyTemperatures, periodDegreeDays } from './degreeDays';
import { normalYearOf, type NormalYear } from './normalYear';

/** The services CalTRACK models; gas has no cooling term (CalTRACK 3.4.3.1). */
export const WEATHER_SERVICES: Readonly<Record<string, { fitCooling: boolean }>> = {
  electric: { fitCooling: true },
  natural_gas: { fitCooling: false },
};

/** NOAA's degree-day base (65 °F), used for the degree days shown beside usage. */
export const DISPLAY_BALANCE_POINT_F = 65;

export interface WeatherBillPeriod extends BillingPeriod {
  billId: string;
  billMonth: string;
  cost: number;
  unit: string | null;
}

/** The unit most of the periods are billed in (the first one seen on a tie); null when none has one. */
function commonUnit(periods: readonly WeatherBillPeriod[]): string | null {
  const counts = new Map<string, number>();
  for (const period of periods)
    if (period.unit !== null) counts.set(period.unit, (counts.get(period.unit) ?? 0) + 1);
  return [...counts].reduce<[string | null, number]>(
    (best, [unit, count]) => (count > best[1] ? [unit, count] : best),
    [null, 0],
  )[0];
}

/**
 * A bill's service as a billing period: read dates are inclusive (the next
 * bill reads from the day after), so the period ends the day after `readDateTo`.
 * Only the periods in the service's common unit are kept: one regression
 * cannot mix kWh with MWh.
 */
export function weatherPeriodsOf(bills: readonly AuditBill[], serviceType: string): WeatherBillPeriod[] {
  const periods = bills
    .flatMap((bill) => {
      const service = bill.services.find((s) => s.serviceType === serviceType);
      if (bill.isInvoiceMissing || service === undefined || !bill.readDateFrom || !bill.readDateTo) return [];
      return [
        {
          billId: bill.id,
          billMonth: bill.billMonth,
          start: bill.readDateFrom,
          end: addDays(bill.readDateTo, 1),
          usage: service.usage,
          cost: service.charges,
          unit: service.unit,
        },
      ];
    })
    .sort((a, b) => a.start.localeCompare(b.start));
  const unit = commonUnit(periods);
  return periods.filter((period) => period.unit === unit);
}

export interface PeriodWeather {
  billId: string;
  billMonth: string;
  start: string;
  end: string;
  usage: number | null;
  heatingDegreeDays: number;
  coolingDegreeDays: number;
  /** Share of the period's days with a temperature. */
  completeness: number;
}

export interface AvoidedUseAndCost extends AvoidedUse {
  /** Avoided use priced at the reporting periods' mean unit cost (their charges / their use). */
  avoidedCost: number | null;
  firstStart: string;
  lastEnd: string;
}

export interface ServiceWeather {
  serviceType: string;
  unit: string | null;
  /** Bill periods with their degree days at 65 °F, for the chart. */
  periods: PeriodWeather[];
  baselineEnd: string;
  sufficiency: BaselineSufficiency;
  model: BillingModel | null;
  /** The model's use on the normal year, by component; null without a model or a normal year. */
  normalized: UseByComponent | null;
  /** Periods after the baseline against the baseline model; null when none can be compared. */
  avoided: AvoidedUseAndCost | null;
}

export interface AccountWeather {
  normalYear: NormalYear | null;
  services: ServiceWeather[];
}

function avoidedOf(
  model: BillingModel,
  reporting: readonly WeatherBillPeriod[],
  temperatures: DailyTemperatures,
): AvoidedUseAndCost | null {
  const result = avoidedUse(model, reporting, temperatures);
  const first = reporting[0];
  const last = reporting.at(-1);
  if (result.periods === 0 || first === undefined || last === undefined) return null;
  const cost = reporting.reduce((sum, p) => sum + p.cost, 0);
  const use = reporting.reduce((sum, p) => sum + (p.usage ?? 0), 0);
  return {
    ...result,
    avoidedCost: use > 0 ? (result.avoided * cost) / use : null,
    firstStart: first.start,
    lastEnd: last.end,
  };
}

/**
 * The weather analysis of an account's bills on a station's temperatures, for the baseline of the 365 days before
 * `baselineEnd` (exclusive; CalTRACK 2.2.1.1); the bills after it are the reporting period.
 */
export function accountWeather(
  bills: readonly AuditBill[],
  temperatures: DailyTemperatures,
  baselineEnd: string,
): AccountWeather {
  const normalYear = normalYearOf(temperatures);
  const serviceTypes = [
    ...new Set(bills.flatMap((bill) => bill.services.map((service) => service.serviceType))),
  ].filter((serviceType) => serviceType in WEATHER_SERVICES);
  const services = serviceTypes.map((serviceType): ServiceWeather => {
    const all = weatherPeriodsOf(bills, serviceType);
    const baseline = baselinePeriods(all, baselineEnd);
    const sufficiency = baselineSufficiency(baseline, temperatures);
    const options = {
      ...CALTRACK_BILLING_OPTIONS,
      fitCooling: WEATHER_SERVICES[serviceType]?.fitCooling ?? true,
    };
    const model = sufficiency.sufficient ? fitBillingModel(baseline, temperatures, options) : null;
    const reporting = all.filter((p) => p.start >= baselineEnd);
    return {
      serviceType,
      unit: all.find((p) => p.unit !== null)?.unit ?? null,
      periods: all.map((p) => {
        const degreeDays = periodDegreeDays(
          temperatures,
          p.start,
          p.end,
          DISPLAY_BALANCE_POINT_F,
          DISPLAY_BALANCE_POINT_F,
        );
        return {
          billId: p.billId,
          billMonth: p.billMonth,
          start: p.start,
          end: p.end,
          usage: p.usage,
          heatingDegreeDays: degreeDays.heatingDegreeDays,
          coolingDegreeDays: degreeDays.coolingDegreeDays,
          completeness: degreeDays.completeness,
        };
      }),
      baselineEnd,
      sufficiency,
      model,
      normalized:
        model !== null && normalYear !== null ? normalizedAnnualUse(model, normalYear.dailyMeanF) : null,
      avoided: model !== null ? avoidedOf(model, reporting, temperatures) : null,
    };
  });
  return { normalYear, services };
}

/** Where a baseline may end: the end of each bill period of the weather services, ascending. */
export function baselineEnds(bills: readonly AuditBill[]): string[] {
  const ends = Object.keys(WEATHER_SERVICES).flatMap((serviceType) =>
    weatherPeriodsOf(bills, serviceType).map((p) => p.end),
  );
  return [...new Set(ends)].sort();
}

/**
 * The baseline shown first: the earliest end whose 365 days make a sufficient baseline for some service (so the
 * most later bills can be compared with it), else the latest end.
 */
export function defaultBaselineEnd(
  bills: readonly AuditBill[],
  temperatures: DailyTemperatures,
): string | null {
  const ends = baselineEnds(bills);
  const sufficient = ends.find((end) =>
    Object.keys(WEATHER_SERVICES).some(
      (serviceType) =>
        baselineSufficiency(baselinePeriods(weatherPeriodsOf(bills, serviceType), end), temperatures)
          .sufficient,
    ),
  );
  return sufficient ?? ends.at(-1) ?? null;
}

/** HDD and CDD at the display balance point per calendar month; null for a month without enough temperatures. */
export interface MonthlyDegreeDays {
  heating: (number | null)[];
  cooling: (number | null)[];
}

/**
 * The degree days shown beside usage by month (`months` as 'YYYY-MM'): each month's HDD and CDD at 65 °F, as the
 * Weather panel's bill periods get them, and null for a month with temperatures on fewer than 90 % of its days
 * (CalTRACK 2.2.3.2, as for a bill period). Null when no month has enough: then nothing is shown.
 */
export function monthlyDegreeDays(
  temperatures: DailyTemperatures,
  months: readonly string[],
): MonthlyDegreeDays | null {
  const perMonth = months.map((month) => {
    const start = `${month}-01`;
    // The first of the next month: 31 days on from the 1st always lands in it.
    const next = `${addDays(start, 31).slice(0, 7)}-01`;
    const degreeDays = periodDegreeDays(
      temperatures,
      start,
      next,
      DISPLAY_BALANCE_POINT_F,
      DISPLAY_BALANCE_POINT_F,
    );
    return degreeDays.completeness >= MINIMUM_PERIOD_TEMPERATURE_COMPLETENESS ? degreeDays : null;
  });
  if (perMonth.every((month) => month === null)) return null;
  return {
    heating: perMonth.map((month) => (month === null ? null : Math.round(month.heatingDegreeDays))),
    cooling: perMonth.map((month) => (month === null ? null : Math.round(month.coolingDegreeDays))),
  };
}

/** A normal year's degree days at the display balance point, to show what "normal" means. */
export function normalYearDegreeDays(normalYear: NormalYear): { heating: number; cooling: number } {
  return normalYear.dailyMeanF.reduce(
    (sum, t) => ({
      heating: sum.heating + Math.max(DISPLAY_BALANCE_POINT_F - t, 0),
      cooling: sum.cooling + Math.max(t - DISPLAY_BALANCE_POINT_F, 0),
    }),
    { heating: 0, cooling: 0 },
  );
}

/** What the Weather panel shows, computed alike on the device and the server. */
export interface WeatherReport {
  /** The baseline's end (exclusive); null without bills of a weather service. */
  baselineEnd: string | null;
  /** The ends a baseline may be chosen at. */
  baselineEnds: string[];
  normalYear:
    (Omit<NormalYear, 'dailyMeanF'> & { heatingDegreeDays: number; coolingDegreeDays: number }) | null;
  services: ServiceWeather[];
}

/** The report of an account for the baseline ending at `baselineEnd` (the default one when null). */
export function weatherReport(
  bills: readonly AuditBill[],
  temperatures: DailyTemperatures,
  baselineEnd: string | null,
): WeatherReport {
  const ends = baselineEnds(bills);
  const end = baselineEnd ?? defaultBaselineEnd(bills, temperatures);
  if (end === null) return { baselineEnd: null, baselineEnds: ends, normalYear: null, services: [] };
  const analysis = accountWeather(bills, temperatures, end);
  const normal = analysis.normalYear;
  return {
    baselineEnd: end,
    baselineEnds: ends,
    normalYear:
      normal === null
        ? null
        : {
            minimumYears: normal.minimumYears,
            maximumYears: normal.maximumYears,
            firstDate: normal.firstDate,
            lastDate: normal.lastDate,
            ...(({ heating, cooling }) => ({ heatingDegreeDays: heating, coolingDegreeDays: cooling }))(
              normalYearDegreeDays(normal),
            ),
          },
    services: analysis.services,
  };
}
