// Long grid work (ranking 100 k values, building and scanning filter texts) runs in slices of about 12 ms with
// the browser given a turn in between, so no task holds the page for over 50 ms (docs/architecture.md §9).

// Longest stretch of work before the browser gets a turn.
const SLICE_MS = 12;
// Items between two looks at the clock: reading it per item would cost more than the items.
const ITEMS_PER_CHECK = 256;

/** Resolves on the browser's next turn; a message, unlike setTimeout, is not clamped to 4 ms when repeated. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Runs `step(i)` for i in [0, count) in slices; false when `isCancelled` turned true on the way. */
export async function runInSlices(
  count: number,
  step: (index: number) => void,
  isCancelled: () => boolean,
): Promise<boolean> {
  let index = 0;
  while (index < count) {
    const sliceEnd = performance.now() + SLICE_MS;
    do {
      const stop = Math.min(count, index + ITEMS_PER_CHECK);
      for (; index < stop; index++) step(index);
    } while (index < count && performance.now() < sliceEnd);
    if (index < count) await yieldToBrowser();
    if (isCancelled()) return false;
  }
  return true;
}

/** Work written as a generator that yields at points where it may pause. */
export type Steps<T> = Generator<void, T, void>;

/** Runs steps to the end at once (small inputs, tests). */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs steps in slices; null when `isCancelled` turned true on the way. */
export async function runStepsInSlices<T>(steps: Steps<T>, isCancelled: () => boolean): Promise<T | null> {
  for (;;) {
    // Asked before each slice, the first too: work cancelled before it starts does none (a fast machine may finish
    // in one slice, and would otherwise answer a cancelled request).
    if (isCancelled()) return null;
    const sliceEnd = performance.now() + SLICE_MS;
    let step = steps.next();
    while (!step.done && performance.now() < sliceEnd) step = steps.next();
    if (step.done) return step.value;
    await yieldToBrowser();
  }
}
