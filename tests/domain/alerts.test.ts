import { describe, it, expect } from 'vitest';
import type { BillVariances } from '../../src/domain/alerts';
import {
  ALERT_NOTE_MAX,
  ALERT_STATUSES,
  ALERT_STATUS_VALUES,
  alertNoteError,
  alertStatusDisplay,
  canFinalizeAlert,
  finalizeBlocker,
  isAlertStatus,
  isBillAnomaly,
  isFinalStatus,
  isPublicAlert,
  statusChangeError,
} from '../../src/domain/alerts';

describe('ALERT_STATUSES', () => {
  it('lists the seven statuses of the spec', () => {
    expect(Object.keys(ALERT_STATUSES)).toEqual([
      'open',
      'good',
      'closed',
      'closed with savings',
      'pending',
      'pending - client input',
      'closed - public',
    ]);
  });

  it('gives every status an icon and a colour', () => {
    for (const style of Object.values(ALERT_STATUSES)) {
      expect(style.icon).not.toBe('');
      expect(style.color).not.toBe('');
    }
  });
});

describe('alertStatusDisplay', () => {
  it.each([
    ['open', 'Open'],
    ['good', ''],
    ['closed', 'Closed'],
    ['closed with savings', 'Closed with Savings'],
    ['pending', 'Pending'],
    ['pending - client input', 'Pending - Client Input'],
    ['closed - public', 'Closed'],
    ['OPEN', 'Open'],
    [' Closed - Public ', 'Closed'],
  ])('shows %j as %j', (status, text) => {
    expect(alertStatusDisplay(status).text).toBe(text);
  });

  it('shows closed - public exactly like closed', () => {
    expect(alertStatusDisplay('closed - public')).toEqual(alertStatusDisplay('closed'));
  });

  it('shows an unknown status as given', () => {
    expect(alertStatusDisplay('escalated')).toEqual({
      text: 'escalated',
      icon: 'circle-help',
      color: 'grey',
    });
  });

  it('does not treat inherited object keys as statuses', () => {
    expect(alertStatusDisplay('toString').text).toBe('toString');
  });
});

describe('canFinalizeAlert', () => {
  const closedNote = { closed: true };
  const openNote = { closed: false };
  it.each([
    ['open', [closedNote], true],
    ['good', [closedNote, closedNote], true],
    ['pending', [closedNote], true],
    ['pending - client input', [closedNote], true],
    ['open', [], false],
    ['open', [closedNote, openNote], false],
    ['open', [openNote], false],
    ['closed', [closedNote], false],
    ['Closed', [closedNote], false],
    ['closed with savings', [closedNote], false],
    ['closed - public', [closedNote], false],
  ])('answers %j with notes %j: %s', (status, notes, expected) => {
    expect(canFinalizeAlert({ status }, notes)).toBe(expected);
  });
});

describe('isBillAnomaly', () => {
  it.each<[string, BillVariances, boolean]>([
    ['an empty bill', {}, false],
    ['all nulls', { lateFee: null, chargeVarianceMoM: null, variancePercentageUsageYoY: null }, false],
    ['a late fee', { lateFee: 5 }, true],
    ['a zero late fee', { lateFee: 0 }, false],
    ['a negative late fee', { lateFee: -5 }, false],
    ['one variance', { chargeVarianceMoM: 12 }, false],
    ['two variances', { chargeVarianceMoM: 12, usageVarianceYoY: -3 }, true],
    ['charge variances MoM and YoY', { chargeVarianceMoM: 1, chargeVarianceYoY: 1 }, true],
    ['usage variances MoM and YoY', { usageVarianceMoM: 1, usageVarianceYoY: 1 }, true],
    ['one variance and zeros', { chargeVarianceMoM: 12, chargeVarianceYoY: 0, usageVarianceMoM: 0 }, false],
    ['one variance and a NaN', { chargeVarianceMoM: 12, usageVarianceMoM: Number.NaN }, false],
    ['a charge MoM percentage of 100', { variancePercentageChargeMoM: 100 }, false],
    ['a charge MoM percentage of 100.5', { variancePercentageChargeMoM: 100.5 }, true],
    ['a charge YoY percentage of 150', { variancePercentageChargeYoY: 150 }, true],
    ['a usage MoM percentage of 101', { variancePercentageUsageMoM: 101 }, true],
    ['a usage YoY percentage of 200', { variancePercentageUsageYoY: 200 }, true],
    ['a percentage of -150', { variancePercentageUsageYoY: -150 }, false],
  ])('flags %s: %s', (_name, bill, expected) => {
    expect(isBillAnomaly(bill)).toBe(expected);
  });
});

describe('finalizeBlocker', () => {
  it.each<[string, { closed: boolean }[], string | null]>([
    ['closed with savings', [{ closed: true }], 'This alert is already closed.'],
    ['open', [], 'Add a note before finalizing.'],
    ['open', [{ closed: false }, { closed: true }], 'Close the open note before finalizing.'],
    ['pending', [{ closed: false }, { closed: false }], 'Close the 2 open notes before finalizing.'],
    ['pending', [{ closed: true }], null],
  ])('says why %j with notes %j cannot be finalized', (status, notes, reason) => {
    expect(finalizeBlocker({ status }, notes)).toBe(reason);
  });
});

describe('statusChangeError', () => {
  const noted = [{ closed: true }];
  it('accepts only the spec’s statuses, exactly as spelled', () => {
    expect(ALERT_STATUS_VALUES).toEqual(Object.keys(ALERT_STATUSES));
    expect(isAlertStatus('pending - client input')).toBe(true);
    expect(isAlertStatus('Pending')).toBe(false);
    expect(statusChangeError({ status: 'open' }, noted, 'escalated')).toBe(
      '"escalated" is not an alert status.',
    );
  });

  it('applies the finalize rule to closing an open alert only', () => {
    expect(statusChangeError({ status: 'open' }, [], 'closed')).toBe('Add a note before finalizing.');
    expect(statusChangeError({ status: 'open' }, noted, 'closed - public')).toBeNull();
    expect(statusChangeError({ status: 'open' }, [], 'pending')).toBeNull();
    expect(statusChangeError({ status: 'closed' }, [], 'closed with savings')).toBeNull();
    expect(statusChangeError({ status: 'closed' }, [], 'open')).toBeNull();
  });

  it('knows the closed statuses, whatever their case', () => {
    expect(['closed', ' Closed With Savings', 'closed - public'].every(isFinalStatus)).toBe(true);
    expect(isFinalStatus('good')).toBe(false);
  });
});

describe('isPublicAlert', () => {
  it('shows closed - public alerts and alerts marked public', () => {
    expect(isPublicAlert({ status: 'closed - public', isPublic: false })).toBe(true);
    expect(isPublicAlert({ status: 'open', isPublic: true })).toBe(true);
    expect(isPublicAlert({ status: 'closed', isPublic: false })).toBe(false);
  });
});

describe('alertNoteError', () => {
  it('refuses a blank note and one over the limit (after trimming)', () => {
    expect(alertNoteError('  ')).toBe('A note cannot be empty.');
    expect(alertNoteError(` ${'x'.repeat(ALERT_NOTE_MAX)} `)).toBeNull();
    expect(alertNoteError('x'.repeat(ALERT_NOTE_MAX + 1))).toBe(
      `A note has at most ${ALERT_NOTE_MAX} characters.`,
    );
  });
});
