import type { ReactNode } from 'react';
import '../controls.css';

/** Props of a checkbox with its label. */
export type CheckFieldProps = {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
};

/** A checkbox with its label beside it (controls.css .check), as a filter bar's "Public only". */
export function CheckField({ label, checked, onChange, disabled }: CheckFieldProps) {
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}
