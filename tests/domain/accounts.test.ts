import { describe, it, expect } from 'vitest';
import type { AccountRowFields } from '../../src/domain/accounts';
import { isTexas, normalizeAccountRow } from '../../src/domain/accounts';

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
