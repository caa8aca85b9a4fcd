/**
 * The weather-based outlier audit (EnergyCAP's regression audit: use outside the range the account's weather
 * regression expects; docs/architecture.md §14 Weather). A bill of a weather service is judged by the CalTRACK
 * billing model of the 365 days before its period starts (CalTRACK 2.2.1.1: a baseline is the year before), so a
 * bill is never judged by a model it helped fit; its actual use outside that model's prediction interval
 * (billPredictionInterval) at the company's confidence is flagged. Only the bill's main service is judged, the
 * one its alert names. A bill without a sufficient baseline year or with too few temperatures is not judged.
 */
import type { AuditedBill, BillAudit, Finding } from '../billAudits';
import { WEATHER_SERVICES, weatherPeriodsOf, type WeatherBillPeriod } from './accountWeather';
import {
  baselinePeriods,
  baselineSufficiency,
  type BillingModel,
  CALTRACK_BILLING_OPTIONS,
  fitBillingModel,
} from './billingModel';
import type { DailyTemperatures } from './degreeDays';
import { billPredictionInterval } from './predictionInterval';

/** The model of the year before `start` for a service's periods; null without a sufficient baseline. */
function priorYearModel(
  periods: readonly WeatherBillPeriod[],
  serviceType: string,
  start: string,
  temperatures: DailyTemperatures,
): BillingModel | null {
  const baseline = baselinePeriods(periods, start);
  if (!baselineSufficiency(baseline, temperatures).sufficient) return null;
  return fitBillingModel(baseline, temperatures, {
    ...CALTRACK_BILLING_OPTIONS,
    fitCooling: WEATHER_SERVICES[serviceType]?.fitCooling ?? true,
  });
}

/**
 * The audit of an account's bills (all of them: the history the models are fitted on) on its station's
 * temperatures, at `confidencePct` (e.g. 95). Its finding measures the bill's use against the model's prediction.
 */
export function weatherOutlierAudit(
  bills: readonly AuditedBill[],
  temperatures: DailyTemperatures,
  confidencePct: number,
): BillAudit {
  const periodsByService = new Map<
    string,
    { periods: WeatherBillPeriod[]; byBill: Map<string, WeatherBillPeriod> }
  >();
  const periodsOf = (serviceType: string) => {
    let service = periodsByService.get(serviceType);
    if (service === undefined) {
      const periods = weatherPeriodsOf(bills, serviceType);
      service = { periods, byBill: new Map(periods.map((period) => [period.billId, period])) };
      periodsByService.set(serviceType, service);
    }
    return service;
  };
  return (bill): Finding | null => {
    const service = bill.services[0];
    if (service === undefined || !(service.serviceType in WEATHER_SERVICES) || temperatures.size === 0)
      return null;
    const { periods, byBill } = periodsOf(service.serviceType);
    // Bills in another unit than the service's usual one are not in the model's periods, and not judged.
    const period = byBill.get(bill.id);
    if (period === undefined || period.usage === null) return null;
    const model = priorYearModel(periods, service.serviceType, period.start, temperatures);
    if (model === null) return null;
    const interval = billPredictionInterval(
      model,
      temperatures,
      period.start,
      period.end,
      confidencePct / 100,
    );
    if (interval === null || (period.usage >= interval.lower && period.usage <= interval.upper)) return null;
    return {
      rule: 'weather_outlier',
      measured: period.usage,
      reference: Math.round(interval.predicted * 100) / 100,
    };
  };
}
