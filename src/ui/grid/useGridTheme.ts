// Glide draws on a canvas, which CSS variables cannot reach: the grid's theme is read from the app's theme
// variables (src/ui/tokens.css) and read again whenever <html>'s data-theme changes.
import { withAlpha } from '@glideapps/glide-data-grid';
import type { Theme } from '@glideapps/glide-data-grid';
import { useSyncExternalStore } from 'react';
import { DARK_PALETTE, FONT_STACK } from '../palette';

/** Row height of every grid, in pixels. */
export const ROW_HEIGHT = 36;
/** Header height of every grid, in pixels. */
export const HEADER_HEIGHT = 40;

// Used where a variable is missing (a test DOM without the stylesheet): the dark theme's values.
const FALLBACK: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(DARK_PALETTE).map(([name, value]) => [`--${name}`, value])),
  '--font': FONT_STACK,
};

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `color` at `alpha` opacity; theme colours are hex, converted here without glide's DOM-based parser. */
export function withOpacity(color: string, alpha: number): string {
  const match = HEX.exec(color.trim());
  if (!match) return withAlpha(color, alpha);
  const hex = match[1] ?? '';
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const channel = (at: number) => Number.parseInt(full.slice(at, at + 2), 16);
  return `rgba(${channel(0)}, ${channel(2)}, ${channel(4)}, ${alpha})`;
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme', 'style', 'class'],
  });
  return () => observer.disconnect();
}

// What decides the colours; the computed style is read again only when it changes.
const themeName = (): string => {
  const root = document.documentElement;
  return `${root.getAttribute('data-theme') ?? ''}|${root.getAttribute('style') ?? ''}|${root.className}`;
};

let current: { name: string; theme: Partial<Theme> } | null = null;

function snapshot(): Partial<Theme> {
  const name = themeName();
  if (current?.name !== name) current = { name, theme: readGridTheme() };
  return current.theme;
}

/** The grid theme for the app's current colours (exported for tests and pages that draw alike). */
export function readGridTheme(): Partial<Theme> {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string): string => style.getPropertyValue(name).trim() || (FALLBACK[name] ?? '');
  const surface = read('--surface');
  const surface2 = read('--surface-2');
  const surface3 = read('--surface-3');
  const border = read('--border');
  const text = read('--text');
  const muted = read('--muted');
  const primary = read('--primary');
  return {
    accentColor: primary,
    accentFg: read('--primary-contrast'),
    accentLight: withOpacity(primary, 0.16),
    textDark: text,
    textMedium: muted,
    textLight: muted,
    textBubble: text,
    textHeader: muted,
    textHeaderSelected: read('--primary-contrast'),
    bgIconHeader: muted,
    fgIconHeader: surface,
    bgCell: surface,
    bgCellMedium: surface2,
    bgHeader: surface2,
    bgHeaderHasFocus: surface3,
    bgHeaderHovered: surface3,
    bgBubble: surface2,
    bgBubbleSelected: surface3,
    bgSearchResult: withOpacity(read('--accent'), 0.3),
    borderColor: withOpacity(border, 0.9),
    horizontalBorderColor: withOpacity(border, 0.7),
    headerBottomBorderColor: border,
    drilldownBorder: border,
    linkColor: primary,
    resizeIndicatorColor: primary,
    cellHorizontalPadding: 12,
    cellVerticalPadding: 4,
    headerFontStyle: '600 13px',
    baseFontStyle: '14px',
    markerFontStyle: '12px',
    editorFontSize: '14px',
    fontFamily: read('--font'),
    lineHeight: 1.4,
  };
}

/** The grid theme, following the app theme (dark or light) as it switches. */
export function useGridTheme(): Partial<Theme> {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The background of the row under the pointer, a step up from the cells. */
export function hoverRowBackground(theme: Partial<Theme>): string {
  return theme.bgCellMedium ?? FALLBACK['--surface-2'] ?? '';
}
