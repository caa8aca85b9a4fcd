import type { HTMLAttributes, ReactNode } from 'react';
import { CircleAlert, Info } from 'lucide-react';
import type { FieldBinding } from './useAuthForm';

/** Props of one labelled input of a sign-in form. */
export interface FieldProps {
  binding: FieldBinding;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  required?: boolean;
  /** Help shown under the input (hidden while an error says the same). */
  help?: string;
  /** Text of an info tooltip next to the label. */
  tooltip?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  pattern?: string;
  autoFocus?: boolean;
  /** Extra class of the input. */
  className?: string;
}

/**
 * A labelled input: an aria-hidden asterisk marks it required, help and error are tied to it with
 * aria-describedby, and aria-invalid is set while an error shows.
 */
export function Field({
  binding,
  label,
  type = 'text',
  autoComplete,
  required = false,
  help,
  tooltip,
  className,
  ...input
}: FieldProps) {
  const { id, name, value, error, onChange, onBlur } = binding;
  const showHelp = help !== undefined && help !== error;
  const describedBy = [showHelp ? `${id}-help` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <div className="auth-label-row">
        <label htmlFor={id} className="field-label">
          {label}
          {required && (
            <span className="field-required" aria-hidden="true">
              *
            </span>
          )}
        </label>
        {tooltip && <InfoTip id={`${id}-tip`} label={`${label} rule`} text={tooltip} />}
      </div>
      <input
        id={id}
        name={name}
        className={className ? `input auth-input ${className}` : 'input auth-input'}
        type={type}
        value={value}
        autoComplete={autoComplete}
        required={required}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        spellCheck={type === 'password' || type === 'email' ? false : undefined}
        autoCapitalize={type === 'text' ? undefined : 'none'}
        onChange={(event) => onChange(event.target.value)}
        onBlur={(event) => onBlur(event.relatedTarget)}
        {...input}
      />
      {showHelp && (
        <p id={`${id}-help`} className="field-hint">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          <CircleAlert aria-hidden="true" size={14} />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

/** An info button whose tooltip shows on hover and focus; the text is its accessible description. */
export function InfoTip({ id, label, text }: { id: string; label: string; text: string }) {
  return (
    <span className="auth-tip">
      <button
        type="button"
        className="auth-tip-button"
        aria-label={label}
        aria-describedby={id}
        onKeyDown={(event) => {
          if (event.key === 'Escape') event.currentTarget.blur();
        }}
      >
        <Info aria-hidden="true" size={15} />
      </button>
      <span role="tooltip" id={id} className="auth-tip-text">
        {text}
      </span>
    </span>
  );
}

/** The form's alert region: server errors and the offline notice, announced when they appear. */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div role="alert" className={message ? 'auth-alert' : 'auth-alert-empty'}>
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
      className="btn btn-primary auth-submit"
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {busy ? (
        <>
          <span className="auth-spinner" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
