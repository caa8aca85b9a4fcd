import { useEffect, useState } from 'react';

/**
 * True from the first painted frame after `isReady` turns true: heavier follow-up work (an overview's year of
 * figures) waits until what the user came for (the grid's rows) is on screen, so it is never queued behind it.
 */
export function useAfterPaint(isReady: boolean): boolean {
  const [isPainted, setPainted] = useState(false);
  useEffect(() => {
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
