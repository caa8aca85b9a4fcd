// Monthly usage and tariffs of each service: seasonal shapes, charge lines, taxes and fees, in integer cents.
import { SERVICE_TYPES } from '../../../src/domain/serviceTypes';
import type { AccountProfile, ChargeLine, MonthInput, ServiceBill } from './usageModel';

// Share of a year's heating in each calendar month (January first); gas use follows it.
const HEATING_SHAPE = [1.0, 0.9, 0.7, 0.45, 0.2, 0.05, 0.02, 0.03, 0.12, 0.35, 0.65, 0.9] as const;
const HEATING_MEAN = HEATING_SHAPE.reduce((sum, v) => sum + v, 0) / 12;

function cents(dollars: number): number {
  return Math.round(dollars * 100);
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

const UNITS: ReadonlyMap<string, string | null> = new Map(
  SERVICE_TYPES.map((type) => [type.value, type.unit ?? null]),
);

function unitOf(serviceType: string): string | null {
  return UNITS.get(serviceType) ?? null;
}

function finish(
  serviceType: string,
  tariff: string,
  lines: ChargeLine[],
  usage: Pick<ServiceBill, 'usage' | 'demandKw' | 'kvaMax' | 'kvarSum'>,
): ServiceBill {
  let total = 0;
  let taxes = 0;
  for (const line of lines) {
    total += line.cents;
    if (line.classification === 'Taxes & Fees') taxes += line.cents;
  }
  return {
    serviceType,
    tariff,
    lines,
    ...usage,
    unit: usage.usage === null ? null : unitOf(serviceType),
    taxesCents: taxes,
    totalCents: total,
  };
}

function taxLine(description: string, base: number, rate: number): ChargeLine {
  return { classification: 'Taxes & Fees', description, cents: Math.round(base * rate) };
}

/** Electric: kWh peaking in summer, demand, kVA and kVAR; energy, delivery and demand charges. */
export function electric(p: AccountProfile, m: MonthInput): ServiceBill {
  const season = 1 + p.state.cooling * Math.cos((2 * Math.PI * (m.calendarMonth - 7.5)) / 12);
  const kwh = Math.max(
    50,
    Math.round(p.sqft * p.site.kwhPerSqft * p.usageScale * season * (1 + m.noise) * m.anomaly),
  );
  const kw = round(kwh / (730 * p.loadFactor), 2);
  const kva = round(kw / p.powerFactor, 2);
  const kvar = round(Math.sqrt(Math.max(0, kva * kva - kw * kw)), 2);
  const esc = 1 + 0.03 * m.years;
  const large = kw > 150;
  const lines: ChargeLine[] = [
    { classification: 'Customer Charge', description: 'Basic Service Charge', cents: p.customerCents },
    {
      classification: 'Energy',
      description: 'Energy Charge',
      cents: cents(kwh * p.state.kwhRate * p.rateScale * esc),
    },
    {
      classification: 'Delivery',
      description: 'Transmission & Distribution',
      cents: cents(kwh * 0.029 * esc),
    },
    { classification: 'Demand', description: 'Demand Charge', cents: cents(kw * (large ? 11.4 : 8.9) * esc) },
  ];
  const base = lines.reduce((sum, l) => sum + l.cents, 0);
  lines.push(taxLine('Sales Tax & Franchise Fee', base, p.state.taxRate + 0.012));
  return finish('electric', large ? 'LGS Large General Service' : 'GS-2 General Service', lines, {
    usage: kwh,
    demandKw: kw,
    kvaMax: kva,
    kvarSum: kvar,
  });
}

/** Natural gas: therms following the heating season; supply and distribution charges. */
export function naturalGas(p: AccountProfile, m: MonthInput): ServiceBill {
  const heat = HEATING_SHAPE[m.calendarMonth - 1] ?? HEATING_MEAN;
  const season = (0.25 + 0.75 * heat * p.state.heating) / (0.25 + 0.75 * HEATING_MEAN * p.state.heating);
  const therms = Math.max(
    5,
    Math.round(p.sqft * p.site.thermsPerSqft * p.usageScale * season * (1 + m.noise) * m.anomaly),
  );
  const esc = 1 + 0.04 * m.years;
  const lines: ChargeLine[] = [
    { classification: 'Customer Charge', description: 'Customer Charge', cents: p.customerCents + 1500 },
    {
      classification: 'Energy',
      description: 'Gas Supply (Commodity)',
      cents: cents(therms * 0.58 * p.rateScale * esc),
    },
    { classification: 'Delivery', description: 'Distribution Charge', cents: cents(therms * 0.31 * esc) },
  ];
  const base = lines.reduce((sum, l) => sum + l.cents, 0);
  lines.push(taxLine('Sales Tax', base, p.state.taxRate));
  return finish(
    'natural_gas',
    therms > 2500 ? 'CGS Commercial Gas Service' : 'SGS Small General Service',
    lines,
    {
      usage: therms,
      demandKw: null,
      kvaMax: null,
      kvarSum: null,
    },
  );
}

/** Water use of the month in gallons (mild summer peak), shared by the water and sewer services. */
export function waterGallons(p: AccountProfile, m: MonthInput): number {
  const season = 1 + 0.15 * Math.cos((2 * Math.PI * (m.calendarMonth - 7.5)) / 12);
  return Math.max(
    500,
    Math.round((p.sqft * p.site.gallonsPerSqft * p.usageScale * season * (1 + m.noise) * m.anomaly) / 10) *
      10,
  );
}

/** Water: base and volume charges, no tax. */
export function water(p: AccountProfile, gallons: number, years: number): ServiceBill {
  const esc = 1 + 0.05 * years;
  const lines: ChargeLine[] = [
    {
      classification: 'Customer Charge',
      description: 'Water Base Charge',
      cents: 2200 + Math.round(p.customerCents / 4),
    },
    {
      classification: 'Usage',
      description: 'Water Volume Charge',
      cents: cents((gallons / 1000) * 6.45 * p.rateScale * esc),
    },
  ];
  return finish('water', 'Commercial Water 2"', lines, {
    usage: gallons,
    demandKw: null,
    kvaMax: null,
    kvarSum: null,
  });
}

/** Sewer: 90 % of the water volume, with an environmental fee. */
export function sewer(p: AccountProfile, gallons: number, years: number): ServiceBill {
  const esc = 1 + 0.05 * years;
  const sewerGallons = Math.round((gallons * 0.9) / 10) * 10;
  const lines: ChargeLine[] = [
    { classification: 'Customer Charge', description: 'Sewer Base Charge', cents: 1800 },
    {
      classification: 'Usage',
      description: 'Sewer Volume Charge',
      cents: cents((sewerGallons / 1000) * 8.2 * p.rateScale * esc),
    },
    { classification: 'Taxes & Fees', description: 'Environmental Fee', cents: 450 },
  ];
  return finish('sewer', 'Commercial Sewer', lines, {
    usage: sewerGallons,
    demandKw: null,
    kvaMax: null,
    kvarSum: null,
  });
}

/** Trash and telecom: a flat monthly service with surcharges and tax; no usage. */
export function flatService(
  p: AccountProfile,
  serviceType: 'trash' | 'telecom',
  m: MonthInput,
  extra: boolean,
): ServiceBill {
  const esc = 1 + 0.03 * m.years;
  const service = Math.round(p.flatCents * esc * m.anomaly);
  const lines: ChargeLine[] =
    serviceType === 'trash'
      ? [
          { classification: 'Other', description: 'Container Service 8 YD', cents: service },
          {
            classification: 'Taxes & Fees',
            description: 'Fuel & Environmental Surcharge',
            cents: Math.round(service * 0.064),
          },
        ]
      : [
          { classification: 'Other', description: 'Business Fiber Service', cents: service },
          {
            classification: 'Taxes & Fees',
            description: 'Federal USF & 911 Fees',
            cents: Math.round(service * 0.034) + 250,
          },
        ];
  if (extra)
    lines.push({
      classification: 'Other',
      description: serviceType === 'trash' ? 'Extra Pickup' : 'Equipment Rental',
      cents: 8500,
    });
  const base = lines.reduce((sum, l) => sum + l.cents, 0);
  lines.push(taxLine('Sales Tax', base, p.state.taxRate));
  return finish(
    serviceType,
    serviceType === 'trash' ? '8 YD Front Load 3x/Week' : 'Business Fiber 500',
    lines,
    {
      usage: null,
      demandKw: null,
      kvaMax: null,
      kvarSum: null,
    },
  );
}
