import { useLayoutEffect, useState } from 'react';

/**
 * True from the first painted frame after `isReady` turns true: heavier follow-up work (an overview's year of
 * figures) waits until what the user came for (the grid's rows) is on screen, so it is never queued behind it.
 */
export function useAfterPaint(isReady: boolean): boolean {
  const [isPainted, setPainted] = useState(false);
  // A layout effect runs in the commit that puts the rows in the page, so the frame asked for here is the one that
  // paints them. A passive effect waits for React's scheduler to run it after that commit, which may be later: a
  // page whose overview stayed 'Loading' until some other update flushed the queued effects was seen in the browser
  // tests (tests/e2e/layout.spec.ts) on a busy machine.
  useLayoutEffect(() => {
    if (!isReady || isPainted) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task after it: the frame with the rows has been presented by then.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [isReady, isPainted]);
  return isPainted;
}
