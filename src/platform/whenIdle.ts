/**
 * Runs `callback` when the main thread is idle, and at the latest after `timeout` ms; where the browser has no idle
 * callbacks (Safari, Node), on the next turn of the event loop. For work that only makes a later moment faster (a
 * page answer stored for the next start, a page's code loaded ahead) and must never hold up what the user asked for.
 */
export function whenIdle(callback: () => void, timeout: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => callback(), { timeout });
  else setTimeout(callback, 0);
}
