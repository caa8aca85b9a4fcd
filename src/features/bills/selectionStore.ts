// The Bills grid's row selection as a small external store: the grid's columns read it when they draw, so they stay the
// same objects while rows are ticked (the grid then only redraws instead of sorting and indexing 55,000 rows again),
// and components that show counts subscribe to it (useSyncExternalStore).
import { useSyncExternalStore } from 'react';

/** The ids of the selected bills, and how to change and follow them. */
export interface SelectionStore {
  get: () => ReadonlySet<string>;
  set: (next: ReadonlySet<string>) => void;
  subscribe: (listener: () => void) => () => void;
}

const NONE: ReadonlySet<string> = new Set();

/** An empty selection. */
export function createSelectionStore(): SelectionStore {
  let current = NONE;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (next) => {
      current = next.size === 0 ? NONE : next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The selection, re-rendering when it changes. */
export function useSelection(store: SelectionStore): ReadonlySet<string> {
  return useSyncExternalStore(store.subscribe, store.get);
}
