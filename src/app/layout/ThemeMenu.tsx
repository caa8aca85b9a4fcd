import { useAtom } from 'jotai';
import { Mail, Palette } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { SUPPORT_EMAIL } from '../../domain/contacts';
import { SIDEBAR_COLOURS, sidebarColourAtom, themeAtom } from '../themeState';
import type { SidebarColour } from '../themeState';

const COLOUR_LABELS: Record<SidebarColour, string> = {
  default: 'Default',
  vue: 'Vue',
  blue: 'Blue',
  green: 'Green',
  orange: 'Orange',
  red: 'Red',
  primary: 'Primary',
};

/** The theme settings dropdown of the top bar: dark/light switch, sidebar colour, Contact Support. */
export function ThemeMenu() {
  const [theme, setTheme] = useAtom(themeAtom);
  const [sidebarColour, setSidebarColour] = useAtom(sidebarColourAtom);
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  return (
    <div className="menu" ref={rootRef}>
      <button
        type="button"
        className="icon-button"
        aria-label="Theme settings"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen(!isOpen)}
      >
        <Palette aria-hidden="true" size={20} />
      </button>
      {isOpen ? (
        <div id={panelId} className="menu__panel" role="group" aria-label="Theme settings">
          <label className="menu__row">
            <span>Dark mode</span>
            <input
              type="checkbox"
              role="switch"
              className="switch"
              checked={theme === 'dark'}
              onChange={(event) => setTheme(event.target.checked ? 'dark' : 'light')}
            />
          </label>
          <fieldset className="menu__colours">
            <legend>Sidebar colour</legend>
            {(['default', ...SIDEBAR_COLOURS] as const).map((colour) => (
              <label key={colour} className="menu__colour">
                <input
                  type="radio"
                  name="sidebar-colour"
                  value={colour}
                  checked={sidebarColour === colour}
                  onChange={() => setSidebarColour(colour)}
                />
                <span className="menu__swatch" data-sidebar-option={colour} aria-hidden="true" />
                {COLOUR_LABELS[colour]}
              </label>
            ))}
          </fieldset>
          <a className="menu__link" href={`mailto:${SUPPORT_EMAIL}?subject=GET%20Energy%20Portal%20support`}>
            <Mail aria-hidden="true" size={16} /> Contact Support
          </a>
        </div>
      ) : null}
    </div>
  );
}
