// Chart colours come from the theme's CSS variables (src/ui/tokens.css) and follow a theme switch.
import { useMemo, useSyncExternalStore } from 'react';
import { DARK_PALETTE, FONT_STACK, LIGHT_PALETTE } from '../palette';

/** Colours a chart draws its text, grid and tooltip with. */
export interface ChartTheme {
  text: string;
  muted: string;
  grid: string;
  surface: string;
  tooltip: string;
  tooltipText: string;
  font: string;
}

/** The light theme's values: exported images and PDFs are always light, for printing and pasting. */
export const PRINT_THEME: ChartTheme = {
  text: LIGHT_PALETTE.text,
  muted: LIGHT_PALETTE.muted,
  grid: LIGHT_PALETTE.border,
  surface: LIGHT_PALETTE.surface,
  tooltip: LIGHT_PALETTE.text,
  tooltipText: LIGHT_PALETTE.surface,
  font: FONT_STACK,
};

/** The dark theme's values, used when the CSS variables cannot be read. */
const DARK_FALLBACK: ChartTheme = {
  text: DARK_PALETTE.text,
  muted: DARK_PALETTE.muted,
  grid: DARK_PALETTE.border,
  surface: DARK_PALETTE.surface,
  tooltip: DARK_PALETTE['surface-3'],
  tooltipText: DARK_PALETTE.text,
  font: FONT_STACK,
};

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

const themeName = (): string => document.documentElement.dataset.theme ?? 'dark';

/** Reads the chart colours of the current theme. */
export function readChartTheme(name: string): ChartTheme {
  const fallback = name === 'light' ? PRINT_THEME : DARK_FALLBACK;
  const style = getComputedStyle(document.documentElement);
  const read = (variable: string, fallbackValue: string): string =>
    style.getPropertyValue(variable).trim() || fallbackValue;
  return {
    text: read('--text', fallback.text),
    muted: read('--muted', fallback.muted),
    grid: read('--border', fallback.grid),
    surface: read('--surface', fallback.surface),
    // Light pages get a dark tooltip, dark pages a raised surface: either way it stands out from the card.
    tooltip: name === 'light' ? read('--text', fallback.tooltip) : read('--surface-3', fallback.tooltip),
    tooltipText:
      name === 'light' ? read('--surface', fallback.tooltipText) : read('--text', fallback.tooltipText),
    font: read('--font', fallback.font),
  };
}

/** The chart colours of the current theme; re-read when <html data-theme> changes. */
export function useChartTheme(): ChartTheme {
  const name = useSyncExternalStore(subscribe, themeName, () => 'dark');
  return useMemo(() => readChartTheme(name), [name]);
}
