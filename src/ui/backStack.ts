/*
 * The one back-button stack (spec 000 §2): open dialogs, back-tracked tab switches and carousel moves
 * each own an entry here and a history entry marked with MARKER_KEY. The browser's Back lands on the
 * entry below, and everything above the landing point is closed, top first, instead of navigating.
 *
 * It lives next to react-router: a marker entry copies the router's own state (idx, key, usr) and URL,
 * so the router reads the same location there. Our listener runs in the capture phase, and a popstate
 * that only moves between entries of one router location is stopped before the router sees it.
 *
 * Closing by other means (a dialog's own button) releases the entry; when its history entry is the
 * current one, one history.back() removes it and nothing else is closed. Entries released while a
 * router page sits above them become dead markers, skipped in the direction the user was moving.
 */

const MARKER_KEY = '__getBackStack';
/** Markers from an earlier page load are never live, whatever their id. */
const SESSION =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;
/** A traversal whose popstate never comes (no entry there) must not freeze the stack. */
const TRAVERSAL_TIMEOUT_MS = 500;

type Marker = { readonly session: string; readonly id: number };
type Entry = { readonly id: number; readonly onBack: () => void; hasHistory: boolean };
type Snapshot = { readonly href: string; readonly marker: string | null; readonly rest: string };

/** A registered entry: release it when the thing it stands for closes by other means. */
export type BackEntryHandle = { readonly id: number; readonly release: () => void };

const live: Entry[] = [];
/** For each marker this page load pushed: the marker id just below it in history, null for a page. */
const below = new Map<number, number | null>();
let nextId = 1;
let traversals = 0;
let isSkippingForward = false;
let lastSeen: Snapshot | null = null;
let isListening = false;
let fallbackTimer: ReturnType<typeof setTimeout> | undefined;

function readMarker(state: unknown): Marker | null {
  if (typeof state !== 'object' || state === null || !(MARKER_KEY in state)) return null;
  const value: unknown = state[MARKER_KEY];
  if (typeof value !== 'object' || value === null || !('session' in value) || !('id' in value)) return null;
  const { session, id } = value;
  return typeof session === 'string' && typeof id === 'number' ? { session, id } : null;
}

/** The history state without our marker: what the router sees in it. */
function withoutMarker(state: unknown): Record<string, unknown> {
  if (typeof state !== 'object' || state === null) return {};
  return Object.fromEntries(Object.entries(state).filter(([key]) => key !== MARKER_KEY));
}

function snapshot(state: unknown): Snapshot {
  const marker = readMarker(state);
  const rest = withoutMarker(state);
  return {
    href: window.location.href,
    marker: marker ? `${marker.session}:${marker.id}` : null,
    rest: Object.keys(rest).length === 0 ? 'null' : JSON.stringify(rest),
  };
}

function isLive(marker: Marker): boolean {
  return marker.session === SESSION && live.some((entry) => entry.id === marker.id);
}

function traverse(delta: number): void {
  traversals += 1;
  clearTimeout(fallbackTimer);
  fallbackTimer = setTimeout(() => {
    traversals = 0;
    isSkippingForward = false;
    sync();
  }, TRAVERSAL_TIMEOUT_MS);
  window.history.go(delta);
}

/** How many dead markers sit on top of the current history position, down to a live one or a page. */
function deadStepsFromCurrent(): number {
  let steps = 0;
  let marker = readMarker(window.history.state);
  while (marker && !isLive(marker)) {
    steps += 1;
    const next = marker.session === SESSION ? below.get(marker.id) : undefined;
    if (next === undefined || next === null) break;
    marker = { session: SESSION, id: next };
  }
  return steps;
}

function writeHistory(entry: Entry): void {
  const current = readMarker(window.history.state);
  below.set(entry.id, current && current.session === SESSION ? current.id : null);
  window.history.pushState(
    { ...withoutMarker(window.history.state), [MARKER_KEY]: { session: SESSION, id: entry.id } },
    '',
  );
  entry.hasHistory = true;
  lastSeen = snapshot(window.history.state);
}

/** Brings history in line with the stack: drop dead markers on top, then write pending entries. */
function sync(): void {
  if (traversals > 0) return;
  lastSeen = snapshot(window.history.state);
  const steps = deadStepsFromCurrent();
  if (steps > 0) {
    traverse(-steps);
    return;
  }
  for (const entry of live) if (!entry.hasHistory) writeHistory(entry);
}

/** Closes every live entry above the landing point of a Back, top first. */
function closeAbove(landed: Marker | null): void {
  const floor = landed && landed.session === SESSION ? landed.id : 0;
  const closed: Entry[] = [];
  for (let i = live.length - 1; i >= 0; i -= 1) {
    const entry = live[i];
    if (entry && entry.hasHistory && entry.id > floor) {
      live.splice(i, 1);
      closed.push(entry);
    }
  }
  for (const entry of closed) entry.onBack();
}

/** Whether a move onto a dead marker came from below it (Forward) rather than from above (Back). */
function movedForward(previous: Snapshot | null, landed: Marker, now: Snapshot): boolean {
  if (landed.session !== SESSION || previous === null) return false;
  const previousMarker = previous.marker?.split(':');
  if (previousMarker && previousMarker[0] === SESSION) return landed.id > Number(previousMarker[1]);
  return previous.marker === null && previous.href === now.href && previous.rest === now.rest;
}

function onPopState(event: PopStateEvent): void {
  const isOurs = traversals > 0;
  if (isOurs) {
    traversals -= 1;
    clearTimeout(fallbackTimer);
  }
  const landed = readMarker(event.state);
  const previous = lastSeen;
  const now = snapshot(event.state);
  lastSeen = now;
  // Same URL and router state on both sides, and at least one of them ours: the router has nothing to do.
  if (
    previous &&
    previous.href === now.href &&
    previous.rest === now.rest &&
    previous.marker !== now.marker
  ) {
    event.stopImmediatePropagation();
  }
  if (!isOurs) closeAbove(landed);
  if (landed && !isLive(landed) && (isOurs ? isSkippingForward : movedForward(previous, landed, now))) {
    isSkippingForward = true;
    traverse(1);
    return;
  }
  isSkippingForward = false;
  sync();
}

/** Starts listening to popstate (idempotent); call at boot so markers left by a reload are skipped. */
export function startBackStack(): void {
  if (isListening || typeof window === 'undefined') return;
  window.addEventListener('popstate', onPopState, { capture: true });
  isListening = true;
}

/** Adds an entry on top: the browser's Back will call onBack (once) instead of navigating away. */
export function pushBackEntry(onBack: () => void): BackEntryHandle {
  startBackStack();
  const entry: Entry = { id: nextId, onBack, hasHistory: false };
  nextId += 1;
  live.push(entry);
  sync();
  return {
    id: entry.id,
    release: () => {
      const index = live.indexOf(entry);
      if (index < 0) return;
      live.splice(index, 1);
      sync();
    },
  };
}

/** Number of open entries (dialogs, tracked tab switches, carousel moves) the Back button will close first. */
export function backStackDepth(): number {
  return live.length;
}
