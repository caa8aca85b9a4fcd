import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { ButtonKind } from './Modal';
import './controls.css';

/** Props of a button whose action takes a while (a save, an upload, a delete). */
export type BusyButtonProps = Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'className' | 'disabled' | 'aria-busy'
> & {
  /** A submit button submits its form (or the form named by `form`); a plain one runs onClick. */
  type?: 'button' | 'submit';
  kind?: ButtonKind;
  isSmall?: boolean;
  /** The action runs: the button is disabled, says it is busy and shows `busyLabel`. */
  isBusy: boolean;
  /** What the button says while busy ('Saving…'); without one it keeps its text. */
  busyLabel?: ReactNode;
  /** Off for another reason than running (the form is not valid yet). */
  isDisabled?: boolean;
  children: ReactNode;
};

/** A button that is off and says it is busy while its action runs, so a second press does not run it twice. */
export function BusyButton({
  type = 'button',
  kind = 'primary',
  isSmall = false,
  isBusy,
  busyLabel,
  isDisabled = false,
  children,
  ...button
}: BusyButtonProps) {
  const sizeClass = isSmall ? ' btn--sm' : '';
  return (
    <button
      type={type}
      className={`btn btn--${kind}${sizeClass}`}
      disabled={isBusy || isDisabled}
      aria-busy={isBusy || undefined}
      {...button}
    >
      {isBusy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}

/** Props of a Cancel button beside the busy button that does the work. */
export type CancelAndBusyButtonProps = BusyButtonProps & { onCancel: () => void };

/** Cancel, then the button that does the work: a dialog's footer, an inline form's actions. */
export function CancelAndBusyButton({ onCancel, ...action }: CancelAndBusyButtonProps) {
  const cancelClass = action.isSmall ? 'btn btn--secondary btn--sm' : 'btn btn--secondary';
  return (
    <>
      <button type="button" className={cancelClass} onClick={onCancel}>
        Cancel
      </button>
      <BusyButton {...action} />
    </>
  );
}
