import { describe, it, expect } from 'vitest';
import { OPEN_CLOSE_STATUSES, openCloseLabel, openCloseStatusLabel } from '../../src/domain/openClose';

describe('openCloseStatusLabel', () => {
  it.each([
    [0, 'Received'],
    [1, 'In Progress'],
    [2, 'Pending'],
    [3, 'Done'],
    [4, ''],
    [-1, ''],
    [1.5, ''],
    [Number.NaN, ''],
  ])('labels %d as %j', (n, label) => {
    expect(openCloseStatusLabel(n)).toBe(label);
  });

  it('lists the four workflow states in order', () => {
    expect(OPEN_CLOSE_STATUSES).toEqual(['Received', 'In Progress', 'Pending', 'Done']);
  });
});

describe('openCloseLabel', () => {
  it.each([
    [true, 'Open'],
    [false, 'Close'],
  ])('labels %s as %s', (isOpen, label) => {
    expect(openCloseLabel(isOpen)).toBe(label);
  });
});
