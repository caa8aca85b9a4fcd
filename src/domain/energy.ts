// Energy in kBtu (spec 000 §9, 001 §9: "Energy units: kBtu; kBtu/ft² for intensity"), so usage of different
// services adds up and a site's energy use intensity can be compared with another's. The heat contents are the
// ones the emission factors use (src/domain/emissionFactors.ts), so energy and emissions agree.
import { FUEL_HEAT_CONTENT_MMBTU } from './emissionFactors';
import { serviceKey } from './serviceTypes';

/** kBtu in one kWh: 3,412.14 Btu (the definition of the British thermal unit, IT). */
export const KBTU_PER_KWH = 3.41214;
/** kBtu in one therm: 100,000 Btu by definition. */
export const KBTU_PER_THERM = 100;

// Per service, the kBtu in one unit of each unit spelling the bills use (lower-cased). Natural gas in ccf and mcf
// uses the weighted U.S. average heat content of natural gas (1.026 × 10⁻³ mmBtu per scf).
const GAS_SCF_KBTU = FUEL_HEAT_CONTENT_MMBTU.naturalGasPerScf * 1000;
const CONVERSIONS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  electric: { kwh: KBTU_PER_KWH, mwh: KBTU_PER_KWH * 1000 },
  lighting: { kwh: KBTU_PER_KWH, mwh: KBTU_PER_KWH * 1000 },
  natural_gas: {
    therms: KBTU_PER_THERM,
    therm: KBTU_PER_THERM,
    ccf: GAS_SCF_KBTU * 100,
    mcf: GAS_SCF_KBTU * 1000,
    mmbtu: 1000,
    // A dekatherm is ten therms, one MMBtu (Portfolio Manager's thermal conversions list it with MMBtu).
    dth: 1000,
    dekatherm: 1000,
    dekatherms: 1000,
    kbtu: 1,
  },
  propane: {
    gallons: FUEL_HEAT_CONTENT_MMBTU.propanePerGallon * 1000,
    gallon: FUEL_HEAT_CONTENT_MMBTU.propanePerGallon * 1000,
  },
  fuel_oil: {
    gallons: FUEL_HEAT_CONTENT_MMBTU.fuelOilPerGallon * 1000,
    gallon: FUEL_HEAT_CONTENT_MMBTU.fuelOilPerGallon * 1000,
  },
};

/** kBtu in one `unit` of a service's usage; null when the service is not energy (water) or the unit is unknown. */
export function kbtuPerUnit(serviceType: string, unit: string | null | undefined): number | null {
  const units = CONVERSIONS[serviceKey(serviceType)];
  if (!units || !unit) return null;
  return units[unit.trim().toLowerCase()] ?? null;
}

/** A usage in kBtu; null when it cannot be converted. */
export function toKbtu(
  serviceType: string,
  usage: number | null,
  unit: string | null | undefined,
): number | null {
  if (usage === null) return null;
  const factor = kbtuPerUnit(serviceType, unit);
  return factor === null ? null : usage * factor;
}
