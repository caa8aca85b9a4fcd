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
import { useQueuedWriteToast } from '../../ui/useQueuedWriteToast';
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

/** Saves through a meter mutation: field problems stay in the form, success toasts and closes. */
function useMeterSave<K extends string>(onClose: () => void, title: string) {
  const queuedToast = useQueuedWriteToast();
  const [problems, setProblems] = useState<Problems<K>>({});
  const run = async (
    write: () => Promise<{ ok: true } | { ok: false; problems: Problems<K> }>,
  ): Promise<void> => {
    const result = await write();
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    queuedToast(title);
    onClose();
  };
  return { problems, setProblems, run };
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
  const [input, setInput] = useState<NewMeterInput>({
    meterNumber: '',
    meterService: defaultService,
    esiId: '',
  });
  const save = useMeterSave<keyof NewMeterInput>(onClose, 'Meter added');
  const set = (field: keyof NewMeterInput) => (value: string) => {
    setInput({ ...input, [field]: value });
    save.setProblems({ ...save.problems, [field]: undefined });
  };
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Add meter"
      saveLabel="Add meter"
      isOffline={!isOnline}
      onSave={() => save.run(() => addMeter(requireDb(db), accountId, input))}
    >
      <TextField
        label="Meter number"
        required
        value={input.meterNumber}
        onChange={set('meterNumber')}
        error={fieldError(save.problems, 'meterNumber', 'Meter number')}
        autoComplete="off"
        data-autofocus
      />
      <SelectField
        label="Service"
        required
        value={input.meterService}
        onChange={set('meterService')}
        error={fieldError(save.problems, 'meterService', 'Service')}
      >
        {SERVICE_TYPES.map((type) => (
          <option key={type.value} value={type.value}>
            {type.label}
          </option>
        ))}
      </SelectField>
      <TextField
        label="ESI ID"
        value={input.esiId}
        onChange={set('esiId')}
        error={fieldError(save.problems, 'esiId', 'ESI ID')}
        hint={
          isTexas(accountState)
            ? 'Optional. The 17- or 22-digit ERCOT ESI ID.'
            : 'Optional. Outside Texas this is a meter or customer number.'
        }
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
  const [input, setInput] = useState<MeterUpdateInput>({
    esiId: meter.esiId ?? '',
    subAddress: meter.subAddress ?? '',
    serviceCity: meter.serviceCity ?? '',
    serviceState: meter.serviceState ?? '',
    serviceZip: meter.serviceZip ?? '',
  });
  const save = useMeterSave<keyof MeterUpdateInput>(onClose, 'Meter updated');
  const set = (field: keyof MeterUpdateInput) => (value: string) => {
    setInput({ ...input, [field]: value });
    save.setProblems({ ...save.problems, [field]: undefined });
  };
  const state = input.serviceState || fallbackState;
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
      onSave={() => save.run(() => updateMeterEsiId(requireDb(db), meter.id, input))}
    >
      <TextField
        label="ESI ID"
        value={input.esiId}
        onChange={set('esiId')}
        error={fieldError(save.problems, 'esiId', 'ESI ID')}
        hint={
          isTexas(state)
            ? 'The 17- or 22-digit ERCOT ESI ID. Leave blank to clear.'
            : 'Outside Texas: a meter or customer number. Leave blank to clear.'
        }
        autoComplete="off"
        data-autofocus
      />
      <TextField
        label="Sub-address"
        value={input.subAddress}
        onChange={set('subAddress')}
        error={fieldError(save.problems, 'subAddress', 'Sub-address')}
        hint="Suite, unit or meter location, e.g. “Suite 200”."
        autoComplete="off"
      />
      <div className="form__row">
        <TextField
          label="Service city"
          value={input.serviceCity}
          onChange={set('serviceCity')}
          error={fieldError(save.problems, 'serviceCity', 'Service city')}
          autoComplete="off"
        />
        <SelectField
          label="Service state"
          value={input.serviceState}
          onChange={set('serviceState')}
          error={fieldError(save.problems, 'serviceState', 'Service state')}
        >
          <option value="">Same as the account</option>
          <StateOptions />
        </SelectField>
        <TextField
          label="Service zip"
          value={input.serviceZip}
          onChange={set('serviceZip')}
          error={fieldError(save.problems, 'serviceZip', 'Service zip')}
          autoComplete="off"
        />
      </div>
    </FormDialog>
  );
}

/** 'Update ESI ID / sub-address' of one meter: checked as the server checks it, then queued (works offline). */
export function UpdateEsiIdDialog({ meter, ...props }: UpdateEsiIdDialogProps) {
  const generation = useOpenGeneration(props.isOpen);
  return meter && <UpdateEsiIdForm key={`${meter.id}/${generation}`} meter={meter} {...props} />;
}
