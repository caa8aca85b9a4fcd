import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import { SHOWN_CHOICES, matchingChoices, moreChoicesText } from './choices';
import type { Choice } from './choices';
import './fields.css';

/** Props of a one-value filter over a long list. */
export type SearchSelectProps = {
  label: string;
  /** What the empty value means ("All accounts"): the list's first choice. */
  all: string;
  /**
   * The choices, asked for only when the list opens or a value is shown: a list of thousands (a scale-L company's
   * accounts) costs nothing until someone looks at it. Keep it stable and cheap to call again (memoized).
   */
  choices: () => readonly Choice[];
  /** The chosen value; '' for all. */
  value: string;
  onChange: (value: string) => void;
  /** The choices are still being read: the open list says so instead of "Nothing matches." */
  isLoading?: boolean;
};

/**
 * A filter of one value from a list too long for a native select (thousands of accounts or sites): a combobox
 * (WAI-ARIA "combobox with listbox popup") whose text searches the labels, showing at most SHOWN_CHOICES matches,
 * so only what is on screen is rendered. Arrow keys move, Enter picks, Escape closes and keeps the choice.
 */
export function SearchSelect({ label, all, choices, value, onChange, isLoading = false }: SearchSelectProps) {
  const listId = useId();
  const [isOpen, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const chosenLabel = useMemo(
    () => (value === '' ? all : (choices().find((choice) => choice.value === value)?.label ?? value)),
    [value, all, choices],
  );
  const matching = useMemo(
    () => (isOpen ? matchingChoices(choices(), search) : []),
    [isOpen, choices, search],
  );
  // The "all" choice first while nothing is searched, then the matches a screen can hold.
  const shown = useMemo<readonly Choice[]>(
    () => [...(search.trim() === '' ? [{ value: '', label: all }] : []), ...matching.slice(0, SHOWN_CHOICES)],
    [search, all, matching],
  );
  const hiddenCount = matching.length - Math.min(matching.length, SHOWN_CHOICES);
  const optionId = (index: number) => `${listId}-${index}`;

  useEffect(() => {
    if (isOpen)
      listRef.current?.querySelector(`[id="${optionId(active)}"]`)?.scrollIntoView({ block: 'nearest' });
  });

  const open = () => {
    if (isOpen) return;
    setSearch('');
    setActive(0);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setSearch('');
  };
  const pick = (choice: Choice | undefined) => {
    if (!choice) return;
    close();
    if (choice.value !== value) onChange(choice.value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) return open();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => Math.min(last, Math.max(0, index + step)));
    } else if (event.key === 'Home' && isOpen) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && isOpen) {
      event.preventDefault();
      setActive(last);
    } else if (event.key === 'Enter' && isOpen) {
      event.preventDefault();
      pick(shown[active]);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      close();
    }
  };

  return (
    <div className="search-select">
      <label className="inline-field">
        <span>{label}</span>
        <span className="search-select__control">
          <input
            className="input input--sm search-select__input"
            role="combobox"
            aria-expanded={isOpen}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={isOpen && shown.length > 0 ? optionId(active) : undefined}
            autoComplete="off"
            spellCheck={false}
            value={isOpen ? search : chosenLabel}
            placeholder={isOpen ? chosenLabel : undefined}
            onChange={(event) => {
              setSearch(event.target.value);
              setActive(0);
              setOpen(true);
            }}
            onClick={open}
            onKeyDown={onKeyDown}
            onBlur={close}
          />
          <ChevronDown aria-hidden="true" size={16} className="search-select__chevron" />
        </span>
      </label>
      {isOpen && (
        <div className="popup-panel search-select__popup">
          <ul ref={listRef} id={listId} role="listbox" aria-label={label} className="search-select__list">
            {shown.map((choice, index) => (
              <li
                key={choice.value}
                id={optionId(index)}
                role="option"
                aria-selected={choice.value === value}
                className={index === active ? 'search-select__option is-active' : 'search-select__option'}
                // Keeps the focus in the input, whose blur would close the list before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(choice)}
                onMouseMove={() => {
                  if (index !== active) setActive(index);
                }}
              >
                {choice.label}
              </li>
            ))}
          </ul>
          {isLoading ? (
            <p className="muted search-select__note" role="status">
              Loading the choices…
            </p>
          ) : (
            shown.length === 0 && <p className="muted search-select__note">Nothing matches.</p>
          )}
          {hiddenCount > 0 && (
            <p className="muted search-select__note">{moreChoicesText(matching.length, SHOWN_CHOICES)}</p>
          )}
        </div>
      )}
    </div>
  );
}
