import { describe, it, expect } from 'vitest';
import type { AccountRowFields } from '../../src/domain/accounts';
import {
  ACCOUNT_GRID_FIELDS,
  NICKNAME_MAX,
  accountTitle,
  countAccountsByCollectionType,
  countAccountsByService,
  isTexas,
  nicknameProblem,
  normalizeAccountRow,
  shownStatusDate,
} from '../../src/domain/accounts';
import { ACCOUNT_EXTRA_AFTER, ACCOUNT_EXTRA_OPTIONS, extraColumns } from '../../src/domain/grid';

describe('isTexas', () => {
  it.each([
    ['TX', true],
    ['tx', true],
    [' Tx ', true],
    ['Texas', true],
    ['TEXAS', true],
    ['OK', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('answers %j: %s', (state, expected) => {
    expect(isTexas(state)).toBe(expected);
  });
});

describe('normalizeAccountRow', () => {
  it.each<[string, AccountRowFields, AccountRowFields]>([
    [
      'keeps a service address',
      { serviceAddress: '1 Main St', locationAddress: '2 Oak Ave' },
      { serviceAddress: '1 Main St', locationAddress: '2 Oak Ave' },
    ],
    [
      'falls back to the location address when the service address is missing',
      { locationAddress: '2 Oak Ave' },
      { serviceAddress: '2 Oak Ave', locationAddress: '2 Oak Ave' },
    ],
    [
      'falls back to the location address when the service address is blank',
      { serviceAddress: '  ', locationAddress: '2 Oak Ave' },
      { serviceAddress: '2 Oak Ave', locationAddress: '2 Oak Ave' },
    ],
    [
      'leaves a missing service address when there is no location address',
      { serviceAddress: null, locationAddress: '' },
      { serviceAddress: null, locationAddress: '' },
    ],
    [
      'keeps the esiId of a Texas account',
      { esiId: '1008901', meterCustomerNumbers: 'M1', locationState: 'TX' },
      { esiId: '1008901', meterCustomerNumbers: 'M1', locationState: 'TX' },
    ],
    [
      'keeps the esiId when the state is spelled Texas',
      { esiId: '1008901', locationState: 'texas' },
      { esiId: '1008901', locationState: 'texas' },
    ],
    [
      'moves a non-Texas esiId after the existing numbers',
      { esiId: '1008901', meterCustomerNumbers: 'M1, M2', locationState: 'OK' },
      { esiId: '', meterCustomerNumbers: 'M1, M2, 1008901', locationState: 'OK' },
    ],
    [
      'moves a non-Texas esiId into empty numbers',
      { esiId: ' 1008901 ', meterCustomerNumbers: '', locationState: 'NM' },
      { esiId: '', meterCustomerNumbers: '1008901', locationState: 'NM' },
    ],
    [
      'moves the esiId when the state is unknown',
      { esiId: '1008901', meterCustomerNumbers: null },
      { esiId: '', meterCustomerNumbers: '1008901' },
    ],
    [
      'does not repeat an esiId already among the numbers',
      { esiId: '1008901', meterCustomerNumbers: 'M1,1008901', locationState: 'CA' },
      { esiId: '', meterCustomerNumbers: 'M1,1008901', locationState: 'CA' },
    ],
    [
      'moves nothing for a blank esiId',
      { esiId: '  ', meterCustomerNumbers: 'M1', locationState: 'OK' },
      { esiId: '  ', meterCustomerNumbers: 'M1', locationState: 'OK' },
    ],
    [
      'moves nothing for a missing esiId',
      { esiId: null, meterCustomerNumbers: 'M1', locationState: 'OK' },
      { esiId: null, meterCustomerNumbers: 'M1', locationState: 'OK' },
    ],
  ])('%s', (_name, row, expected) => {
    expect(normalizeAccountRow(row)).toEqual(expected);
  });

  it('returns a new row and leaves the given one untouched', () => {
    const row = {
      id: 'a1',
      nickname: 'Store 7',
      esiId: 'E1',
      locationState: 'OK',
      locationAddress: '2 Oak Ave',
    };
    const before = structuredClone(row);
    const out = normalizeAccountRow(row);
    expect(out).not.toBe(row);
    expect(row).toEqual(before);
    expect(out).toEqual({ ...row, serviceAddress: '2 Oak Ave', esiId: '', meterCustomerNumbers: 'E1' });
  });
});

describe('shownStatusDate', () => {
  it.each([
    ['Cleared', '2025-03-04', '2025-03-04'],
    [' cleared ', '2025-03-04', '2025-03-04'],
    ['CLEARED', null, null],
    ['Pending', '2025-03-04', null],
    ['Missing Invoice', '2025-03-04', null],
    [null, '2025-03-04', null],
    [undefined, undefined, null],
  ])('status %j with date %j shows %j', (status, date, expected) => {
    expect(shownStatusDate(status, date)).toBe(expected);
  });
});

describe('ACCOUNT_GRID_FIELDS', () => {
  it('has exactly ACCOUNT_EXTRA_AFTER fields, the spec’s grid fields first', () => {
    expect(ACCOUNT_GRID_FIELDS).toHaveLength(ACCOUNT_EXTRA_AFTER);
    expect(ACCOUNT_GRID_FIELDS.slice(0, 10)).toEqual([
      'serviceAddress',
      'services',
      'collectionType',
      'esiId',
      'meterCustomerNumbers',
      'meterNumber',
      'serviceCity',
      'serviceZip',
      'locationState',
      'nickname',
    ]);
    expect(new Set(ACCOUNT_GRID_FIELDS).size).toBe(ACCOUNT_EXTRA_AFTER);
  });

  it('puts fields a newer server appends past the 33rd, as hidden sortable extras of width 120', () => {
    expect(
      extraColumns([...ACCOUNT_GRID_FIELDS, 'region'], ACCOUNT_EXTRA_AFTER, ACCOUNT_EXTRA_OPTIONS),
    ).toEqual([{ field: 'region', title: 'region', width: 120, hidden: true, sortable: true }]);
  });
});

describe('countAccountsByService', () => {
  it('counts each service of an account once, most accounts first, ties in the spec’s service order', () => {
    expect(
      countAccountsByService([
        { services: 'electric' },
        { services: 'water,sewer,water' },
        { services: 'electric' },
        { services: 'trash' },
        { services: 'zeppelin' },
        { services: null },
      ]),
    ).toEqual([
      { serviceType: 'electric', count: 2 },
      { serviceType: 'water', count: 1 },
      { serviceType: 'trash', count: 1 },
      { serviceType: 'sewer', count: 1 },
      { serviceType: 'zeppelin', count: 1 },
    ]);
  });

  it('counts grouped rows by their number of accounts, as the server passes them', () => {
    const grouped = countAccountsByService([
      { services: 'electric,water', accounts: 3 },
      { services: 'water', accounts: 2 },
      { services: 'electric', accounts: 0 },
    ]);
    const single = countAccountsByService([
      ...Array.from({ length: 3 }, () => ({ services: 'electric,water' })),
      ...Array.from({ length: 2 }, () => ({ services: 'water' })),
    ]);
    expect(grouped).toEqual([
      { serviceType: 'water', count: 5 },
      { serviceType: 'electric', count: 3 },
    ]);
    expect(single).toEqual(grouped);
  });
});

describe('countAccountsByCollectionType', () => {
  it('counts accounts per type, most first, ties by name, accounts without a type last', () => {
    expect(
      countAccountsByCollectionType([
        { collectionType: null },
        { collectionType: 'Paper' },
        { collectionType: 'EDI', accounts: 2 },
        { collectionType: 'Email' },
        { collectionType: null },
        { collectionType: 'Paper' },
      ]),
    ).toEqual([
      { collectionType: 'EDI', count: 2 },
      { collectionType: 'Paper', count: 2 },
      { collectionType: null, count: 2 },
      { collectionType: 'Email', count: 1 },
    ]);
  });
});

describe('accountTitle and nicknameProblem', () => {
  it('calls an account by its nickname, else its number', () => {
    expect(accountTitle({ nickname: ' Main St ', accountNumber: 'A-1' })).toBe('Main St');
    expect(accountTitle({ nickname: '  ', accountNumber: 'A-1' })).toBe('A-1');
    expect(accountTitle({ nickname: null, accountNumber: 'A-1' })).toBe('A-1');
  });

  it('allows up to NICKNAME_MAX characters after trimming', () => {
    expect(nicknameProblem(` ${'x'.repeat(NICKNAME_MAX)} `)).toBeNull();
    expect(nicknameProblem('')).toBeNull();
    expect(nicknameProblem('x'.repeat(NICKNAME_MAX + 1))).toBe('Nickname must be at most 100 characters');
  });
});
