import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { TextField } from '../../ui/fields/TextField';
import { PASSWORD_RULE_TEXT } from '../../domain/validation';
import type { FieldBinding } from './useAuthForm';

/** The form's alert region: server errors and the offline notice, announced when they appear. */
export function FormAlert({ message }: { message: string | null }) {
  // Kept in the page while empty (so assistive technology hears it when text arrives) but out of sight.
  return (
    <div role="alert" className={message ? 'notice notice--danger' : 'visually-hidden'}>
      {message && (
        <>
          <CircleAlert aria-hidden="true" size={18} />
          <span>{message}</span>
        </>
      )}
    </div>
  );
}

/** A submit button that shows its busy text and refuses clicks while the form is sending. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className="btn btn--primary btn--lg btn--block auth-form__submit"
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {busy ? (
        <>
          <span className="spinner" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** A new password and its confirmation, with the spec's password rule as hint and tooltip (register and reset). */
export function NewPasswordFields({
  password,
  confirm,
  label,
  autoFocus = false,
}: {
  password: FieldBinding;
  confirm: FieldBinding;
  label: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        {...password}
        label={label}
        type="password"
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        hint={PASSWORD_RULE_TEXT}
        tooltip={PASSWORD_RULE_TEXT}
      />
      <TextField {...confirm} label="Confirm password" type="password" autoComplete="new-password" required />
    </>
  );
}
