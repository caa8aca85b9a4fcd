import { describe, expect, it } from 'vitest';
import {
  AUDIT_THRESHOLD_FIELDS,
  AUDIT_THRESHOLD_RANGES,
  DEFAULT_AUDIT_THRESHOLDS,
  auditThresholdProblem,
  auditThresholdsProblem,
  editAuditThresholds,
  resolveAuditThresholds,
} from '../../src/domain/billAuditThresholds';
import { auditText } from '../../src/domain/userAdmin';

describe('the thresholds’ fields', () => {
  it('list every threshold once, each default within its range', () => {
    const keys = AUDIT_THRESHOLD_FIELDS.map((field) => field.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(Object.keys(DEFAULT_AUDIT_THRESHOLDS).sort());
    for (const key of keys) {
      const [min, max] = AUDIT_THRESHOLD_RANGES[key];
      expect(DEFAULT_AUDIT_THRESHOLDS[key], key).toBeGreaterThanOrEqual(min);
      expect(DEFAULT_AUDIT_THRESHOLDS[key], key).toBeLessThanOrEqual(max);
    }
    expect(auditThresholdsProblem(DEFAULT_AUDIT_THRESHOLDS)).toBeNull();
  });

  it.each([
    [40, null],
    [0, 'Billing period: longest must be from 1 to 366'],
    [367, 'Billing period: longest must be from 1 to 366'],
    [Number.NaN, 'Billing period: longest must be from 1 to 366'],
  ])('checks a value of %d', (value, problem) => {
    expect(auditThresholdProblem('periodMaxDays', value)).toBe(problem);
  });

  it('refuses a range whose lowest passes its highest', () => {
    expect(auditThresholdsProblem(resolveAuditThresholds({ dueMinDays: 50 }))).toBe(
      'Due date after the invoice: at least must not be more than due date after the invoice: at most',
    );
  });
});

describe('editAuditThresholds', () => {
  it.each([
    ['a first change', null, { periodMaxDays: 40 }, { periodMaxDays: 40 }, ['Billing period: longest']],
    [
      'a value set to its default',
      { periodMaxDays: 40 },
      { periodMaxDays: 35 },
      null,
      ['Billing period: longest'],
    ],
    [
      'a value set back with null',
      { periodMaxDays: 40 },
      { periodMaxDays: null },
      null,
      ['Billing period: longest'],
    ],
    ['the same value again', { periodMaxDays: 40 }, { periodMaxDays: 40 }, { periodMaxDays: 40 }, []],
    [
      'another value beside a stored one',
      { periodMaxDays: 40 },
      { zeroUseBills: 3 },
      { periodMaxDays: 40, zeroUseBills: 3 },
      ['Zero use on'],
    ],
  ] as const)('stores only values off the default: %s', (_case, stored, edits, expected, labels) => {
    const edited = editAuditThresholds(stored, edits);
    expect(edited.stored).toEqual(expected);
    expect(edited.changes.map((change) => change.label)).toEqual(labels);
  });

  it('drops a stored default or a stored value out of range', () => {
    expect(editAuditThresholds({ periodMaxDays: 35, zeroUseBills: 99 }, {}).stored).toBeNull();
  });

  it('reads as an admin audit line', () => {
    const { changes } = editAuditThresholds(null, { periodMaxDays: 40, zeroUseBills: null });
    expect(auditText({ kind: 'setAuditThresholds', changes })).toBe(
      'Bill audit thresholds: Billing period: longest 40',
    );
    expect(auditText({ kind: 'setAuditThresholds', changes: [] })).toBe(
      'Saved bill audit thresholds (no change)',
    );
  });
});
