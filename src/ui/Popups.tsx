import { useEffect, useEffectEvent } from 'react';
import type { ReactNode } from 'react';
import { MessageModal } from './Modal';
import type { MessageModalProps } from './Modal';
import './popups.css';

/** How long a success popup stays (spec 000 §8). */
export const SUCCESS_POPUP_MS = 2000;

/** The generic error popup's text (spec 000 §8); a trailing full stop of the message is not doubled. */
export function errorPopupText(message: string): string {
  return `Error: ${message.trim().replace(/\.$/, '')}. Please try again.`;
}

/** A popup of either tone: a small modal without a close button, its message a paragraph (spec 000 §8). */
function Popup({
  tone,
  ...modal
}: Omit<MessageModalProps, 'tone' | 'messageClassName'> & { tone: 'success' | 'warning' }) {
  const isSuccess = tone === 'success';
  return (
    <MessageModal
      {...modal}
      tone={tone}
      hasCloseButton={false}
      messageAs="p"
      messageClassName="popup__message"
      className={isSuccess ? 'popup popup--success' : 'popup'}
    />
  );
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
export function SuccessPopup(props: SuccessPopupProps) {
  const { isOpen, onClose } = props;
  const close = useEffectEvent(() => onClose());
  useEffect(() => {
    if (!isOpen) return undefined;
    const timer = setTimeout(() => close(), SUCCESS_POPUP_MS);
    return () => clearTimeout(timer);
  }, [isOpen]);
  return <Popup {...props} tone="success" />;
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

/** Props of a warning popup. */
export type WarningPopupProps = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  message: ReactNode;
};

/** A warning popup: its message with a warning-styled OK button that closes it. */
export function WarningPopup(props: WarningPopupProps) {
  return (
    <Popup
      {...props}
      tone="warning"
      footer={
        <button type="button" className="btn btn--warning" onClick={props.onClose}>
          OK
        </button>
      }
    />
  );
}

/** The generic error popup: 'Error: {message}. Please try again.' with a warning-styled OK button that closes it. */
export function ErrorPopup({ isOpen, message, onClose, title = 'Error' }: ErrorPopupProps) {
  return <WarningPopup isOpen={isOpen} onClose={onClose} title={title} message={errorPopupText(message)} />;
}
