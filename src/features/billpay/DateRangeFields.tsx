import { TextField } from '../../ui/fields/TextField';
import '../../ui/billPay.css';

/** A from/to date range; an empty bound is open. */
export interface DateRange {
  from: string;
  to: string;
}

/** Why a range cannot be used, or null. */
export function rangeError(range: DateRange): string | null {
  return range.from !== '' && range.to !== '' && range.from > range.to
    ? 'The end of the range is before its start.'
    : null;
}

/** Props of the range fields. */
export type DateRangeFieldsProps = {
  /** What the dates are of ('Payment date'). */
  label: string;
  value: DateRange;
  onChange: (value: DateRange) => void;
};

/** Two date fields, from and to, with the message of a backwards range. */
export function DateRangeFields({ label, value, onChange }: DateRangeFieldsProps) {
  return (
    <div className="billpay-period">
      <TextField
        label={`${label} from`}
        type="date"
        value={value.from}
        onChange={(from) => onChange({ ...value, from })}
      />
      <TextField
        label={`${label} to`}
        type="date"
        value={value.to}
        error={rangeError(value)}
        onChange={(to) => onChange({ ...value, to })}
      />
    </div>
  );
}
