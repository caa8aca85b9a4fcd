// The model of an account's monthly bill: the account's fixed traits, the month's inputs and the services it
// yields (tariffs.ts holds the seasonal shapes and prices). Amounts are integer cents so every bill adds up exactly.
import type { SiteType } from './siteTypes';
import type { Rng } from './random';
import type { StateInfo } from './states';
import { electric, flatService, naturalGas, sewer, water, waterGallons } from './tariffs';

/** One charge line of a service on a bill. */
export interface ChargeLine {
  classification: 'Customer Charge' | 'Energy' | 'Delivery' | 'Demand' | 'Usage' | 'Taxes & Fees' | 'Other';
  description: string;
  cents: number;
}

/** One service of one bill: its lines, usage and totals. */
export interface ServiceBill {
  serviceType: string;
  tariff: string;
  lines: ChargeLine[];
  usage: number | null;
  unit: string | null;
  demandKw: number | null;
  kvaMax: number | null;
  kvarSum: number | null;
  taxesCents: number;
  totalCents: number;
}

/** The fixed traits of one account that shape its bills month after month. */
export interface AccountProfile {
  services: readonly string[];
  state: StateInfo;
  site: SiteType;
  sqft: number;
  /** Multiplier of the site's typical usage (some stores run hotter than others). */
  usageScale: number;
  /** Multiplier of the state's tariff (negotiated or legacy rates). */
  rateScale: number;
  loadFactor: number;
  powerFactor: number;
  customerCents: number;
  /** Flat monthly service price of trash and telecom accounts, in cents. */
  flatCents: number;
}

/** Inputs of one month: calendar month (1-12), years since the first bill (tariff escalation), noise, anomaly. */
export interface MonthInput {
  calendarMonth: number;
  years: number;
  noise: number;
  /** Usage multiplier of an injected anomaly (1 = normal). */
  anomaly: number;
}

/** Draws the traits of a new account. */
export function accountProfile(
  rng: Rng,
  services: readonly string[],
  state: StateInfo,
  site: SiteType,
  sqft: number,
): AccountProfile {
  const primary = services[0] ?? 'electric';
  return {
    services,
    state,
    site,
    sqft,
    usageScale: rng.float(0.8, 1.2),
    rateScale: rng.float(0.92, 1.08),
    loadFactor: rng.float(0.42, 0.62),
    powerFactor: rng.float(0.88, 0.97),
    customerCents: rng.int(1800, 6500),
    flatCents:
      primary === 'trash' ? Math.round((14000 + sqft * 0.45) * rng.float(0.85, 1.15)) : rng.int(12000, 45000),
  };
}

/** Every service of the account for one month. `extra` adds an occasional one-off line to flat services. */
export function monthServices(p: AccountProfile, m: MonthInput, extra: boolean): ServiceBill[] {
  const out: ServiceBill[] = [];
  let gallons: number | null = null;
  for (const service of p.services) {
    if (service === 'electric') out.push(electric(p, m));
    else if (service === 'natural_gas') out.push(naturalGas(p, m));
    else if (service === 'water' || service === 'sewer') {
      gallons ??= waterGallons(p, m);
      out.push(service === 'water' ? water(p, gallons, m.years) : sewer(p, gallons, m.years));
    } else if (service === 'trash' || service === 'telecom') out.push(flatService(p, service, m, extra));
  }
  return out;
}
