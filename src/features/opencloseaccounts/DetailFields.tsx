import type { FieldProblems } from '../../domain/meters';
import type { OpenCloseDetailsInput, OpenCloseField } from '../../domain/openCloseRequest';
import { TextField } from '../../ui/fields/TextField';

/** Props shared by the date and contact fields: the form's values, the rule's problems and the change handler. */
export type DetailFieldsProps = {
  isOpen: boolean;
  input: OpenCloseDetailsInput;
  problems: FieldProblems<OpenCloseField | 'id'>;
  onChange: (field: keyof OpenCloseDetailsInput, value: string) => void;
};

/** The field labels, also used to word the rule's problems ('Contact name is required'). */
export const FIELD_LABELS: Readonly<Record<keyof OpenCloseDetailsInput, string>> = {
  turnoverDate: 'Turnover date',
  storeOpenDate: 'Store open date',
  storeCloseDate: 'Store close date',
  contactName: 'Contact name',
  contactPhone: 'Contact phone',
  contactEmail: 'Contact email',
};

function errorOf(problems: DetailFieldsProps['problems'], field: keyof OpenCloseDetailsInput) {
  const problem = problems[field];
  return problem ? `${FIELD_LABELS[field]} ${problem}` : undefined;
}

/** The store's opening (or closing) day and the turnover, in the order the rule checks them. */
export function DateFields({ isOpen, input, problems, onChange }: DetailFieldsProps) {
  const storeField = isOpen ? 'storeOpenDate' : 'storeCloseDate';
  return (
    <div className="openclose-fields">
      <TextField
        label={FIELD_LABELS[storeField]}
        type="date"
        required
        value={input[storeField]}
        onChange={(value) => onChange(storeField, value)}
        error={errorOf(problems, storeField)}
        hint={isOpen ? 'The day the store opens.' : 'The day the store closes.'}
      />
      <TextField
        label={FIELD_LABELS.turnoverDate}
        type="date"
        required
        value={input.turnoverDate}
        onChange={(value) => onChange('turnoverDate', value)}
        error={errorOf(problems, 'turnoverDate')}
        hint={
          isOpen
            ? 'The day the premises are handed over: on or before the store opens.'
            : 'The day the premises are handed back: on or after the store closes.'
        }
      />
    </div>
  );
}

/** The person at the site: a name and a phone or an email. */
export function ContactFields({ input, problems, onChange }: DetailFieldsProps) {
  return (
    <div className="openclose-fields">
      <TextField
        label={FIELD_LABELS.contactName}
        required
        value={input.contactName}
        onChange={(value) => onChange('contactName', value)}
        error={errorOf(problems, 'contactName')}
        autoComplete="off"
      />
      <TextField
        label={FIELD_LABELS.contactPhone}
        type="tel"
        value={input.contactPhone}
        onChange={(value) => onChange('contactPhone', value)}
        error={errorOf(problems, 'contactPhone')}
        hint="A phone or an email is needed."
        autoComplete="off"
      />
      <TextField
        label={FIELD_LABELS.contactEmail}
        type="email"
        value={input.contactEmail}
        onChange={(value) => onChange('contactEmail', value)}
        error={errorOf(problems, 'contactEmail')}
        autoComplete="off"
      />
    </div>
  );
}

/** Dates and contact together: the edit dialog. */
export function DetailFields(props: DetailFieldsProps) {
  return (
    <>
      <DateFields {...props} />
      <ContactFields {...props} />
    </>
  );
}
