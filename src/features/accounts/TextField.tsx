import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import '../../ui/controls.css';

/** Props of a labelled text input with help and error text. */
export type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the input; replaced by the error while there is one. */
  help?: ReactNode;
  error?: string | null | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;

/** A labelled input of a dialog form (controls.css .field): help and error tied to it with aria-describedby. */
export function TextField({ label, value, onChange, help, error, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : help ? `${id}-help` : undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        className="input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          <CircleAlert aria-hidden="true" size={14} />
          <span>{error}</span>
        </p>
      ) : help ? (
        <p id={`${id}-help`} className="field-hint">
          {help}
        </p>
      ) : null}
    </div>
  );
}
