import { describe, it, expect } from 'vitest';
import {
  NO_OPEN_CLOSE_FILTERS,
  OPEN_CLOSE_STATUS,
  OPEN_CLOSE_STATUSES,
  activeFilterCount,
  canChangeOpenCloseStatus,
  canEditOpenCloseRequest,
  matchesOpenCloseFilters,
  mayChangeOpenCloseStatus,
  nextOpenCloseStatuses,
  openCloseEventText,
  openCloseLabel,
  openCloseStatusLabel,
  storeDateOf,
} from '../../src/domain/openClose';
import type { OpenCloseFilters } from '../../src/domain/openClose';

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

describe('canChangeOpenCloseStatus', () => {
  const { received, inProgress, pending, done } = OPEN_CLOSE_STATUS;
  it.each([
    [received, inProgress, true],
    [received, pending, true],
    [received, done, true],
    [inProgress, pending, true],
    [inProgress, done, true],
    [pending, inProgress, true],
    [pending, done, true],
    [inProgress, received, false],
    [pending, received, false],
    [done, inProgress, false],
    [done, received, false],
    [received, received, false],
    [pending, pending, false],
    [received, 4, false],
    [-1, received, false],
    [1.5, done, false],
  ])('from %d to %d: %s', (from, to, allowed) => {
    expect(canChangeOpenCloseStatus(from, to)).toBe(allowed);
  });

  it('lists the next statuses in workflow order; Done has none', () => {
    expect(nextOpenCloseStatuses(received)).toEqual([inProgress, pending, done]);
    expect(nextOpenCloseStatuses(inProgress)).toEqual([pending, done]);
    expect(nextOpenCloseStatuses(pending)).toEqual([inProgress, done]);
    expect(nextOpenCloseStatuses(done)).toEqual([]);
  });
});

describe('who changes and edits requests', () => {
  it('lets consultants (super consultants count) change the status, never clients', () => {
    expect(mayChangeOpenCloseStatus({ isConsultant: true })).toBe(true);
    expect(mayChangeOpenCloseStatus({ isConsultant: false })).toBe(false);
  });

  it('keeps a done request as it is; every other status may be edited', () => {
    expect([0, 1, 2, 3].map(canEditOpenCloseRequest)).toEqual([true, true, true, false]);
  });
});

describe('list filters', () => {
  const opening = {
    accountStatus: 1,
    isOpen: true,
    serviceType: 'electric',
    locationId: 'site-a',
    storeOpenDate: '2026-04-10',
    storeCloseDate: null,
  };
  const closing = {
    accountStatus: 3,
    isOpen: false,
    serviceType: 'water',
    locationId: 'site-b',
    storeOpenDate: null,
    storeCloseDate: '2026-02-01',
  };
  const pass = (filters: Partial<OpenCloseFilters>) =>
    [opening, closing]
      .filter((row) => matchesOpenCloseFilters(row, { ...NO_OPEN_CLOSE_FILTERS, ...filters }))
      .map((row) => row.serviceType);

  it('passes everything without filters', () => {
    expect(pass({})).toEqual(['electric', 'water']);
    expect(activeFilterCount(NO_OPEN_CLOSE_FILTERS)).toBe(0);
  });

  it.each<[Partial<OpenCloseFilters>, string[]]>([
    [{ status: 1 }, ['electric']],
    [{ status: 0 }, []],
    [{ kind: 'open' }, ['electric']],
    [{ kind: 'close' }, ['water']],
    [{ serviceType: 'water' }, ['water']],
    [{ locationId: 'site-a' }, ['electric']],
    // The store date: opening day of an opening, closing day of a closing; both ends inclusive.
    [{ from: '2026-02-01' }, ['electric', 'water']],
    [{ from: '2026-02-02' }, ['electric']],
    [{ to: '2026-02-01' }, ['water']],
    [{ from: '2026-04-10', to: '2026-04-10' }, ['electric']],
    [{ kind: 'open', serviceType: 'water' }, []],
  ])('filters %j', (filters, expected) => {
    expect(pass(filters)).toEqual(expected);
  });

  it('leaves out requests without a store date once a date range is set', () => {
    const undated = { ...opening, storeOpenDate: null };
    expect(matchesOpenCloseFilters(undated, { ...NO_OPEN_CLOSE_FILTERS, to: '2030-01-01' })).toBe(false);
    expect(matchesOpenCloseFilters(undated, NO_OPEN_CLOSE_FILTERS)).toBe(true);
  });

  it('counts a date range as one filter', () => {
    expect(
      activeFilterCount({ status: 0, kind: 'open', serviceType: 'gas', locationId: 'x', from: 'a', to: 'b' }),
    ).toBe(5);
    expect(storeDateOf(closing)).toBe('2026-02-01');
  });
});

describe('openCloseEventText', () => {
  const event = { kind: 'created', fromStatus: null, toStatus: null, fields: null };
  it.each([
    [{ ...event }, 'Request created'],
    [{ ...event, kind: 'status', fromStatus: 0, toStatus: 1 }, 'Status changed from Received to In Progress'],
    [{ ...event, kind: 'status', toStatus: 3 }, 'Status set to Done'],
    [{ ...event, kind: 'status', fromStatus: 7, toStatus: 9 }, 'Status changed from unknown to unknown'],
    [
      { ...event, kind: 'edited', fields: 'storeOpenDate,contactPhone' },
      'Edited store open date, contact phone',
    ],
    [
      { ...event, kind: 'edited', fields: 'turnoverDate, somethingNew' },
      'Edited turnover date, somethingNew',
    ],
    [{ ...event, kind: 'edited', fields: '' }, 'Edited'],
    [{ ...event, kind: 'archived' }, 'Updated'],
  ])('%j reads %j', (input, text) => {
    expect(openCloseEventText(input)).toBe(text);
  });
});
