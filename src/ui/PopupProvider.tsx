import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { MODAL_ANIMATION_MS, prefersReducedMotion } from './motion';
import { PopupContext } from './popupContext';
import type { PopupApi } from './popupContext';
import { ErrorPopup, SuccessPopup } from './Popups';

type PopupRecord =
  | { readonly id: number; readonly kind: 'success'; readonly title: string; readonly message?: string }
  | { readonly id: number; readonly kind: 'error'; readonly message: string };

let lastPopupId = 0;

/** Provides usePopups() and shows its popups one after another, each with its close animation. */
export function PopupProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<readonly PopupRecord[]>([]);
  const [closingId, setClosingId] = useState<number | null>(null);
  const api = useMemo<PopupApi>(() => {
    const add = (record: PopupRecord) => setQueue((list) => [...list, record]);
    return {
      successPopup: (title, message) => {
        lastPopupId += 1;
        add({ id: lastPopupId, kind: 'success', title, message });
      },
      errorPopup: (message) => {
        lastPopupId += 1;
        add({ id: lastPopupId, kind: 'error', message });
      },
    };
  }, []);

  const head = queue[0];
  const close = () => {
    if (!head || closingId === head.id) return;
    setClosingId(head.id);
    // The next popup waits for this one's close animation.
    setTimeout(
      () => {
        setQueue((list) => list.filter((record) => record.id !== head.id));
        setClosingId(null);
      },
      prefersReducedMotion() ? 0 : MODAL_ANIMATION_MS,
    );
  };
  const isOpen = head !== undefined && closingId !== head.id;

  return (
    <PopupContext value={api}>
      {children}
      {head?.kind === 'success' && (
        <SuccessPopup
          key={head.id}
          isOpen={isOpen}
          title={head.title}
          message={head.message}
          onClose={close}
        />
      )}
      {head?.kind === 'error' && (
        <ErrorPopup key={head.id} isOpen={isOpen} message={head.message} onClose={close} />
      )}
    </PopupContext>
  );
}
