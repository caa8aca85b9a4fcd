import { createStore } from 'jotai';

/** The one jotai store of the app: session and UI state only, never database rows (docs/architecture.md §7). */
export const appStore = createStore();
