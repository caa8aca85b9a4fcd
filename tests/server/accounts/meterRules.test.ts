import { describe, expect, it } from 'vitest';
import {
  esiIdProblem,
  normalizedZip,
  stateKey,
  zipRule,
} from '../../../server/src/areas/accounts/meterRules';
import { shownStatusDate } from '../../../server/src/areas/accounts/accountDetail';

describe('esiIdProblem', () => {
  it.each([
    ['10443720123456789', 'TX', null],
    ['1008901000123456789012', 'tx', null],
    [' 10443720123456789 ', 'Texas', null],
    ['', 'TX', null],
    ['1044372012345678', 'TX', 'must be an ERCOT ESI ID of 17 or 22 digits in Texas'],
    ['104437201234567890', 'TX', 'must be an ERCOT ESI ID of 17 or 22 digits in Texas'],
    ['1044372012345678A', 'TX', 'must be an ERCOT ESI ID of 17 or 22 digits in Texas'],
    ['CUST-4411', 'CA', null],
    ['12345', null, null],
    ['#bad!', 'NY', 'must be up to 40 letters, digits, spaces, dots, slashes or dashes'],
  ])('%s in %s → %s', (esiId, state, problem) => {
    expect(esiIdProblem(esiId, state)).toBe(problem);
  });
});

describe('normalizedZip', () => {
  it.each([
    ['78701', 'TX', '78701'],
    ['787011234', 'TX', '78701-1234'],
    ['78701-1234', null, '78701-1234'],
    ['7870', 'TX', null],
    ['787012', 'TX', null],
    ['06600', 'CMX', '06600'],
    ['k1a0b1', 'ON', 'K1A 0B1'],
    ['K1A 0B1', 'ON', 'K1A 0B1'],
    ['12345', 'ON', null],
  ])('%s in %s → %s', (zip, state, stored) => {
    expect(normalizedZip(zip, state)).toBe(stored);
  });

  it('says the rule of the state’s country', () => {
    expect(zipRule('ON')).toBe('must be a Canadian postal code (A1A 1A1)');
    expect(zipRule('TX')).toBe('must be 5 or 9 digits (12345 or 12345-6789)');
  });
});

describe('stateKey', () => {
  it('accepts keys of the state list in any case and refuses others', () => {
    expect(stateKey(' tx ')).toBe('TX');
    expect(stateKey('PR')).toBe('PR');
    expect(stateKey('ZZ')).toBeNull();
    expect(stateKey('Texas')).toBeNull();
  });
});

describe('shownStatusDate', () => {
  it('shows the date only for a cleared status', () => {
    expect(shownStatusDate('Cleared', '2026-01-05')).toBe('2026-01-05');
    expect(shownStatusDate(' cleared ', '2026-01-05')).toBe('2026-01-05');
    expect(shownStatusDate('Pending', '2026-01-05')).toBeNull();
    expect(shownStatusDate(null, '2026-01-05')).toBeNull();
  });
});
