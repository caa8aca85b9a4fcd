// Chart colours come from the theme's CSS variables (src/app/theme.css) and follow a theme switch.
import { useMemo, useSyncExternalStore } from 'react';

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
  text: '#17202a',
  muted: '#566372',
  grid: '#d3dbe4',
  surface: '#ffffff',
  tooltip: '#17202a',
  tooltipText: '#ffffff',
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', sans-serif",
};

/** The dark theme's values, used when the CSS variables cannot be read. */
const DARK_FALLBACK: ChartTheme = {
  text: '#e6edf3',
  muted: '#93a4b5',
  grid: '#2a3a4b',
  surface: '#141e29',
  tooltip: '#233242',
  tooltipText: '#e6edf3',
  font: PRINT_THEME.font,
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
