import { useId, useMemo, useState } from 'react';
import { Columns3 } from 'lucide-react';
import { Modal } from '../Modal';
import '../controls.css';
import './grid.css';

/** A column as the chooser lists it. */
export type ChooserColumn = { readonly id: string; readonly title: string };

/** Props of the column chooser: the choice is edited as a draft and saved on Apply. */
export type ColumnChooserProps = {
  readonly columns: readonly ChooserColumn[];
  readonly visibleIds: readonly string[];
  /** What Reset restores: the columns not hidden by default. */
  readonly defaultIds: readonly string[];
  readonly onApply: (ids: readonly string[]) => void;
  /** The grid's name, so the button says which grid's columns it chooses (e.g. 'Locations'). */
  readonly gridLabel?: string;
};

// With more columns than this (accounts' extra fields), a search box narrows the list.
const SEARCH_FROM = 12;

/**
 * A 'Columns' button opening a dialog of checkboxes, one per column, with 'Show all' and 'Reset'. The draft
 * is saved on Apply (one saved setting per change of mind, not per click), discarded on Cancel or Escape.
 */
export function ColumnChooser({ columns, visibleIds, defaultIds, onApply, gridLabel }: ColumnChooserProps) {
  const [draft, setDraft] = useState<ReadonlySet<string> | null>(null);
  const [search, setSearch] = useState('');
  const listId = useId();
  const countId = useId();
  const isOpen = draft !== null;
  const close = () => {
    setDraft(null);
    setSearch('');
  };
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle === '' ? columns : columns.filter((column) => column.title.toLowerCase().includes(needle));
  }, [columns, search]);
  const chosen = draft ?? new Set(visibleIds);
  const chosenCount = columns.filter((column) => chosen.has(column.id)).length;

  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setDraft(next);
  };
  const apply = () => {
    onApply(columns.filter((column) => chosen.has(column.id)).map((column) => column.id));
    close();
  };

  return (
    <>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        aria-haspopup="dialog"
        aria-label={gridLabel ? `Choose ${gridLabel} columns` : 'Choose columns'}
        onClick={() => setDraft(new Set(visibleIds))}
      >
        <Columns3 size={16} aria-hidden="true" />
        Columns
      </button>
      <Modal
        isOpen={isOpen}
        onClose={close}
        title="Choose columns"
        size="sm"
        describedById={countId}
        footer={
          <>
            <button type="button" className="btn btn--secondary" onClick={close}>
              Cancel
            </button>
            <button type="button" className="btn btn--primary" onClick={apply} disabled={chosenCount === 0}>
              Apply
            </button>
          </>
        }
      >
        <div className="column-chooser__actions">
          <p id={countId} className="column-chooser__count" aria-live="polite">
            {chosenCount === 0
              ? 'Choose at least one column'
              : `${chosenCount} of ${columns.length} columns shown`}
          </p>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => setDraft(new Set(columns.map((c) => c.id)))}
          >
            Show all
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => setDraft(new Set(defaultIds))}
          >
            Reset
          </button>
        </div>
        {columns.length > SEARCH_FROM && (
          <input
            type="search"
            className="input column-chooser__search"
            aria-label="Find a column"
            aria-controls={listId}
            placeholder="Find a column"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        )}
        <ul id={listId} className="column-chooser__list" aria-label="Columns">
          {shown.map((column) => (
            <li key={column.id}>
              <label className="column-chooser__option">
                <input type="checkbox" checked={chosen.has(column.id)} onChange={() => toggle(column.id)} />
                <span>{column.title}</span>
              </label>
            </li>
          ))}
          {shown.length === 0 && (
            <li className="column-chooser__none">No column matches “{search.trim()}”</li>
          )}
        </ul>
      </Modal>
    </>
  );
}
