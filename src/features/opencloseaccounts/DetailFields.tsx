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

/** One field of the details: its label, value, change and problem come from the form by the field's name. */
function DetailField({
  form: { input, problems, onChange },
  field,
  ...shown
}: {
  form: DetailFieldsProps;
  field: keyof OpenCloseDetailsInput;
  type?: 'date' | 'tel' | 'email';
  required?: boolean;
  hint?: string;
  autoComplete?: 'off';
}) {
  return (
    <TextField
      label={FIELD_LABELS[field]}
      value={input[field]}
      onChange={(value) => onChange(field, value)}
      error={errorOf(problems, field)}
      {...shown}
    />
  );
}

/** The store's opening (or closing) day and the turnover, in the order the rule checks them. */
export function DateFields(form: DetailFieldsProps) {
  const { isOpen } = form;
  return (
    <div className="openclose-fields">
      <DetailField
        form={form}
        field={isOpen ? 'storeOpenDate' : 'storeCloseDate'}
        type="date"
        required
        hint={isOpen ? 'The day the store opens.' : 'The day the store closes.'}
      />
      <DetailField
        form={form}
        field="turnoverDate"
        type="date"
        required
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
export function ContactFields(form: DetailFieldsProps) {
  return (
    <div className="openclose-fields">
      <DetailField form={form} field="contactName" required autoComplete="off" />
      <DetailField
        form={form}
        field="contactPhone"
        type="tel"
        hint="A phone or an email is needed."
        autoComplete="off"
      />
      <DetailField form={form} field="contactEmail" type="email" autoComplete="off" />
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
