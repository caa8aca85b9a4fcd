import type { Entry } from './atomFeed';
import { UNITS } from './espiCodes';
import { currencyOf, integer, money, requiredInteger, scaled } from './espiValues';
import { child, childrenNamed, childText, type XmlElement } from './xml';

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

/** The ESPI resources that carry billing periods (ElectricPowerUsageSummary is the ESPI 1.0 name). */
export const SUMMARY_NAMES = new Set(['UsageSummary', 'ElectricPowerUsageSummary']);

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

/** The billing period of a UsageSummary entry, or null when it names none. */
export function readBillingPeriod(entry: Entry, warnings: string[]): GreenButtonBillingPeriod | null {
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
