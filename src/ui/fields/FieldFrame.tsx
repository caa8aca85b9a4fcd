import { useId } from 'react';
import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { InfoTip } from './InfoTip';
import '../controls.css';
import './fields.css';

/** What every field of the family takes besides its control's own props. */
export type FieldBaseProps = {
  label: string;
  /** The control's id; a generated one when left out. */
  id?: string;
  /** Shows the spec's asterisk (000 §5) beside the label, hidden from screen readers, which hear "required". */
  required?: boolean;
  /** A description under the control; it stays while an error shows, unless the error says the same. */
  hint?: ReactNode;
  /** The message of a failed check; marks the control invalid. */
  error?: string | null;
  /** Text of an info button beside the label (e.g. the password rule). */
  tooltip?: string;
  /** Extra class of the field's wrapper (layout in a form row). */
  className?: string;
};

/** The ARIA and id props a field gives its control. */
export type FieldControlProps = {
  id: string;
  required: boolean | undefined;
  'aria-required': true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * Splits a field's props into its frame's (label, asterisk, hint, error, tooltip) and its control's own, and
 * gives the control its id and ARIA: required, invalid while an error shows, described by hint and error.
 */
export function useField<P extends FieldBaseProps>({
  label,
  id,
  required = false,
  hint,
  error,
  tooltip,
  className,
  ...own
}: P) {
  const generated = useId();
  const controlId = id ?? generated;
  const hasError = typeof error === 'string' && error !== '';
  const showHint = hint !== undefined && hint !== null && hint !== error;
  const describedBy = [showHint ? `${controlId}-hint` : null, hasError ? `${controlId}-error` : null]
    .filter((part) => part !== null)
    .join(' ');
  const control: FieldControlProps = {
    id: controlId,
    required: required || undefined,
    'aria-required': required ? true : undefined,
    'aria-invalid': hasError ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  const frame: FieldFrameProps = { label, required, hint, error, tooltip, className, controlId, showHint };
  return { frame, control, own };
}

/** What FieldFrame draws: the field's own props, its control's id and whether the hint shows. */
type FieldFrameProps = FieldBaseProps & { controlId: string; showHint: boolean };

/**
 * The frame of every field (controls.css .field): the label with its asterisk and optional info button, the
 * control, then the hint and the error, both read out with the control.
 */
export function FieldFrame({
  label,
  required = false,
  hint,
  error,
  tooltip,
  className,
  controlId,
  showHint,
  children,
}: FieldFrameProps & { children: ReactNode }) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <div className="field__label-row">
        <label htmlFor={controlId} className="field__label">
          {label}
          {required ? (
            <span className="field__required" aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
        {tooltip ? <InfoTip id={`${controlId}-tip`} label={`${label} rule`} text={tooltip} /> : null}
      </div>
      {children}
      {showHint ? (
        <p id={`${controlId}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${controlId}-error`} className="field__error">
          <CircleAlert aria-hidden="true" size={14} />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
