/** Greenhouse-gas reporting scope. */
export type EmissionScope = 1 | 2 | 3;

/** Short scope names for legends, column titles and filters. */
export const SCOPE_LABELS = {
  1: 'Scope 1',
  2: 'Scope 2',
  3: 'Scope 3',
} as const satisfies Record<EmissionScope, string>;

/** Which services each scope covers, for tooltips (spec 000 §1, 001 §9). */
export const SCOPE_DESCRIPTIONS = {
  1: 'Natural gas and propane',
  2: 'Electric and lighting',
  3: 'All other services',
} as const satisfies Record<EmissionScope, string>;

// Service values ('natural_gas') and display labels ('Natural Gas', 'Electricity', 'Outdoor Lighting')
// both reach this rule, so both spellings are listed after normalising case and separators.
const SCOPE_1 = new Set(['natural_gas', 'propane']);
const SCOPE_2 = new Set(['electric', 'electricity', 'lighting', 'outdoor_lighting']);

/** Scope of a service: direct fuel burning is 1, purchased electricity 2, everything else 3. */
export function emissionScope(serviceType: string): EmissionScope {
  const key = serviceType
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (SCOPE_1.has(key)) return 1;
  if (SCOPE_2.has(key)) return 2;
  return 3;
}
