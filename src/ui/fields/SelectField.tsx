import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FieldFrame, useField } from './FieldFrame';
import type { FieldBaseProps } from './FieldFrame';

/** Props of a labelled select; its <option>s are the children. */
export type SelectFieldProps = FieldBaseProps & {
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'id' | 'className' | 'required'>;

/** A labelled select of the field family (same label, asterisk, hint and error wiring as TextField). */
export function SelectField({
  label,
  id,
  required,
  hint,
  error,
  tooltip,
  className,
  value,
  onChange,
  children,
  ...select
}: SelectFieldProps) {
  const field = useField({ label, id, required, hint, error });
  return (
    <FieldFrame
      label={label}
      required={required}
      hint={hint}
      error={error}
      tooltip={tooltip}
      className={className}
      controlId={field.control.id}
      showHint={field.showHint}
    >
      <select
        className="select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...field.control}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
