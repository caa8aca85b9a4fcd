import type { ContractProblems } from '../../domain/contractForm';
import { RATE_TYPES } from '../../domain/contractForm';
import { SERVICE_TYPES } from '../../domain/serviceTypes';
import { SelectField } from '../../ui/fields/SelectField';
import { SuggestField } from '../../ui/fields/SuggestField';
import { TextField } from '../../ui/fields/TextField';
import type { ContractDraft } from './contractDraft';

/** Which of the contract's fields a form shows: the supply and its dates, or the terms. */
export type ContractFieldGroup = 'supply' | 'terms';

/**
 * The contract form's fields (spec 001 §3 Contract), one group or both: service, vendor (with the device's known
 * vendors as suggestions), dates and term; rate, rate type, annual usage, signature date, consultant, notes.
 */
export function ContractFields({
  draft,
  onChange,
  problems,
  groups = ['supply', 'terms'],
  suggestions,
}: {
  draft: ContractDraft;
  onChange: (draft: ContractDraft) => void;
  problems: ContractProblems;
  groups?: readonly ContractFieldGroup[];
  suggestions: { vendors: readonly string[]; consultants: readonly string[] };
}) {
  /** A field's value, its change and its problem: what every field of the form is given. */
  const bind = (key: keyof ContractDraft) => ({
    value: draft[key],
    onChange: (value: string) => onChange({ ...draft, [key]: value }),
    error: problems[key],
  });
  return (
    <>
      {groups.includes('supply') ? (
        <>
          <div className="contracts-form__row">
            <SelectField label="Service" required {...bind('serviceType')}>
              {SERVICE_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </SelectField>
            <SuggestField label="Vendor" required {...bind('vendorName')} suggestions={suggestions.vendors} />
          </div>
          <div className="contracts-form__row">
            <TextField label="Start Date" type="date" required {...bind('startDate')} />
            <TextField label="End Date" type="date" required {...bind('endDate')} />
            <TextField label="Term (Months)" inputMode="numeric" {...bind('termMonth')} />
          </div>
        </>
      ) : null}
      {groups.includes('terms') ? (
        <>
          <div className="contracts-form__row">
            <TextField label="Rate" inputMode="decimal" {...bind('contractRate')} />
            <SelectField label="Rate Type" {...bind('contractRateType')}>
              {RATE_TYPES.map((type) => (
                <option key={type.value} value={String(type.value)}>
                  {type.label}
                </option>
              ))}
            </SelectField>
            <TextField label="Annual Usage" inputMode="decimal" {...bind('contractAnnualUsage')} />
          </div>
          <div className="contracts-form__row">
            <TextField label="Signed" type="date" {...bind('contractSignDate')} />
            <SuggestField
              label="Consultant"
              {...bind('consultantName')}
              suggestions={suggestions.consultants}
            />
          </div>
          <TextField label="Notes" {...bind('notes')} />
        </>
      ) : null}
    </>
  );
}
