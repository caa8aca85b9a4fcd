// The theme colours code needs before or without the stylesheet: canvas fallbacks (charts, the data grid), the
// light palette of exported charts, the browser's theme-color. tokens.css is the source every page reads;
// tests/ui/tokens.test.ts fails when a value here differs from it.

/** The colours of one theme, named after their tokens.css variables (without the leading --). */
export interface Palette {
  bg: string;
  surface: string;
  'surface-2': string;
  'surface-3': string;
  border: string;
  text: string;
  muted: string;
  accent: string;
  primary: string;
  'primary-contrast': string;
}

/** The dark theme, the default (spec 000 §2). */
export const DARK_PALETTE: Palette = {
  bg: '#0d141c',
  surface: '#141e29',
  'surface-2': '#1b2734',
  'surface-3': '#233242',
  border: '#2a3a4b',
  text: '#e6edf3',
  muted: '#93a4b5',
  accent: '#f5b82e',
  primary: '#4c9aff',
  'primary-contrast': '#04162e',
};

/** The light theme. */
export const LIGHT_PALETTE: Palette = {
  bg: '#f3f5f8',
  surface: '#ffffff',
  'surface-2': '#f0f3f7',
  'surface-3': '#e4e9f0',
  border: '#d3dbe4',
  text: '#17202a',
  muted: '#566372',
  accent: '#b7790f',
  primary: '#1f6fd1',
  'primary-contrast': '#ffffff',
};

/** The font stack of tokens.css --font. */
export const FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', sans-serif";
