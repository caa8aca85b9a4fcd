import { describe, expect, it } from 'vitest';
import { SERVICE_TYPES } from '../../../src/domain/serviceTypes';
import { DARK_PALETTE, LIGHT_PALETTE } from '../../../src/ui/palette';
import { SERIES_COLOURS, SERVICE_COLOURS, serviceColour, seriesColour } from '../../../src/ui/serviceColours';

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

// The backgrounds service colours are drawn on, in both themes (src/ui/tokens.css, through src/ui/palette.ts).
const BACKGROUNDS = [
  DARK_PALETTE.bg,
  DARK_PALETTE.surface,
  DARK_PALETTE['surface-2'],
  LIGHT_PALETTE.bg,
  LIGHT_PALETTE.surface,
];

describe('service colours', () => {
  it('has a colour for every service type of the spec, all different', () => {
    for (const type of SERVICE_TYPES)
      expect(SERVICE_COLOURS[type.value], type.value).toMatch(/^#[0-9a-f]{6}$/);
    const values = Object.values(SERVICE_COLOURS);
    expect(new Set(values).size).toBe(values.length);
  });

  it.each([...Object.entries(SERVICE_COLOURS), ...SERIES_COLOURS.map((c, i) => [`series ${i}`, c] as const)])(
    '%s (%s) keeps 3:1 contrast on dark and light backgrounds',
    (_name, colour) => {
      for (const background of BACKGROUNDS) expect(contrast(colour, background)).toBeGreaterThanOrEqual(3);
    },
  );

  it('finds a service by value, words or display name; unknown names keep a stable colour', () => {
    expect(serviceColour('natural_gas')).toBe(SERVICE_COLOURS.natural_gas);
    expect(serviceColour('Natural Gas')).toBe(SERVICE_COLOURS.natural_gas);
    expect(serviceColour('Electricity')).toBe(SERVICE_COLOURS.electric);
    expect(serviceColour('Sewage')).toBe(SERVICE_COLOURS.sewer);
    expect(serviceColour('Taxes & Fees')).toBe(SERVICE_COLOURS.taxes_fees);
    expect(serviceColour('Budget')).toBe(serviceColour('budget'));
    expect(SERIES_COLOURS).toContain(serviceColour('Budget'));
    expect(seriesColour(SERIES_COLOURS.length + 1)).toBe(SERIES_COLOURS[1]);
    expect(seriesColour(-1)).toBe(SERIES_COLOURS.at(-1));
  });
});
