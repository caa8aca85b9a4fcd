import { useState } from 'react';
import type { FormEvent } from 'react';
import { sendInvitation } from '../../api/invitations';
import { isEmailAddress } from '../../domain/invitations';
import type { RoleChoice } from '../../domain/invitations';
import { BusyButton } from '../../ui/BusyButtons';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';

type Field = 'email' | 'firstName' | 'lastName' | 'roles';

/** The typed fields of the form (the role is picked). */
type Typed = Record<Exclude<Field, 'roles'>, string>;

const BLANK: Typed = { email: '', firstName: '', lastName: '' };

function problemsOf(values: Typed): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (!isEmailAddress(values.email)) problems.email = 'Enter a valid email address';
  if (values.firstName.trim() === '') problems.firstName = 'First name is required';
  if (values.lastName.trim() === '') problems.lastName = 'Last name is required';
  return problems;
}

/**
 * The invitation form: email, first and last name, and a role among those the inviter may give
 * (src/domain/invitations.ts). Sending is an online call; the server's field errors show on their fields.
 */
export function InviteForm({
  companyId,
  choices,
  isOnline,
  onSent,
}: {
  companyId: number;
  choices: readonly RoleChoice[];
  isOnline: boolean;
  onSent: (email: string) => void;
}) {
  const [typed, setTyped] = useState<Typed>(BLANK);
  const [role, setRole] = useState(choices[0]?.label ?? '');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    const found = problemsOf(typed);
    setProblems(found);
    setError(null);
    const choice = choices.find((candidate) => candidate.label === role);
    if (Object.keys(found).length > 0 || !choice) return;
    setSending(true);
    const result = await sendInvitation(companyId, {
      email: typed.email.trim(),
      firstName: typed.firstName.trim(),
      lastName: typed.lastName.trim(),
      roles: choice.roles,
    });
    setSending(false);
    if (result.ok) {
      onSent(typed.email.trim());
      setTyped(BLANK);
      return;
    }
    const fields = result.error.fields ?? {};
    const byField: Partial<Record<Field, string>> = {};
    for (const [name, problem] of Object.entries(fields)) {
      const field = name.replace(/^body\./, '');
      if (field === 'email' || field === 'firstName' || field === 'lastName' || field === 'roles')
        byField[field] = problem;
    }
    setProblems(byField);
    if (Object.keys(byField).length === 0) setError(result.error.message);
  };
  /** What a typed field shows and changes: all three are required and not autofilled. */
  const typedField = (field: keyof Typed, label: string) => ({
    label,
    required: true,
    autoComplete: 'off',
    value: typed[field],
    onChange: (value: string) => setTyped({ ...typed, [field]: value }),
    error: problems[field] ?? null,
  });

  return (
    <form className="invite-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField {...typedField('email', 'Email')} type="email" />
      <div className="invite-form__names">
        <TextField {...typedField('firstName', 'First name')} />
        <TextField {...typedField('lastName', 'Last name')} />
      </div>
      <SelectField label="Role" required value={role} onChange={setRole} error={problems.roles ?? null}>
        {choices.map((choice) => (
          <option key={choice.label} value={choice.label}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="invite-form__actions">
        <BusyButton type="submit" isBusy={isSending} busyLabel="Sending…" isDisabled={!isOnline}>
          Send invitation
        </BusyButton>
      </div>
    </form>
  );
}
