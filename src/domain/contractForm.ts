// A contract's editable fields and their rules (spec 001 §3 Contract, issue: dates in order, term months consistent
// with the dates, rate type 0–2), shared by the contract form, the outbox writes and the server's 400 answers.
import { findServiceType } from './serviceTypes';
import { isCalendarDate } from './validation';

/** The spec's rate types (spec 001 §3: 0 Fixed, 1 Not Fixed, 2 Variable). */
export const RATE_TYPES: readonly { value: number; label: string }[] = [
  { value: 0, label: 'Fixed' },
  { value: 1, label: 'Not Fixed' },
  { value: 2, label: 'Variable' },
];

/** The label of a rate type; an unknown value shows as its number. */
export function rateTypeLabel(value: number): string {
  return RATE_TYPES.find((type) => type.value === value)?.label ?? String(value);
}

/** What a person enters for a contract (the rest — ids, extension flags, viewed — is the system's). */
export interface ContractInput {
  serviceType: string;
  vendorName: string;
  startDate: string;
  endDate: string;
  termMonth: number | null;
  contractSignDate: string | null;
  contractRate: number | null;
  contractAnnualUsage: number | null;
  contractRateType: number;
  consultantName: string | null;
  notes: string | null;
}

/** Field name → problem, for the fields that break a rule; empty when the contract is valid. */
export type ContractProblems = Partial<Record<keyof ContractInput, string>>;

/** The longest vendor, consultant and note texts a contract keeps. */
export const CONTRACT_TEXT_LIMITS = { vendorName: 200, consultantName: 200, notes: 2000 } as const;

/** How far a term may be from the months its dates span: a term is named in whole months, dates need not be. */
export const TERM_TOLERANCE_MONTHS = 1;

/** Whether text is a real calendar day written `YYYY-MM-DD` (the one date rule of src/domain/validation.ts). */
export function isIsoDay(text: string): boolean {
  return isCalendarDate(text);
}

/** `day` moved by `days` (both `YYYY-MM-DD`). */
export function addDaysIso(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** `day` moved by whole months, kept within the target month (Jan 31 + 1 month = Feb 28/29). */
export function addMonthsIso(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, last));
  return target.toISOString().slice(0, 10);
}

/** Months a contract from `startDate` to `endDate` (inclusive) spans, rounded: Jan 1 – Dec 31 is 12. */
export function termMonthsBetween(startDate: string, endDate: string): number {
  const after = addDaysIso(endDate, 1);
  const [y1 = 0, m1 = 1, d1 = 1] = startDate.split('-').map(Number);
  const [y2 = 0, m2 = 1, d2 = 1] = after.split('-').map(Number);
  return Math.round((y2 - y1) * 12 + (m2 - m1) + (d2 - d1) / 30);
}

function checkText(value: string | null, limit: number, isRequired: boolean): string | null {
  const text = value?.trim() ?? '';
  if (isRequired && text === '') return 'is required';
  if (text.length > limit) return `must be at most ${limit} characters`;
  return null;
}

function checkNumber(value: number | null): string | null {
  if (value === null) return null;
  if (!Number.isFinite(value)) return 'must be a number';
  return value < 0 ? 'must not be negative' : null;
}

/**
 * The problems of a contract: service and vendor required, real dates with the start before the end and the
 * signature not after the end, a whole positive term within a month of the span of the dates, rate and usage not
 * negative, a rate type of 0–2.
 */
export function contractProblems(input: ContractInput): ContractProblems {
  const problems: ContractProblems = {};
  if (input.serviceType.trim() === '') problems.serviceType = 'is required';
  else if (!findServiceType(input.serviceType)) problems.serviceType = 'is not a service type';
  const vendor = checkText(input.vendorName, CONTRACT_TEXT_LIMITS.vendorName, true);
  if (vendor) problems.vendorName = vendor;
  const consultant = checkText(input.consultantName, CONTRACT_TEXT_LIMITS.consultantName, false);
  if (consultant) problems.consultantName = consultant;
  const notes = checkText(input.notes, CONTRACT_TEXT_LIMITS.notes, false);
  if (notes) problems.notes = notes;

  const hasStart = isIsoDay(input.startDate);
  const hasEnd = isIsoDay(input.endDate);
  if (!hasStart) problems.startDate = 'must be a date';
  if (!hasEnd) problems.endDate = 'must be a date';
  if (hasStart && hasEnd && input.endDate <= input.startDate)
    problems.endDate = 'must be after the start date';
  if (input.contractSignDate !== null) {
    if (!isIsoDay(input.contractSignDate)) problems.contractSignDate = 'must be a date';
    else if (hasEnd && input.contractSignDate > input.endDate)
      problems.contractSignDate = 'must not be after the end date';
  }
  if (input.termMonth !== null) {
    if (!Number.isInteger(input.termMonth) || input.termMonth < 1 || input.termMonth > 600)
      problems.termMonth = 'must be a whole number of months from 1 to 600';
    else if (hasStart && hasEnd && input.endDate > input.startDate) {
      const span = termMonthsBetween(input.startDate, input.endDate);
      if (Math.abs(span - input.termMonth) > TERM_TOLERANCE_MONTHS)
        problems.termMonth = `does not match the dates (${span} months)`;
    }
  }
  const rate = checkNumber(input.contractRate);
  if (rate) problems.contractRate = rate;
  const usage = checkNumber(input.contractAnnualUsage);
  if (usage) problems.contractAnnualUsage = usage;
  if (!RATE_TYPES.some((type) => type.value === input.contractRateType))
    problems.contractRateType = 'must be 0 (Fixed), 1 (Not Fixed) or 2 (Variable)';
  return problems;
}

/**
 * The contract an extension starts as: the same supply, starting the day after the old one ends, for the old
 * term (12 months when it had none), signed on `today` (or on its last day, when that is earlier).
 */
export function extensionDraft(old: ContractInput, today: string): ContractInput {
  const termMonth = old.termMonth ?? 12;
  const startDate = addDaysIso(old.endDate, 1);
  const endDate = addDaysIso(addMonthsIso(startDate, termMonth), -1);
  return {
    ...old,
    startDate,
    endDate,
    termMonth,
    // An extension of a contract long past also ends in the past: it cannot be signed after it ends.
    contractSignDate: today < endDate ? today : endDate,
    notes: null,
  };
}

/** Problems of an extension: a valid contract that starts after the contract it extends ends. */
export function extensionProblems(input: ContractInput, extendedEndDate: string): ContractProblems {
  const problems = contractProblems(input);
  if (!problems.startDate && input.startDate <= extendedEndDate)
    problems.startDate = 'must be after the end of the contract it extends';
  return problems;
}
