import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import { useUserDb } from '../../platform/database';
import type { LocationRow } from '../../db/rows';
import { NewLocationForm } from './NewLocationForm';

/** How many matching locations the picker lists at once; a search narrows the rest. */
export const PICKER_LIMIT = 100;

/**
 * Checkboxes of the company's locations from the device, with a search by name, city or state. Locations in
 * `excluded` (already linked) are not offered. A site the company lacks can be added here and comes checked.
 */
export function LocationPicker({
  companyId,
  selected,
  onChange,
  excluded,
}: {
  companyId: number;
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  excluded?: ReadonlySet<string>;
}) {
  const db = useUserDb();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [isAdding, setAdding] = useState(false);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const refocusAdd = useRef(false);
  // When the new-site form closes, focus returns to the button that opened it rather than being lost.
  useEffect(() => {
    if (isAdding || !refocusAdd.current) return;
    refocusAdd.current = false;
    addButtonRef.current?.focus();
  }, [isAdding]);
  const closeForm = () => {
    refocusAdd.current = true;
    setAdding(false);
  };
  const all = useLiveQuery(
    async () => (db ? db.locations.where('companyId').equals(companyId).sortBy('name') : []),
    [db, companyId],
  );
  const offered = useMemo(() => (all ?? []).filter((site) => !excluded?.has(site.id)), [all, excluded]);
  const needle = query.trim().toLowerCase();
  const matches = needle
    ? offered.filter((site) => `${site.name} ${site.city} ${site.state}`.toLowerCase().includes(needle))
    : offered;
  const chosen = new Set(selected);
  const toggle = (site: LocationRow) =>
    onChange(chosen.has(site.id) ? selected.filter((id) => id !== site.id) : [...selected, site.id]);
  return (
    <div className="contracts-picker">
      <label className="field__label" htmlFor={searchId}>
        Find a location
      </label>
      <input
        id={searchId}
        className="input"
        type="search"
        value={query}
        placeholder="Name, city or state"
        onChange={(event) => setQuery(event.target.value)}
      />
      <p className="muted" aria-live="polite">
        {selected.length} selected
        {matches.length > PICKER_LIMIT
          ? ` · showing ${PICKER_LIMIT} of ${matches.length}, search to narrow`
          : ''}
      </p>
      {all === undefined ? (
        <p className="muted">Loading locations…</p>
      ) : matches.length === 0 ? (
        <p className="muted">No locations to add.</p>
      ) : (
        <ul className="contracts-picker__list" aria-label="Locations">
          {matches.slice(0, PICKER_LIMIT).map((site) => (
            <li key={site.id}>
              <label className="contracts-picker__item">
                <input type="checkbox" checked={chosen.has(site.id)} onChange={() => toggle(site)} />
                <span>
                  {site.name}
                  <span className="muted">
                    {' '}
                    · {site.city}, {site.state}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {isAdding ? (
        <NewLocationForm
          companyId={companyId}
          onCancel={closeForm}
          onAdded={(id, name) => {
            closeForm();
            setQuery(name);
            onChange([...selected, id]);
          }}
        />
      ) : (
        <button
          ref={addButtonRef}
          type="button"
          className="btn btn--secondary contracts-picker__add"
          onClick={() => setAdding(true)}
        >
          <Plus aria-hidden size={16} /> Add a location
        </button>
      )}
    </div>
  );
}
