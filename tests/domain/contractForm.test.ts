import { describe, expect, it } from 'vitest';
import {
  RATE_TYPES,
  addDaysIso,
  addMonthsIso,
  contractProblems,
  extensionDraft,
  extensionProblems,
  isIsoDay,
  rateTypeLabel,
  termMonthsBetween,
} from '../../src/domain/contractForm';
import type { ContractInput } from '../../src/domain/contractForm';

const VALID: ContractInput = {
  serviceType: 'electric',
  vendorName: 'Reliant Energy',
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  termMonth: 12,
  contractSignDate: '2024-11-20',
  contractRate: 0.0712,
  contractAnnualUsage: 1_200_000,
  contractRateType: 0,
  consultantName: 'Ann Lee',
  notes: null,
};

describe('rate types', () => {
  it('names the spec rate types and shows an unknown one as its number', () => {
    expect(RATE_TYPES.map((type) => type.label)).toEqual(['Fixed', 'Not Fixed', 'Variable']);
    expect(rateTypeLabel(2)).toBe('Variable');
    expect(rateTypeLabel(7)).toBe('7');
  });
});

describe('day arithmetic', () => {
  it.each([
    ['2025-02-28', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['2025-1-01', false],
    ['', false],
  ])('reads %j as a day: %s', (text, expected) => {
    expect(isIsoDay(text)).toBe(expected);
  });

  it.each([
    ['2025-12-31', 1, '2026-01-01'],
    ['2024-03-01', -1, '2024-02-29'],
  ])('moves %s by %i days to %s', (day, days, expected) => {
    expect(addDaysIso(day, days)).toBe(expected);
  });

  it.each([
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-03-15', 12, '2026-03-15'],
    ['2025-03-15', -3, '2024-12-15'],
  ])('moves %s by %i months to %s', (day, months, expected) => {
    expect(addMonthsIso(day, months)).toBe(expected);
  });

  it.each([
    ['2025-01-01', '2025-12-31', 12],
    ['2025-03-16', '2027-03-15', 24],
    ['2025-01-15', '2025-02-14', 1],
    ['2025-01-01', '2025-07-15', 7],
  ])('counts %s to %s as %i months', (start, end, months) => {
    expect(termMonthsBetween(start, end)).toBe(months);
  });
});

describe('contractProblems', () => {
  it('accepts a valid contract', () => {
    expect(contractProblems(VALID)).toEqual({});
  });

  it.each<[string, Partial<ContractInput>, Record<string, string>]>([
    ['a blank service', { serviceType: ' ' }, { serviceType: 'is required' }],
    ['an unknown service', { serviceType: 'plasma' }, { serviceType: 'is not a service type' }],
    ['a blank vendor', { vendorName: '  ' }, { vendorName: 'is required' }],
    ['a long vendor', { vendorName: 'x'.repeat(201) }, { vendorName: 'must be at most 200 characters' }],
    [
      'a long consultant',
      { consultantName: 'x'.repeat(201) },
      { consultantName: 'must be at most 200 characters' },
    ],
    ['long notes', { notes: 'x'.repeat(2001) }, { notes: 'must be at most 2000 characters' }],
    ['a start that is not a day', { startDate: '2025-02-30' }, { startDate: 'must be a date' }],
    ['an end that is not a day', { endDate: '' }, { endDate: 'must be a date' }],
    ['an end before the start', { endDate: '2024-12-31' }, { endDate: 'must be after the start date' }],
    [
      'an end on the start',
      { endDate: '2025-01-01', termMonth: null },
      { endDate: 'must be after the start date' },
    ],
    ['a signature that is not a day', { contractSignDate: 'soon' }, { contractSignDate: 'must be a date' }],
    [
      'a signature after the end',
      { contractSignDate: '2026-01-01' },
      { contractSignDate: 'must not be after the end date' },
    ],
    ['a term of 0', { termMonth: 0 }, { termMonth: 'must be a whole number of months from 1 to 600' }],
    ['a term of 1.5', { termMonth: 1.5 }, { termMonth: 'must be a whole number of months from 1 to 600' }],
    ['a term far from the dates', { termMonth: 24 }, { termMonth: 'does not match the dates (12 months)' }],
    ['a negative rate', { contractRate: -0.1 }, { contractRate: 'must not be negative' }],
    ['a rate that is not a number', { contractRate: Number.NaN }, { contractRate: 'must be a number' }],
    ['a negative usage', { contractAnnualUsage: -1 }, { contractAnnualUsage: 'must not be negative' }],
    [
      'a rate type of 3',
      { contractRateType: 3 },
      { contractRateType: 'must be 0 (Fixed), 1 (Not Fixed) or 2 (Variable)' },
    ],
    [
      'a rate type of -1',
      { contractRateType: -1 },
      { contractRateType: 'must be 0 (Fixed), 1 (Not Fixed) or 2 (Variable)' },
    ],
  ])('refuses %s', (_name, change, problems) => {
    expect(contractProblems({ ...VALID, ...change })).toEqual(problems);
  });

  it.each<[string, Partial<ContractInput>]>([
    ['a term one month off', { termMonth: 13 }],
    ['no term', { termMonth: null }],
    [
      'no signature, rate or usage',
      { contractSignDate: null, contractRate: null, contractAnnualUsage: null },
    ],
    ['a service written as its label', { serviceType: 'Natural Gas' }],
    ['every rate type', { contractRateType: 2 }],
  ])('accepts %s', (_name, change) => {
    expect(contractProblems({ ...VALID, ...change })).toEqual({});
  });
});

describe('extensions', () => {
  it('starts the day after the old contract ends, for its term, signed today, without its notes', () => {
    const draft = extensionDraft({ ...VALID, notes: 'old' }, '2025-11-01');
    expect(draft).toEqual({
      ...VALID,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      termMonth: 12,
      contractSignDate: '2025-11-01',
      notes: null,
    });
    expect(extensionProblems(draft, VALID.endDate)).toEqual({});
  });

  it('is signed on its last day when it ends before today', () => {
    const draft = extensionDraft(VALID, '2030-05-01');
    expect(draft.contractSignDate).toBe('2026-12-31');
    expect(extensionProblems(draft, VALID.endDate)).toEqual({});
  });

  it('takes 12 months when the old contract has no term', () => {
    const draft = extensionDraft({ ...VALID, termMonth: null }, '2025-11-01');
    expect([draft.startDate, draft.endDate, draft.termMonth]).toEqual(['2026-01-01', '2026-12-31', 12]);
  });

  it('refuses an extension that starts before the old contract ends', () => {
    expect(
      extensionProblems({ ...VALID, startDate: '2025-12-31', endDate: '2026-12-30' }, VALID.endDate),
    ).toEqual({
      startDate: 'must be after the end of the contract it extends',
    });
  });
});
