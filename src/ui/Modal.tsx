import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode, RefObject } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { focusableWithin, trapTab } from './focusables';
import { MODAL_ANIMATION_MS, prefersReducedMotion } from './motion';
import { ToneIcon } from './ToneIcon';
import type { Tone } from './ToneIcon';
import { useBackDismiss } from './useBackDismiss';
import './controls.css';
import './modal.css';

/** Props of a modal window; the caller owns isOpen and closes it in onClose. */
export type ModalProps = {
  isOpen: boolean;
  /** Called on Escape, the close button, an overlay click (when allowed) and the browser's Back. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Action buttons, right-aligned under the body. */
  footer?: ReactNode;
  /** Shows the tone's icon before the title and a tone-coloured top edge. */
  tone?: Tone;
  size?: 'sm' | 'md' | 'lg';
  /** Whether a click on the dimmed backdrop closes the modal (default true). */
  isOverlayDismissible?: boolean;
  /** Whether the header shows an X button (default true). */
  hasCloseButton?: boolean;
  /** Element to focus on open; else the first [data-autofocus], body, footer or header control. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Id of the element describing the dialog (aria-describedby). */
  describedById?: string;
  className?: string;
};

let openCount = 0;
let savedOverflow = '';

/** Stops the page behind from scrolling while at least one modal is open. */
function useScrollLock(isLocked: boolean): void {
  useEffect(() => {
    if (!isLocked) return undefined;
    if (openCount === 0) {
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    openCount += 1;
    return () => {
      openCount -= 1;
      if (openCount === 0) document.body.style.overflow = savedOverflow;
    };
  }, [isLocked]);
}

function initialTarget(panel: HTMLElement, preferred: HTMLElement | null | undefined): HTMLElement {
  if (preferred) return preferred;
  const marked = panel.querySelector<HTMLElement>('[data-autofocus]');
  if (marked) return marked;
  for (const selector of ['.modal__body', '.modal__footer', '.modal__header']) {
    const part = panel.querySelector<HTMLElement>(selector);
    const first = part ? focusableWithin(part)[0] : undefined;
    if (first) return first;
  }
  return panel;
}

/**
 * An accessible modal window in a portal: role="dialog", aria-modal, labelled by its title; focus
 * moves in on open, cycles inside, returns to the opener on close; Escape and Back close it; it
 * fades in and out over 500 ms (instantly with reduced motion).
 */
export function Modal({
  isOpen,
  onClose,
  title,
  children,
  footer,
  tone,
  size = 'md',
  isOverlayDismissible = true,
  hasCloseButton = true,
  initialFocusRef,
  describedById,
  className,
}: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const isPressOnOverlay = useRef(false);
  const [isRendered, setIsRendered] = useState(isOpen);
  if (isOpen && !isRendered) setIsRendered(true);
  const isClosing = isRendered && !isOpen;

  useBackDismiss(isOpen, onClose);
  useScrollLock(isOpen);

  useEffect(() => {
    if (!isClosing) return undefined;
    const timer = setTimeout(() => setIsRendered(false), prefersReducedMotion() ? 0 : MODAL_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [isClosing]);

  useLayoutEffect(() => {
    if (!isOpen) return undefined;
    const opener = document.activeElement;
    const panel = panelRef.current;
    if (panel) initialTarget(panel, initialFocusRef?.current).focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [isOpen, initialFocusRef]);

  if (!isRendered) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const panel = panelRef.current;
    if (!panel || isClosing || event.defaultPrevented) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') {
      // Stop here so a modal underneath (a React ancestor through the portal) does not trap it too.
      event.stopPropagation();
      if (trapTab(panel, event.shiftKey)) event.preventDefault();
    }
  };
  const onOverlayDown = (event: MouseEvent<HTMLDivElement>) => {
    isPressOnOverlay.current = event.target === event.currentTarget;
  };
  const onOverlayClick = (event: MouseEvent<HTMLDivElement>) => {
    // Both press and release on the backdrop: a drag out of a text field must not close the modal.
    if (
      isOverlayDismissible &&
      !isClosing &&
      isPressOnOverlay.current &&
      event.target === event.currentTarget
    )
      onClose();
    isPressOnOverlay.current = false;
  };

  return createPortal(
    <div
      className="modal"
      data-state={isClosing ? 'closing' : 'open'}
      aria-hidden={isClosing || undefined}
      inert={isClosing}
      onMouseDown={onOverlayDown}
      onClick={onOverlayClick}
    >
      <div
        ref={panelRef}
        className={['modal__panel', `modal__panel--${size}`, className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedById}
        data-tone={tone}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="modal__header">
          {tone && <ToneIcon tone={tone} size={22} />}
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {hasCloseButton && (
            <button
              type="button"
              className="btn btn--ghost btn--icon modal__close"
              aria-label="Close"
              onClick={onClose}
            >
              <X size={18} aria-hidden="true" />
            </button>
          )}
        </header>
        {children !== undefined && <div className="modal__body">{children}</div>}
        {footer !== undefined && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}

/** Look of a button: the shared .btn variants of controls.css. */
export type ButtonKind = 'primary' | 'secondary' | 'ghost' | 'danger' | 'warning';

/** One button of a Dialog; clicking it runs onClick, then closes the dialog. */
export type DialogButton = {
  label: string;
  kind?: ButtonKind;
  onClick?: () => void;
  /** Focus this button when the dialog opens (default: the first button). */
  isInitialFocus?: boolean;
};

/** Props of a confirm or alert dialog. */
export type DialogProps = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  message: ReactNode;
  /** Default: one primary 'OK' button. */
  buttons?: readonly DialogButton[];
  tone?: Tone;
  isOverlayDismissible?: boolean;
};

const OK_ONLY: readonly DialogButton[] = [{ label: 'OK', kind: 'primary' }];

/** Props of a modal that says one message: a confirm dialog or a popup. */
export type MessageModalProps = Omit<ModalProps, 'children' | 'describedById' | 'size'> & {
  /** Describes the dialog; without one the modal has no body. */
  message?: ReactNode;
  /** The message's element: a dialog's block (which may hold a list) or a popup's paragraph. */
  messageAs?: 'div' | 'p';
  messageClassName: string;
};

/** A small modal whose body is its message, which describes the dialog for screen readers. */
export function MessageModal({
  message,
  messageAs: MessageTag = 'div',
  messageClassName,
  ...modal
}: MessageModalProps) {
  const messageId = useId();
  return (
    <Modal {...modal} size="sm" describedById={message !== undefined ? messageId : undefined}>
      {message !== undefined ? (
        <MessageTag id={messageId} className={messageClassName}>
          {message}
        </MessageTag>
      ) : undefined}
    </Modal>
  );
}

/** A confirm or alert dialog: title, message and a row of buttons, each of which closes it. */
export function Dialog({ buttons = OK_ONLY, onClose, ...modal }: DialogProps) {
  return (
    <MessageModal
      {...modal}
      onClose={onClose}
      messageClassName="modal__message"
      footer={buttons.map((button) => (
        <button
          key={button.label}
          type="button"
          className={`btn btn--${button.kind ?? 'secondary'}`}
          data-autofocus={button.isInitialFocus || undefined}
          onClick={() => {
            button.onClick?.();
            onClose();
          }}
        >
          {button.label}
        </button>
      ))}
    />
  );
}
