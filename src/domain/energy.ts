// Energy in kBtu (spec 000 §9, 001 §9: "Energy units: kBtu; kBtu/ft² for intensity"), so usage of different
// services adds up and a site's energy use intensity can be compared with another's. One factor per unit: the
// thermal conversions Portfolio Manager publishes (src/domain/energyStarFactors.ts), so a report's kBtu and the
// ENERGY STAR site energy of the same bill are the same figure. Emissions convert fuels with EPA's own heat
// contents (src/domain/emissions.ts), the figures their factors are defined against.
import { ENERGY_TYPE_OF_SERVICE } from './energyStarFactors';
import { serviceKey } from './serviceTypes';

/** kBtu in one `unit` of a service's usage; null when the service is not energy (water) or the unit is unknown. */
export function kbtuPerUnit(serviceType: string, unit: string | null | undefined): number | null {
  const type = ENERGY_TYPE_OF_SERVICE[serviceKey(serviceType)];
  if (!type || !unit) return null;
  return type.kbtuPerUnit[unit.trim().toLowerCase()] ?? null;
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
