import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame, useField } from './FieldFrame';
import type { FieldBaseProps } from './FieldFrame';

/** Props of a labelled multi-line text input. */
export type TextAreaFieldProps = FieldBaseProps & {
  value: string;
  onChange: (value: string) => void;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'id' | 'className' | 'required'>;

/** A labelled textarea of the field family (same label, asterisk, hint and error wiring as TextField). */
export function TextAreaField(props: TextAreaFieldProps) {
  const { frame, control, own } = useField(props);
  const { value, onChange, rows = 3, ...textarea } = own;
  return (
    <FieldFrame {...frame}>
      <textarea
        className="textarea"
        value={value}
        rows={rows}
        onChange={(event) => onChange(event.target.value)}
        {...control}
        {...textarea}
      />
    </FieldFrame>
  );
}
