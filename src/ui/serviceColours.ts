// One colour per service type (spec: "colours per service type exist"; values are ours). Each keeps a
// 3:1 contrast, the WCAG minimum for graphics, against both themes' backgrounds and surfaces, so a bar
// or a card accent reads the same in dark and light (tests/ui/chart/serviceColours.test.ts checks it).
import type { CSSProperties } from 'react';
import { SERVICE_TYPES, serviceKey } from '../domain/serviceTypes';

/** Service type value → colour; metered services get the most distinct hues. */
export const SERVICE_COLOURS: Readonly<Record<string, string>> = {
  electric: '#c27f00',
  natural_gas: '#e05c36',
  water: '#3b82f6',
  sewer: '#a97b4f',
  telecom: '#9b6bff',
  trash: '#6f8f5a',
  drag_reducing_agent: '#11938d',
  fuel_oil: '#d9485f',
  propane: '#c257c9',
  taxes_fees: '#7b8798',
  sanitation: '#878a2c',
  lighting: '#a68707',
  irrigation: '#2d9655',
  account: '#6f88a8',
  steam: '#cf6386',
  district_heat: '#cc5a2e',
  fireline: '#e0443e',
  internet: '#1a8cc0',
  landline_phone: '#717ff0',
  television: '#a463d6',
  mobile_phone: '#12929f',
  cable: '#b5679f',
  satellite_tv: '#5485e3',
  storm_water: '#3a8fb7',
  recycling: '#4d9a3a',
};

/** Colours for series that are not a service (e.g. 'Budget' against 'Actual'), in order of use. */
export const SERIES_COLOURS: readonly string[] = [
  '#3b82f6',
  '#c27f00',
  '#2d9655',
  '#d9485f',
  '#9b6bff',
  '#11938d',
  '#a97b4f',
  '#cf6386',
];

/** The colour of series number `index` (0-based), cycling through SERIES_COLOURS. */
export function seriesColour(index: number): string {
  const count = SERIES_COLOURS.length;
  return SERIES_COLOURS[((index % count) + count) % count] ?? '#3b82f6';
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return Math.abs(h);
}

/** Display names that are not the value in words ('Electricity', 'Sewage') back to their values. */
const BY_LABEL: ReadonlyMap<string, string> = new Map(
  SERVICE_TYPES.map((type) => [serviceKey(type.label), type.value]),
);

/**
 * A service's colour from its value or display name ('natural_gas', 'Natural Gas', 'Electricity');
 * an unknown one gets a series colour chosen by its name, so it keeps its colour across charts.
 */
export function serviceColour(service: string): string {
  const key = serviceKey(service);
  return SERVICE_COLOURS[key] ?? SERVICE_COLOURS[BY_LABEL.get(key) ?? ''] ?? seriesColour(hash(key));
}

/** The inline style giving an element its service's colour as --service-colour, which the CSS reads. */
export type ServiceColourStyle = CSSProperties & { '--service-colour': string };

/** `style` for an element drawn in a service's colour (.service-card, .service-dot and their like). */
export function serviceColourStyle(service: string): ServiceColourStyle {
  return { '--service-colour': serviceColour(service) };
}
