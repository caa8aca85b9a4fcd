import { useId, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { confirmUpdate, getUpdateState, isUpdatePromptSuppressed, subscribeUpdateState } from './updateState';
import './pwa.css';

/** The spec's update prompt: shown when a new build waits, except on the single sign-on pages. */
export function UpdatePrompt() {
  const { pathname } = useLocation();
  const { needRefresh, updating } = useSyncExternalStore(
    subscribeUpdateState,
    getUpdateState,
    getUpdateState,
  );
  const titleId = useId();
  if (!needRefresh || isUpdatePromptSuppressed(pathname)) return null;
  return (
    <div className="pwa-update" role="dialog" aria-modal="false" aria-labelledby={titleId}>
      <p id={titleId} className="pwa-update__title">
        A New Update is Available!
      </p>
      <button
        type="button"
        className="btn btn--accent btn--sm"
        disabled={updating}
        aria-busy={updating}
        onClick={() => {
          void confirmUpdate();
        }}
      >
        Great!
      </button>
    </div>
  );
}
