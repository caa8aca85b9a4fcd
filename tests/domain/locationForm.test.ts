import { describe, expect, it } from 'vitest';
import {
  BLANK_LOCATION_INPUT,
  LOCATION_TEXT_MAX,
  SQFT_MAX,
  checkLocationInput,
} from '../../src/domain/locationForm';
import type { LocationInput } from '../../src/domain/locationForm';

const valid: LocationInput = {
  name: ' Main Street Store ',
  siteNumber: ' 0142 ',
  address: '12 Main St',
  city: 'Houston',
  state: 'tx',
  zip: '770021234',
  sqft: '12,500',
  siteType: ' Retail ',
};

function problemsOf(input: LocationInput) {
  const checked = checkLocationInput(input);
  return checked.ok ? {} : checked.problems;
}

describe('checkLocationInput', () => {
  it('trims the texts, normalizes state and zip and reads square feet with separators', () => {
    expect(checkLocationInput(valid)).toEqual({
      ok: true,
      values: {
        name: 'Main Street Store',
        siteNumber: '0142',
        address: '12 Main St',
        city: 'Houston',
        state: 'TX',
        zip: '77002-1234',
        sqft: 12500,
        siteType: 'Retail',
      },
    });
  });

  it('stores blank optional fields as null, and accepts a JSON body without them', () => {
    const { siteNumber: _n, sqft: _s, siteType: _t, ...required } = valid;
    for (const input of [{ ...valid, siteNumber: ' ', sqft: '', siteType: null }, required]) {
      const checked = checkLocationInput(input);
      expect(checked.ok && checked.values).toMatchObject({ siteNumber: null, sqft: null, siteType: null });
    }
  });

  it('names every missing required field of an empty form', () => {
    expect(problemsOf(BLANK_LOCATION_INPUT)).toEqual({
      name: 'is required',
      address: 'is required',
      city: 'is required',
      state: 'is required',
      zip: 'is required',
    });
  });

  it('refuses a state outside the list and a zip that does not fit the state’s country', () => {
    expect(problemsOf({ ...valid, state: 'ZZ' })).toEqual({
      state: 'is not a state or province of the list',
    });
    expect(problemsOf({ ...valid, zip: '7700' })).toEqual({
      zip: 'must be 5 or 9 digits (12345 or 12345-6789)',
    });
    expect(problemsOf({ ...valid, state: 'ON', zip: '77002' })).toEqual({
      zip: 'must be a Canadian postal code (A1A 1A1)',
    });
    const canadian = checkLocationInput({ ...valid, state: 'on', zip: 'm5v3l9' });
    expect(canadian.ok && canadian.values).toMatchObject({ state: 'ON', zip: 'M5V 3L9' });
  });

  it.each([
    ['0', false],
    ['1', true],
    [String(SQFT_MAX), true],
    [String(SQFT_MAX + 1), false],
    ['12.5', false],
    ['-3', false],
    ['ten', false],
    [2500, true],
    [2500.5, false],
    [0, false],
  ])('square feet %j accepted: %s', (sqft, accepted) => {
    expect('sqft' in problemsOf({ ...valid, sqft })).toBe(!accepted);
  });

  it('limits every text at its maximum length, and not one character before', () => {
    for (const [field, max] of Object.entries(LOCATION_TEXT_MAX)) {
      expect(problemsOf({ ...valid, [field]: 'x'.repeat(max) })).toEqual({});
      expect(problemsOf({ ...valid, [field]: 'x'.repeat(max + 1) })).toEqual({
        [field]: `must be at most ${max} characters`,
      });
    }
  });
});
