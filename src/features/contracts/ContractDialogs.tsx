import { useState } from 'react';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { extendContract, linkLocations, updateContract } from '../../db/mutations/contracts';
import type { ContractRow } from '../../db/rows';
import { contractProblems, extensionDraft, extensionProblems } from '../../domain/contractForm';
import type { ContractProblems } from '../../domain/contractForm';
import { localToday } from '../../domain/contracts';
import { formatDay } from '../../domain/format';
import { FormDialog } from '../../ui/FormDialog';
import { useOpenGeneration } from '../../ui/useOpenGeneration';
import { useToasts } from '../../ui/useToasts';
import { draftOfInput, inputOfContract, inputOfDraft } from './contractDraft';
import type { ContractDraft } from './contractDraft';
import { ContractFields } from './ContractFields';
import { LocationPicker } from './LocationPicker';
import { useContractSuggestions } from './useContracts';

/** What a contract form dialog does: edit the contract, or extend it with a new one. */
export type ContractFormMode = 'edit' | 'extend';

/** The state and save of a contract form dialog. */
function useContractForm({
  contract,
  mode,
  onDone,
}: {
  contract: ContractRow;
  mode: ContractFormMode;
  onDone: (contractId: string) => void;
}) {
  const db = useUserDb();
  const isOnline = useOnline();
  const { toast } = useToasts();
  const suggestions = useContractSuggestions(contract.companyId);
  const [draft, setDraft] = useState<ContractDraft>(() => {
    const input = inputOfContract(contract);
    return draftOfInput(mode === 'extend' ? extensionDraft(input, localToday()) : input);
  });
  const [shown, setShown] = useState<ContractProblems>({});
  const title = mode === 'extend' ? 'Extend contract' : 'Edit contract';
  const save = async () => {
    if (!db) return;
    const input = inputOfDraft(draft);
    const problems = mode === 'extend' ? extensionProblems(input, contract.endDate) : contractProblems(input);
    setShown(problems);
    if (Object.keys(problems).length > 0) throw new Error('Some fields are not valid.');
    const result =
      mode === 'extend'
        ? await extendContract(db, contract.id, input)
        : await updateContract(db, contract.id, input);
    if (!result.ok) {
      setShown(result.problems);
      throw new Error('Some fields are not valid.');
    }
    toast(
      mode === 'extend' ? 'Contract extended' : 'Contract saved',
      isOnline ? undefined : 'Saved on this device; sent when you are back online.',
    );
    onDone(result.contractId);
  };
  return {
    title,
    save,
    isOnline,
    fields: <ContractFields draft={draft} onChange={setDraft} problems={shown} suggestions={suggestions} />,
  };
}

/** Edit or extend a contract in a form dialog; an extension starts the day after the contract ends. */
export function ContractFormDialog({
  isOpen,
  contract,
  mode,
  onClose,
  onDone,
}: {
  isOpen: boolean;
  contract: ContractRow;
  mode: ContractFormMode;
  onClose: () => void;
  onDone: (contractId: string) => void;
}) {
  const generation = useOpenGeneration(isOpen);
  return (
    <ContractFormBody
      key={`${mode}-${generation}`}
      isOpen={isOpen}
      contract={contract}
      mode={mode}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

function ContractFormBody(props: {
  isOpen: boolean;
  contract: ContractRow;
  mode: ContractFormMode;
  onClose: () => void;
  onDone: (contractId: string) => void;
}) {
  const form = useContractForm(props);
  const lead =
    props.mode === 'extend' ? (
      <>
        A new contract with <strong>{props.contract.vendorName}</strong> after this one ends on{' '}
        {formatDay(props.contract.endDate)}.
      </>
    ) : (
      <>
        Contract with <strong>{props.contract.vendorName}</strong>
      </>
    );
  return (
    <FormDialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      title={form.title}
      size="lg"
      lead={lead}
      onSave={form.save}
      saveLabel={props.mode === 'extend' ? 'Extend' : 'Save'}
      isOffline={!form.isOnline}
    >
      {form.fields}
    </FormDialog>
  );
}

/** Links more of the company's locations to a contract. */
export function LinkLocationsDialog({
  isOpen,
  contract,
  linked,
  onClose,
}: {
  isOpen: boolean;
  contract: ContractRow;
  linked: ReadonlySet<string>;
  onClose: () => void;
}) {
  const db = useUserDb();
  const isOnline = useOnline();
  const generation = useOpenGeneration(isOpen);
  const [picked, setPicked] = useState<{ generation: number; ids: string[] }>({ generation, ids: [] });
  const ids = picked.generation === generation ? picked.ids : [];
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Link locations"
      size="md"
      lead={
        <>
          Locations covered by the contract with <strong>{contract.vendorName}</strong>
        </>
      }
      canSave={ids.length > 0}
      saveLabel="Link"
      isOffline={!isOnline}
      onSave={async () => {
        if (db) await linkLocations(db, contract.id, ids);
        onClose();
      }}
    >
      <LocationPicker
        companyId={contract.companyId}
        selected={ids}
        excluded={linked}
        onChange={(next) => setPicked({ generation, ids: next })}
      />
    </FormDialog>
  );
}
