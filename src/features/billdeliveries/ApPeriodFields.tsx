import type { ApFileDay } from '../../domain/accountsPayable';
import { formatDay, formatWhole } from '../../domain/format';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';
import '../../ui/billPay.css';

/** What the user chose: the AP file of one day (null: the newest), or a due-date range. */
export interface ApPeriodChoice {
  kind: 'created' | 'due';
  createDate: string | null;
  dueFrom: string;
  dueTo: string;
}

/** Props of the period fields. */
export type ApPeriodFieldsProps = {
  value: ApPeriodChoice;
  /** The AP files on the device, newest first (undefined while loading). */
  days: readonly ApFileDay[] | undefined;
  onChange: (value: ApPeriodChoice) => void;
  /** Why the due range cannot be used, if it cannot. */
  error: string | null;
};

/** The spec's two periods of the AP figures: by create date (the AP file's day), or by due date from/to. */
export function ApPeriodFields({ value, days, onChange, error }: ApPeriodFieldsProps) {
  const createDate = value.createDate ?? days?.[0]?.date ?? '';
  return (
    <div className="billpay-period">
      <SelectField
        label="Period by"
        value={value.kind}
        onChange={(kind) => onChange({ ...value, kind: kind === 'due' ? 'due' : 'created' })}
      >
        <option value="created">Create date (AP file)</option>
        <option value="due">Due date</option>
      </SelectField>
      {value.kind === 'created' ? (
        <SelectField
          label="AP file of"
          value={createDate}
          disabled={days === undefined || days.length === 0}
          onChange={(date) => onChange({ ...value, createDate: date })}
        >
          {days?.length === 0 && <option value="">No AP files</option>}
          {days?.map((day) => (
            <option key={day.date} value={day.date}>
              {`${formatDay(day.date) ?? day.date} — ${formatWhole(day.invoices)} invoice${day.invoices === 1 ? '' : 's'}`}
            </option>
          ))}
        </SelectField>
      ) : (
        <>
          <TextField
            label="Due from"
            type="date"
            value={value.dueFrom}
            onChange={(dueFrom) => onChange({ ...value, dueFrom })}
          />
          <TextField
            label="Due to"
            type="date"
            value={value.dueTo}
            error={error}
            onChange={(dueTo) => onChange({ ...value, dueTo })}
          />
        </>
      )}
    </div>
  );
}
