import { useEffect, useEffectEvent } from 'react';
import { pushBackEntry } from './backStack';

/**
 * Ties an open overlay to the browser's Back button: while isOpen, Back calls onClose instead of
 * navigating; closing it any other way removes its history entry again.
 */
export function useBackDismiss(isOpen: boolean, onClose: () => void, isEnabled = true): void {
  const onBack = useEffectEvent(() => onClose());
  useEffect(() => {
    if (!isOpen || !isEnabled) return undefined;
    const handle = pushBackEntry(() => onBack());
    return handle.release;
  }, [isOpen, isEnabled]);
}
