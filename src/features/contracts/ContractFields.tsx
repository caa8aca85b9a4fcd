import { useId } from 'react';
import type { ContractProblems } from '../../domain/contractForm';
import { RATE_TYPES } from '../../domain/contractForm';
import { SERVICE_TYPES } from '../../domain/serviceTypes';
import { SelectField } from '../../ui/fields/SelectField';
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
  const vendorsId = useId();
  const consultantsId = useId();
  const set = (key: keyof ContractDraft) => (value: string) => onChange({ ...draft, [key]: value });
  return (
    <>
      {groups.includes('supply') ? (
        <>
          <div className="contracts-form__row">
            <SelectField
              label="Service"
              required
              value={draft.serviceType}
              onChange={set('serviceType')}
              error={problems.serviceType}
            >
              {SERVICE_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Vendor"
              required
              value={draft.vendorName}
              onChange={set('vendorName')}
              error={problems.vendorName}
              list={vendorsId}
              autoComplete="off"
            />
            <datalist id={vendorsId}>
              {suggestions.vendors.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </div>
          <div className="contracts-form__row">
            <TextField
              label="Start Date"
              type="date"
              required
              value={draft.startDate}
              onChange={set('startDate')}
              error={problems.startDate}
            />
            <TextField
              label="End Date"
              type="date"
              required
              value={draft.endDate}
              onChange={set('endDate')}
              error={problems.endDate}
            />
            <TextField
              label="Term (Months)"
              inputMode="numeric"
              value={draft.termMonth}
              onChange={set('termMonth')}
              error={problems.termMonth}
            />
          </div>
        </>
      ) : null}
      {groups.includes('terms') ? (
        <>
          <div className="contracts-form__row">
            <TextField
              label="Rate"
              inputMode="decimal"
              value={draft.contractRate}
              onChange={set('contractRate')}
              error={problems.contractRate}
            />
            <SelectField
              label="Rate Type"
              value={draft.contractRateType}
              onChange={set('contractRateType')}
              error={problems.contractRateType}
            >
              {RATE_TYPES.map((type) => (
                <option key={type.value} value={String(type.value)}>
                  {type.label}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Annual Usage"
              inputMode="decimal"
              value={draft.contractAnnualUsage}
              onChange={set('contractAnnualUsage')}
              error={problems.contractAnnualUsage}
            />
          </div>
          <div className="contracts-form__row">
            <TextField
              label="Signed"
              type="date"
              value={draft.contractSignDate}
              onChange={set('contractSignDate')}
              error={problems.contractSignDate}
            />
            <TextField
              label="Consultant"
              value={draft.consultantName}
              onChange={set('consultantName')}
              error={problems.consultantName}
              list={consultantsId}
              autoComplete="off"
            />
            <datalist id={consultantsId}>
              {suggestions.consultants.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </div>
          <TextField label="Notes" value={draft.notes} onChange={set('notes')} error={problems.notes} />
        </>
      ) : null}
    </>
  );
}
