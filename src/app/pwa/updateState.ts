/** Single sign-on pages: the update prompt never interrupts a sign-on in progress (spec §1). */
const SUPPRESSED_PREFIXES = ['/ssologin', '/ssoacs'] as const;

/** Whether the update prompt is hidden on this path (the SSO pages /ssologin/* and /ssoacs/*). */
export function isUpdatePromptSuppressed(pathname: string): boolean {
  return SUPPRESSED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** What the update prompt shows: whether a new worker is waiting and whether the user confirmed it. */
export interface UpdateState {
  readonly needRefresh: boolean;
  readonly updating: boolean;
}

type Listener = () => void;

const IDLE: UpdateState = { needRefresh: false, updating: false };
let state: UpdateState = IDLE;
let applyUpdate: (() => Promise<void>) | null = null;
const listeners = new Set<Listener>();

function setState(next: UpdateState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Subscribes to update-state changes (for useSyncExternalStore); returns the unsubscribe. */
export function subscribeUpdateState(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current update state (a stable object between changes). */
export function getUpdateState(): UpdateState {
  return state;
}

/** Marks a new worker as waiting; `apply` activates it (the page reloads once it controls). */
export function announceUpdate(apply: () => Promise<void>): void {
  applyUpdate = apply;
  if (!state.needRefresh) setState({ needRefresh: true, updating: false });
}

/** How long to wait for the new worker to take control before reloading anyway. */
export const UPDATE_RELOAD_FALLBACK_MS = 10_000;

/** Confirms the update: activates the waiting worker; reloads anyway if it never takes control. */
export async function confirmUpdate(reload: () => void = () => window.location.reload()): Promise<void> {
  if (state.updating) return;
  setState({ needRefresh: true, updating: true });
  const fallback = setTimeout(reload, UPDATE_RELOAD_FALLBACK_MS);
  try {
    if (applyUpdate) await applyUpdate();
    else reload();
  } catch {
    clearTimeout(fallback);
    reload();
  }
}

/** Back to no update waiting (tests). */
export function resetUpdateState(): void {
  applyUpdate = null;
  setState(IDLE);
}
