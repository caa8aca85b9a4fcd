import { describe, it, expect } from 'vitest';
import {
  contractExpiry,
  contractStatus,
  extensionChain,
  contractsDueBadge,
  countContractsDue,
  daysTillExpire,
  isNoneId,
  localToday,
} from '../../src/domain/contracts';

describe('contractStatus', () => {
  it.each([
    [-5, 'Expired', 'expired'],
    [0, 'Expired', 'expired'],
    [1, '< 30 Days Remaining', 'red'],
    [29, '< 30 Days Remaining', 'red'],
    [30, '< 90 Days Remaining', 'orange'],
    [89, '< 90 Days Remaining', 'orange'],
    [90, '< 180 Days Remaining', 'yellow'],
    [179, '< 180 Days Remaining', 'yellow'],
    [180, 'Active', 'green'],
    [1000, 'Active', 'green'],
  ] as const)('gives %i days the status %s in %s', (days, text, color) => {
    expect(contractStatus(days, false)).toEqual({ text, color });
  });

  it.each([
    [-1, 'Expired (Extended)'],
    [0, 'Expired (Extended)'],
    [29, '< 30 Days Remaining (Extended)'],
    [30, '< 90 Days Remaining (Extended)'],
    [90, '< 180 Days Remaining (Extended)'],
    [180, 'Active (Extended)'],
  ])('marks an extended contract with %i days as %s in grey', (days, text) => {
    expect(contractStatus(days, true)).toEqual({ text, color: 'grey' });
  });
});

describe('isNoneId', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    ['   ', true],
    ['00000000-0000-0000-0000-000000000000', true],
    [' 00000000-0000-0000-0000-000000000000 ', true],
    ['00000000-0000-0000-0000-000000000001', false],
    ['0', false],
    ['3f2504e0-4f89-11d3-9a0c-0305e82c3301', false],
  ])('treats %j as none: %s', (id, expected) => {
    expect(isNoneId(id)).toBe(expected);
  });
});

describe('contractsDueBadge', () => {
  it.each([
    ['no contracts', [], 0],
    ['a contract due today', [{ daysTillExpire: 0, isViewed: false }], 1],
    ['a contract due in 30 days', [{ daysTillExpire: 30, isViewed: false }], 1],
    ['a contract due in 31 days', [{ daysTillExpire: 31, isViewed: false }], 0],
    ['an expired contract', [{ daysTillExpire: -1, isViewed: false }], 0],
    ['a viewed contract', [{ daysTillExpire: 10, isViewed: true }], 0],
    ['a contract without days', [{ daysTillExpire: null, isViewed: false }], 0],
    ['a contract with days missing', [{ isViewed: false }], 0],
    [
      'a mix',
      [
        { daysTillExpire: 5, isViewed: false },
        { daysTillExpire: 15, isViewed: false },
        { daysTillExpire: 15, isViewed: true },
        { daysTillExpire: 45, isViewed: false },
      ],
      2,
    ],
  ])('counts %s', (_name, contracts, count) => {
    expect(contractsDueBadge(contracts).count).toBe(count);
  });

  it.each([
    [0, '0 Contracts due in 30 days'],
    [1, '1 Contract due in 30 days'],
    [2, '2 Contracts due in 30 days'],
  ])('words the tooltip for %i contracts', (n, tooltip) => {
    const contracts = Array.from({ length: n }, () => ({ daysTillExpire: 3, isViewed: false }));
    expect(contractsDueBadge(contracts)).toEqual({ count: n, tooltip });
  });
});

describe('countContractsDue', () => {
  const TODAY = '2026-03-10';
  it.each([
    ['no contracts', [], 0],
    ['a contract ending today', [{ endDate: TODAY, isExtended: false, isViewed: false }], 1],
    ['one ending in 30 days', [{ endDate: '2026-04-09', isExtended: false, isViewed: false }], 1],
    ['one ending in 31 days', [{ endDate: '2026-04-10', isExtended: false, isViewed: false }], 0],
    ['one ended yesterday', [{ endDate: '2026-03-09', isExtended: false, isViewed: false }], 0],
    ['an extended one ending soon', [{ endDate: '2026-03-20', isExtended: true, isViewed: false }], 0],
    [
      'a mix across a month end',
      [
        { endDate: '2026-03-31', isExtended: false, isViewed: false },
        { endDate: '2026-04-01', isExtended: false, isViewed: false },
        { endDate: '2026-04-01', isExtended: true, isViewed: false },
        { endDate: '2026-06-01', isExtended: false, isViewed: false },
        { endDate: '2026-03-31', isExtended: false, isViewed: true },
      ],
      2,
    ],
  ])('counts %s', (_name, contracts, count) => {
    expect(countContractsDue(contracts, TODAY)).toBe(count);
  });
});

describe('daysTillExpire', () => {
  it.each([
    ['2026-11-23', '2026-11-23', 0],
    ['2026-11-24', '2026-11-23', 1],
    ['2026-12-23', '2026-11-23', 30],
    ['2027-11-23', '2026-11-23', 365],
    ['2026-11-22', '2026-11-23', -1],
    ['2026-03-30', '2026-03-28', 2],
  ])('counts from %s back to %s as %i days', (endDate, today, days) => {
    expect(daysTillExpire(endDate, today)).toBe(days);
  });
});

describe('localToday', () => {
  it('formats the local calendar day', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('contractExpiry', () => {
  const TODAY = '2026-03-10';
  it.each([
    [-1, 'Expired', 'expired'],
    [0, 'Expired', 'expired'],
    [29, '< 30 Days Remaining', 'red'],
    [30, '< 90 Days Remaining', 'orange'],
    [89, '< 90 Days Remaining', 'orange'],
    [90, '< 180 Days Remaining', 'yellow'],
    [179, '< 180 Days Remaining', 'yellow'],
    [180, 'Active', 'green'],
  ] as const)('gives a contract ending in %i days %s in %s', (days, status, statusColor) => {
    const endDate = new Date(Date.parse(`${TODAY}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    expect(contractExpiry({ endDate, isExtended: false }, TODAY)).toEqual({
      daysTillExpire: days,
      status,
      statusColor,
    });
    expect(contractExpiry({ endDate, isExtended: true }, TODAY)).toEqual({
      daysTillExpire: days,
      status: `${status} (Extended)`,
      statusColor: 'grey',
    });
  });

  it('moves with today: the same contract read a week later is a week nearer its end', () => {
    const contract = { endDate: '2026-04-15', isExtended: false, isViewed: false };
    expect(contractExpiry(contract, '2026-03-10').status).toBe('< 90 Days Remaining');
    expect(contractExpiry(contract, '2026-03-17').status).toBe('< 30 Days Remaining');
  });
});

describe('extensionChain', () => {
  const row = (id: string, associatedContractId: string | null) => ({ id, associatedContractId });
  const NONE = '00000000-0000-0000-0000-000000000000';

  it('follows associatedContractId back, newest first', () => {
    const rows = [row('c', 'b'), row('b', 'a'), row('a', null)];
    const byId = new Map(rows.map((item) => [item.id, item]));
    expect(extensionChain(rows[0] ?? row('x', null), byId).map((item) => item.id)).toEqual(['b', 'a']);
  });

  it.each([
    ['an all-zero id', row('c', NONE), [row('c', NONE)]],
    ['an unknown id', row('c', 'gone'), [row('c', 'gone')]],
    ['a loop', row('c', 'b'), [row('c', 'b'), row('b', 'c')]],
  ])('stops at %s', (_name, start, rows) => {
    const byId = new Map(rows.map((item) => [item.id, item]));
    const chain = extensionChain(start, byId).map((item) => item.id);
    expect(chain).toEqual(_name === 'a loop' ? ['b'] : []);
  });
});
