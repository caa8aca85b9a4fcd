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
export function SelectField(props: SelectFieldProps) {
  const { frame, control, own } = useField(props);
  const { value, onChange, children, ...select } = own;
  return (
    <FieldFrame {...frame}>
      <select
        className="select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...control}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
