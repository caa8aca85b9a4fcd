import type { InputHTMLAttributes } from 'react';
import { FieldFrame, useField } from './FieldFrame';
import type { FieldBaseProps } from './FieldFrame';

/** Props of a labelled text input (text, email, password, search, tel, number…). */
export type TextFieldProps = FieldBaseProps & {
  value: string;
  onChange: (value: string) => void;
  /** Extra class of the input (e.g. a feature's monospace code input). */
  inputClassName?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'className' | 'required'>;

/**
 * A labelled input of the field family: asterisk when required, hint and error read with it
 * (aria-describedby), aria-invalid while an error shows. Email and password inputs are neither spell-checked
 * nor auto-capitalised.
 */
export function TextField(props: TextFieldProps) {
  const { frame, control, own } = useField(props);
  const { value, onChange, inputClassName, type = 'text', ...input } = own;
  const isVerbatim = type === 'email' || type === 'password';
  return (
    <FieldFrame {...frame}>
      <input
        className={inputClassName ? `input ${inputClassName}` : 'input'}
        type={type}
        value={value}
        spellCheck={isVerbatim ? false : undefined}
        autoCapitalize={isVerbatim ? 'none' : undefined}
        onChange={(event) => onChange(event.target.value)}
        {...control}
        {...input}
      />
    </FieldFrame>
  );
}
