import { useState } from 'react';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { addContract } from '../../db/mutations/contracts';
import { contractProblems } from '../../domain/contractForm';
import type { ContractInput, ContractProblems } from '../../domain/contractForm';
import { Modal } from '../../ui/Modal';
import { useOpenGeneration } from '../../ui/useOpenGeneration';
import { useToasts } from '../../ui/useToasts';
import { Wizard } from '../../ui/Wizard';
import { EMPTY_DRAFT, inputOfDraft } from './contractDraft';
import type { ContractDraft } from './contractDraft';
import { ContractFields } from './ContractFields';
import { LocationPicker } from './LocationPicker';
import { useContractSuggestions } from './useContracts';

const SUPPLY_FIELDS: readonly (keyof ContractInput)[] = [
  'serviceType',
  'vendorName',
  'startDate',
  'endDate',
  'termMonth',
];

function only(problems: ContractProblems, fields: readonly (keyof ContractInput)[]): ContractProblems {
  return Object.fromEntries(
    Object.entries(problems).filter(([field]) => fields.includes(field as keyof ContractInput)),
  );
}

function AddContractWizard({ companyId, onAdded }: { companyId: number; onAdded: (id: string) => void }) {
  const db = useUserDb();
  const isOnline = useOnline();
  const { toast } = useToasts();
  const suggestions = useContractSuggestions(companyId);
  const [draft, setDraft] = useState<ContractDraft>(EMPTY_DRAFT);
  const [shown, setShown] = useState<ContractProblems>({});
  const [locationIds, setLocationIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const check = (fields: readonly (keyof ContractInput)[] | null) => {
    const problems = contractProblems(inputOfDraft(draft));
    const relevant = fields ? only(problems, fields) : problems;
    setShown(relevant);
    return Object.keys(relevant).length === 0;
  };
  const termFields = (Object.keys(inputOfDraft(EMPTY_DRAFT)) as (keyof ContractInput)[]).filter(
    (field) => !SUPPLY_FIELDS.includes(field),
  );
  const finish = async () => {
    if (!db) return;
    const result = await addContract(db, companyId, inputOfDraft(draft), locationIds);
    if (!result.ok) {
      setShown(result.problems);
      setError('Some fields are not valid: go back to the step that says why.');
      return;
    }
    toast(
      isOnline ? 'Contract added' : 'Contract added on this device',
      isOnline ? undefined : 'It is sent when you are back online.',
    );
    onAdded(result.contractId);
  };
  return (
    <>
      <Wizard
        label="New contract"
        onFinish={finish}
        steps={[
          {
            id: 'supply',
            title: 'Supply and dates',
            beforeChange: () => check(SUPPLY_FIELDS),
            content: (
              <ContractFields
                draft={draft}
                onChange={setDraft}
                problems={shown}
                groups={['supply']}
                suggestions={suggestions}
              />
            ),
          },
          {
            id: 'terms',
            title: 'Rate and terms',
            beforeChange: () => check(termFields),
            content: (
              <ContractFields
                draft={draft}
                onChange={setDraft}
                problems={shown}
                groups={['terms']}
                suggestions={suggestions}
              />
            ),
          },
          {
            id: 'locations',
            title: 'Locations',
            beforeChange: () => check(null),
            content: (
              <LocationPicker companyId={companyId} selected={locationIds} onChange={setLocationIds} />
            ),
          },
        ]}
      />
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      {isOnline ? null : (
        <p className="notice notice--warning" role="note">
          You are offline: the contract is saved on this device now and sent when you are back online.
        </p>
      )}
    </>
  );
}

/** The add-contract wizard in a modal (supply and dates, rate and terms, locations); a new wizard at each opening. */
export function AddContractDialog({
  isOpen,
  companyId,
  onClose,
  onAdded,
}: {
  isOpen: boolean;
  companyId: number;
  onClose: () => void;
  onAdded: (id: string) => void;
}) {
  const generation = useOpenGeneration(isOpen);
  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Add contract" size="lg">
      <AddContractWizard key={generation} companyId={companyId} onAdded={onAdded} />
    </Modal>
  );
}
