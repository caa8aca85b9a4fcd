import { describe, expect, it } from 'vitest';
import {
  checkMeterUpdate,
  checkNewMeter,
  cleanedText,
  esiIdProblem,
  normalizedZip,
  stateKey,
  zipRule,
} from '../../src/domain/meters';

const ESI_17 = '10443720123456789';
const blank = { esiId: '', subAddress: '', serviceCity: '', serviceState: '', serviceZip: '' };

describe('the shared rules', () => {
  it('are the ones the server checks with (server/src/areas/accounts/meterRules.ts re-exports them)', async () => {
    const server = await import('../../server/src/areas/accounts/meterRules');
    expect(server.esiIdProblem).toBe(esiIdProblem);
    expect(server.normalizedZip).toBe(normalizedZip);
    expect(server.stateKey).toBe(stateKey);
    expect(server.zipRule).toBe(zipRule);
  });
});

describe('cleanedText', () => {
  it.each([
    [' a ', 'a'],
    ['   ', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (input, expected) => {
    expect(cleanedText(input)).toBe(expected);
  });
});

describe('checkMeterUpdate', () => {
  it('trims, clears blanks and normalizes state and zip', () => {
    expect(
      checkMeterUpdate(
        {
          esiId: ` ${ESI_17} `,
          subAddress: ' Suite 2 ',
          serviceCity: '',
          serviceState: 'tx',
          serviceZip: '787011234',
        },
        null,
      ),
    ).toEqual({
      ok: true,
      values: {
        esiId: ESI_17,
        subAddress: 'Suite 2',
        serviceCity: null,
        serviceState: 'TX',
        serviceZip: '78701-1234',
      },
    });
  });

  it('falls back to the account state for the esiId and zip rules when the meter has none', () => {
    expect(checkMeterUpdate({ ...blank, esiId: '12345' }, 'TX')).toEqual({
      ok: false,
      problems: { esiId: 'must be an ERCOT ESI ID of 17 or 22 digits in Texas' },
    });
    expect(checkMeterUpdate({ ...blank, esiId: '12345' }, 'OK')).toMatchObject({ ok: true });
    expect(checkMeterUpdate({ ...blank, serviceZip: 'K1A0B1' }, 'ON')).toMatchObject({
      ok: true,
      values: { serviceZip: 'K1A 0B1' },
    });
  });

  it('names every field with a problem, as the server does', () => {
    const long = 'x'.repeat(101);
    expect(
      checkMeterUpdate(
        { esiId: '#bad', subAddress: long, serviceCity: long, serviceState: 'Atlantis', serviceZip: '12' },
        null,
      ),
    ).toEqual({
      ok: false,
      problems: {
        serviceState: 'is not a state or province of the list',
        serviceZip: 'must be 5 or 9 digits (12345 or 12345-6789)',
        esiId: 'must be up to 40 letters, digits, spaces, dots, slashes or dashes',
        subAddress: 'must be at most 100 characters',
        serviceCity: 'must be at most 100 characters',
      },
    });
  });

  it('uses the meter’s new state over the account’s', () => {
    expect(checkMeterUpdate({ ...blank, esiId: '12345', serviceState: 'TX' }, 'OK')).toMatchObject({
      ok: false,
    });
  });
});

describe('checkNewMeter', () => {
  it('accepts a new number with a known service and maps the service to its value', () => {
    expect(
      checkNewMeter({ meterNumber: ' E-9 ', meterService: 'Natural Gas', esiId: '' }, 'OK', ['E-1']),
    ).toEqual({
      ok: true,
      values: { meterNumber: 'E-9', meterService: 'natural_gas', esiId: null },
    });
  });

  it.each([
    [{ meterNumber: '  ', meterService: 'electric', esiId: '' }, { meterNumber: 'is required' }],
    [
      { meterNumber: 'x'.repeat(51), meterService: 'electric', esiId: '' },
      { meterNumber: 'must be at most 50 characters' },
    ],
    [
      { meterNumber: 'e-1', meterService: 'electric', esiId: '' },
      { meterNumber: 'meter e-1 already exists on this account' },
    ],
    [
      { meterNumber: 'E-2', meterService: 'plasma', esiId: '' },
      { meterService: 'is not a known service type' },
    ],
    [
      { meterNumber: 'E-2', meterService: 'electric', esiId: '123' },
      { esiId: 'must be an ERCOT ESI ID of 17 or 22 digits in Texas' },
    ],
  ])('refuses %j', (input, problems) => {
    expect(checkNewMeter(input, 'Texas', ['E-1'])).toEqual({ ok: false, problems });
  });
});
