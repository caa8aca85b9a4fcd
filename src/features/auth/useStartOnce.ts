import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Runs `start` once per mounted page, even under StrictMode's double effects: a sign-in exchange
 * (an SSO answer, a one-time link) must not be sent twice. `start` gets a check for "still mounted"
 * so late answers do not act on a page the user already left.
 */
export function useStartOnce(start: (isMounted: () => boolean) => void): void {
  const started = useRef(false);
  const mounted = useRef(false);
  const run = useEffectEvent(() => start(() => mounted.current));
  useEffect(() => {
    mounted.current = true;
    if (!started.current) {
      started.current = true;
      run();
    }
    return () => {
      mounted.current = false;
    };
  }, []);
}
