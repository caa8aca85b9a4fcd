import { useState } from 'react';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { addMeter, updateMeterEsiId } from '../../db/mutations/meters';
import type { MeterRow } from '../../db/rows';
import { isTexas } from '../../domain/accounts';
import type { MeterUpdateInput, NewMeterInput } from '../../domain/meters';
import { SERVICE_TYPES } from '../../domain/serviceTypes';
import { FormDialog } from '../../ui/FormDialog';
import { useOpenGeneration } from '../../ui/useOpenGeneration';
import { useSaveOrProblem } from '../../ui/useSaveOrProblem';
import { useQueuedWriteToast } from '../../ui/useQueuedWriteToast';
import { ChoiceOptions } from '../../ui/fields/ChoiceOptions';
import { SelectField } from '../../ui/fields/SelectField';
import { StateOptions } from '../../ui/fields/StateOptions';
import { TextField } from '../../ui/fields/TextField';

type Problems<K extends string> = Partial<Record<K, string>>;

/** 'ESI ID must be …' from the rule's 'must be …'. */
function fieldError<K extends string>(problems: Problems<K>, field: K, label: string): string | undefined {
  const problem = problems[field];
  return problem ? `${label} ${problem}` : undefined;
}

function requireDb<T>(db: T | null): T {
  if (!db) throw new Error('You are signed out.');
  return db;
}

/** The ESI ID field's hint of each dialog: a Texas meter has an ERCOT ESI ID, another a meter or customer number. */
const ESI_ID_HINTS = {
  add: {
    texas: 'Optional. The 17- or 22-digit ERCOT ESI ID.',
    elsewhere: 'Optional. Outside Texas this is a meter or customer number.',
  },
  update: {
    texas: 'The 17- or 22-digit ERCOT ESI ID. Leave blank to clear.',
    elsewhere: 'Outside Texas: a meter or customer number. Leave blank to clear.',
  },
} as const;

function esiIdHint(dialog: keyof typeof ESI_ID_HINTS, state: string | null): string {
  return ESI_ID_HINTS[dialog][isTexas(state) ? 'texas' : 'elsewhere'];
}

/**
 * A meter dialog's input, saved through a meter mutation: field problems stay in the form (a field's clears as it
 * changes), success toasts and closes.
 */
function useMeterForm<Input extends { [Field in keyof Input]: string }>(
  initial: Input,
  onClose: () => void,
  title: string,
) {
  type Field = keyof Input & string;
  const queuedToast = useQueuedWriteToast();
  const [input, setInput] = useState<Input>(initial);
  const save = useSaveOrProblem<Problems<Field>>(() => {
    queuedToast(title);
    onClose();
  });
  const problems = save.problem ?? {};
  const run = (write: (input: Input) => Promise<{ ok: true } | { ok: false; problems: Problems<Field> }>) =>
    save.run(async () => {
      const result = await write(input);
      return result.ok ? null : result.problems;
    });
  /** What a field of the form shows and changes: its value, its problem and its change. */
  const fieldOf = (field: Field, label: string) => ({
    label,
    value: input[field],
    onChange: (value: string) => {
      setInput({ ...input, [field]: value });
      save.setProblem({ ...problems, [field]: undefined });
    },
    error: fieldError(problems, field, label),
  });
  return { input, run, fieldOf };
}

/** Props of the Add meter dialog. */
export type AddMeterDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  accountId: string;
  /** The account's state (service state, else its location's): Texas asks for an ERCOT ESI ID. */
  accountState: string | null;
  defaultService: string;
};

function AddMeterForm({ isOpen, onClose, accountId, accountState, defaultService }: AddMeterDialogProps) {
  const db = useUserDb();
  const isOnline = useOnline();
  const form = useMeterForm<NewMeterInput>(
    { meterNumber: '', meterService: defaultService, esiId: '' },
    onClose,
    'Meter added',
  );
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Add meter"
      saveLabel="Add meter"
      isOffline={!isOnline}
      onSave={() => form.run((input) => addMeter(requireDb(db), accountId, input))}
    >
      <TextField
        {...form.fieldOf('meterNumber', 'Meter number')}
        required
        autoComplete="off"
        data-autofocus
      />
      <SelectField {...form.fieldOf('meterService', 'Service')} required>
        <ChoiceOptions choices={SERVICE_TYPES} />
      </SelectField>
      <TextField
        {...form.fieldOf('esiId', 'ESI ID')}
        hint={esiIdHint('add', accountState)}
        inputMode={isTexas(accountState) ? 'numeric' : undefined}
        autoComplete="off"
      />
    </FormDialog>
  );
}

/** 'Add meter': number, service and ESI ID, checked as the server checks them, then queued (works offline). */
export function AddMeterDialog(props: AddMeterDialogProps) {
  return <AddMeterForm key={useOpenGeneration(props.isOpen)} {...props} />;
}

/** Props of the ESI ID / sub-address dialog; it edits `meter` (kept while the dialog closes). */
export type UpdateEsiIdDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  meter: MeterRow | null;
  /** The account's state, used when the meter has none of its own. */
  fallbackState: string | null;
};

function UpdateEsiIdForm({
  isOpen,
  onClose,
  meter,
  fallbackState,
}: Omit<UpdateEsiIdDialogProps, 'meter'> & { meter: MeterRow }) {
  const db = useUserDb();
  const isOnline = useOnline();
  const form = useMeterForm<MeterUpdateInput>(
    {
      esiId: meter.esiId ?? '',
      subAddress: meter.subAddress ?? '',
      serviceCity: meter.serviceCity ?? '',
      serviceState: meter.serviceState ?? '',
      serviceZip: meter.serviceZip ?? '',
    },
    onClose,
    'Meter updated',
  );
  const state = form.input.serviceState || fallbackState;
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Update ESI ID / sub-address"
      size="md"
      lead={
        <>
          Meter <strong>{meter.meterNumber}</strong>
        </>
      }
      isOffline={!isOnline}
      onSave={() => form.run((input) => updateMeterEsiId(requireDb(db), meter.id, input))}
    >
      <TextField
        {...form.fieldOf('esiId', 'ESI ID')}
        hint={esiIdHint('update', state)}
        autoComplete="off"
        data-autofocus
      />
      <TextField
        {...form.fieldOf('subAddress', 'Sub-address')}
        hint="Suite, unit or meter location, e.g. “Suite 200”."
        autoComplete="off"
      />
      <div className="form__row">
        <TextField {...form.fieldOf('serviceCity', 'Service city')} autoComplete="off" />
        <SelectField {...form.fieldOf('serviceState', 'Service state')}>
          <option value="">Same as the account</option>
          <StateOptions />
        </SelectField>
        <TextField {...form.fieldOf('serviceZip', 'Service zip')} autoComplete="off" />
      </div>
    </FormDialog>
  );
}

/** 'Update ESI ID / sub-address' of one meter: checked as the server checks it, then queued (works offline). */
export function UpdateEsiIdDialog({ meter, ...props }: UpdateEsiIdDialogProps) {
  const generation = useOpenGeneration(props.isOpen);
  return meter && <UpdateEsiIdForm key={`${meter.id}/${generation}`} meter={meter} {...props} />;
}
