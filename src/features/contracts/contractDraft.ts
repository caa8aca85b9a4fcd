// The contract form's values as typed (text), and their conversion to and from a contract's fields.
import type { ContractInput } from '../../domain/contractForm';
import type { ContractRow } from '../../db/rows';

/** What the form's inputs hold. */
export interface ContractDraft {
  serviceType: string;
  vendorName: string;
  startDate: string;
  endDate: string;
  termMonth: string;
  contractSignDate: string;
  contractRate: string;
  contractAnnualUsage: string;
  contractRateType: string;
  consultantName: string;
  notes: string;
}

/** An empty form: electricity, fixed rate. */
export const EMPTY_DRAFT: ContractDraft = {
  serviceType: 'electric',
  vendorName: '',
  startDate: '',
  endDate: '',
  termMonth: '',
  contractSignDate: '',
  contractRate: '',
  contractAnnualUsage: '',
  contractRateType: '0',
  consultantName: '',
  notes: '',
};

function numberOrNull(text: string): number | null {
  const trimmed = text.replace(/[$,\s]/g, '');
  return trimmed === '' ? null : Number(trimmed);
}

/** The contract fields a draft stands for (blank optional fields are null; text that is not a number stays NaN). */
export function inputOfDraft(draft: ContractDraft): ContractInput {
  return {
    serviceType: draft.serviceType,
    vendorName: draft.vendorName,
    startDate: draft.startDate,
    endDate: draft.endDate,
    termMonth: numberOrNull(draft.termMonth),
    contractSignDate: draft.contractSignDate === '' ? null : draft.contractSignDate,
    contractRate: numberOrNull(draft.contractRate),
    contractAnnualUsage: numberOrNull(draft.contractAnnualUsage),
    contractRateType: Number(draft.contractRateType),
    consultantName: draft.consultantName,
    notes: draft.notes,
  };
}

/** The form's values for a contract's fields. */
export function draftOfInput(input: ContractInput): ContractDraft {
  const text = (value: number | string | null) => (value === null ? '' : String(value));
  return {
    serviceType: input.serviceType,
    vendorName: input.vendorName,
    startDate: input.startDate,
    endDate: input.endDate,
    termMonth: text(input.termMonth),
    contractSignDate: text(input.contractSignDate),
    contractRate: text(input.contractRate),
    contractAnnualUsage: text(input.contractAnnualUsage),
    contractRateType: String(input.contractRateType),
    consultantName: text(input.consultantName),
    notes: text(input.notes),
  };
}

/** A stored contract's editable fields. */
export function inputOfContract(contract: ContractRow): ContractInput {
  return {
    serviceType: contract.serviceType,
    vendorName: contract.vendorName,
    startDate: contract.startDate,
    endDate: contract.endDate,
    termMonth: contract.termMonth,
    contractSignDate: contract.contractSignDate,
    contractRate: contract.contractRate,
    contractAnnualUsage: contract.contractAnnualUsage,
    contractRateType: contract.contractRateType,
    consultantName: contract.consultantName,
    notes: contract.notes,
  };
}
