import { describe, expect, it } from 'vitest';
import { SHARED_REQUEST_TYPES } from '../../../server/src/seed/tickets';
import { guessRequestType } from '../../../src/domain/assistant/tickets';

// The request types every company is seeded with: the names the guesses aim at.
const TYPES = SHARED_REQUEST_TYPES.map((name, index) => ({ id: `t${index}`, name }));

function guessed(description: string, types = TYPES): string | undefined {
  const id = guessRequestType(description, types);
  return types.find((type) => type.id === id)?.name;
}

describe('guessRequestType', () => {
  it.each([
    ['the March bill for account 1234 is missing', 'Billing Question'],
    ['late fee on account 998', 'Billing Question'],
    ['the February gas bill is duplicated', 'Data Correction'],
    ['meter readings look wrong at Main Street', 'Data Correction'],
    ['update contact for Houston', 'Account Change'],
    ['please close the water account at the old store', 'Account Change'],
    ['I need a custom report of demand charges', 'Report Request'],
    ['cannot log in after the password reset', 'Portal Access'],
    ['Jane needs access to the portal', 'Portal Access'],
  ])('%s → %s', (description, name) => {
    expect(guessed(description)).toBe(name);
  });

  it('guesses nothing when no word fits or the company lacks that type', () => {
    expect(guessRequestType('hello there', TYPES)).toBe('');
    expect(guessRequestType('the bill is missing', [{ id: 'x', name: 'Store Opening / Closing' }])).toBe('');
  });

  it('matches the type name in any case', () => {
    expect(guessRequestType('bill missing', [{ id: 'b', name: 'billing question' }])).toBe('b');
  });
});
