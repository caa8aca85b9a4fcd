import type { FormEvent, ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { TextField } from '../../ui/fields/TextField';
import { PASSWORD_RULE_TEXT } from '../../domain/validation';
import { AuthLayout } from './AuthLayout';
import type { AuthLayoutProps } from './AuthLayout';
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

/** Props of a sign-in page's card holding its one form. */
export type AuthFormCardProps = Omit<AuthLayoutProps, 'children'> & {
  /** The form's submit handler (useAuthForm's onSubmit). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  alert: string | null;
  /** The form is sending: the submit button shows `busyLabel` and refuses clicks. */
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** Below the submit button (the two-step verification's way back). */
  afterSubmit?: ReactNode;
  children: ReactNode;
};

/** A public sign-in page whose card is one form: the alert region, the fields, the submit button. */
export function AuthFormCard({
  onSubmit,
  alert,
  busy,
  submitLabel,
  busyLabel,
  afterSubmit,
  children,
  ...layout
}: AuthFormCardProps) {
  return (
    <AuthLayout {...layout}>
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <FormAlert message={alert} />
        {children}
        <SubmitButton busy={busy} busyLabel={busyLabel}>
          {submitLabel}
        </SubmitButton>
        {afterSubmit}
      </form>
    </AuthLayout>
  );
}

/** The email an account signs in with (sign in, forgot password): the browser offers its saved username. */
export function SignInEmailField({ autoFocus, ...binding }: FieldBinding & { autoFocus: boolean }) {
  return (
    <TextField
      {...binding}
      label="Email"
      type="email"
      autoComplete="username"
      required
      autoFocus={autoFocus}
    />
  );
}
