import { useCallback, useEffect, useRef } from 'react';
import { pushBackEntry } from './backStack';
import type { BackEntryHandle } from './backStack';

/**
 * Records undoable moves (a tab switch, a carousel step) on the back stack: call the returned
 * function with how to undo the move, and Back undoes the latest one. Unmounting drops them all.
 */
export function useBackSteps(isEnabled = true): (undo: () => void) => void {
  const handles = useRef<BackEntryHandle[]>([]);
  useEffect(
    () => () => {
      const open = handles.current;
      handles.current = [];
      // Oldest first: the newest release then finds every marker above the page dead and pops them in one go.
      for (const handle of open) handle.release();
    },
    [],
  );
  return useCallback(
    (undo: () => void) => {
      if (!isEnabled) return;
      const handle = pushBackEntry(() => {
        handles.current = handles.current.filter((h) => h !== handle);
        undo();
      });
      handles.current.push(handle);
    },
    [isEnabled],
  );
}
