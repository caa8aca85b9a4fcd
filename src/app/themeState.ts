import { atom } from 'jotai';
import { DARK_PALETTE, LIGHT_PALETTE } from '../ui/palette';

/** The colour schemes; dark is the default (spec 000 §2). */
export type Theme = 'dark' | 'light';
/** Sidebar colour options of the spec. */
export const SIDEBAR_COLOURS = ['vue', 'blue', 'green', 'orange', 'red', 'primary'] as const;
/** One sidebar colour option. */
export type SidebarColour = (typeof SIDEBAR_COLOURS)[number] | 'default';

const THEME_KEY = 'get-theme';
const SIDEBAR_KEY = 'get-sidebar-colour';

function storedTheme(): Theme {
  return localStorage.getItem(THEME_KEY) === 'light' ? 'light' : 'dark';
}

function storedSidebar(): SidebarColour {
  const value = localStorage.getItem(SIDEBAR_KEY);
  return SIDEBAR_COLOURS.find((colour) => colour === value) ?? 'default';
}

/** Puts the choice on <html> where the CSS variables switch. */
export function applyAppearance(theme: Theme, sidebar: SidebarColour): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  if (sidebar === 'default') delete root.dataset.sidebar;
  else root.dataset.sidebar = sidebar;
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'dark' ? DARK_PALETTE.bg : LIGHT_PALETTE.bg);
}

const themeBaseAtom = atom<Theme>(storedTheme());
const sidebarBaseAtom = atom<SidebarColour>(storedSidebar());

/** The colour scheme; the choice persists in localStorage. */
export const themeAtom = atom(
  (get) => get(themeBaseAtom),
  (get, set, theme: Theme) => {
    set(themeBaseAtom, theme);
    localStorage.setItem(THEME_KEY, theme);
    applyAppearance(theme, get(sidebarBaseAtom));
  },
);

/** The sidebar colour; the choice persists in localStorage. */
export const sidebarColourAtom = atom(
  (get) => get(sidebarBaseAtom),
  (get, set, colour: SidebarColour) => {
    set(sidebarBaseAtom, colour);
    localStorage.setItem(SIDEBAR_KEY, colour);
    applyAppearance(get(themeBaseAtom), colour);
  },
);

/** Applies the stored appearance before the first paint. */
export function applyStoredAppearance(): void {
  applyAppearance(storedTheme(), storedSidebar());
}
