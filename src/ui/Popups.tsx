import { useEffect, useEffectEvent, useId } from 'react';
import { Modal } from './Modal';
import './popups.css';

/** How long a success popup stays (spec 000 §8). */
export const SUCCESS_POPUP_MS = 2000;

/** The generic error popup's text (spec 000 §8); a trailing full stop of the message is not doubled. */
export function errorPopupText(message: string): string {
  return `Error: ${message.trim().replace(/\.$/, '')}. Please try again.`;
}

/** Props of a success popup. */
export type SuccessPopupProps = {
  isOpen: boolean;
  title: string;
  message?: string;
  /** Called when the 2 s are up (or on Escape / Back / a backdrop click). */
  onClose: () => void;
};

/** A success popup: title and message, no button; it closes itself after 2 seconds. */
export function SuccessPopup({ isOpen, title, message, onClose }: SuccessPopupProps) {
  const messageId = useId();
  const close = useEffectEvent(() => onClose());
  useEffect(() => {
    if (!isOpen) return undefined;
    const timer = setTimeout(() => close(), SUCCESS_POPUP_MS);
    return () => clearTimeout(timer);
  }, [isOpen]);
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      tone="success"
      size="sm"
      hasCloseButton={false}
      describedById={message !== undefined ? messageId : undefined}
      className="popup popup--success"
    >
      {message !== undefined && (
        <p id={messageId} className="popup__message">
          {message}
        </p>
      )}
    </Modal>
  );
}

/** Props of the generic error popup. */
export type ErrorPopupProps = {
  isOpen: boolean;
  /** Shown as 'Error: {message}. Please try again.' */
  message: string;
  onClose: () => void;
  /** Heading of the popup (default 'Error'). */
  title?: string;
};

/** The generic error popup: 'Error: {message}. Please try again.' with a warning-styled OK button that closes it. */
export function ErrorPopup({ isOpen, message, onClose, title = 'Error' }: ErrorPopupProps) {
  const messageId = useId();
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      tone="warning"
      size="sm"
      hasCloseButton={false}
      describedById={messageId}
      className="popup"
      footer={
        <button type="button" className="btn btn--warning" onClick={onClose}>
          OK
        </button>
      }
    >
      <p id={messageId} className="popup__message">
        {errorPopupText(message)}
      </p>
    </Modal>
  );
}
