import { describe, it, expect } from 'vitest';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE_TEXT,
  isBlankMessage,
  isValidPassword,
} from '../../src/domain/validation';

describe('isValidPassword', () => {
  it.each([
    ['abcde1@x', 'exactly 8 characters'],
    ['abcdefghijk1@xy', 'exactly 15 characters'],
    ['Passw0rd!', 'a letter, a digit and !'],
    ['A1@$!%*#?&', 'every special character'],
    ['1111111a&', 'mostly digits'],
    ['ZZZZZZZ9?', 'upper case letters only'],
  ])('accepts %j (%s)', (pw) => {
    expect(isValidPassword(pw)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['abcd1@x', '7 characters'],
    ['abcdefghijk1@xyz', '16 characters'],
    ['abcdefg@', 'no digit'],
    ['12345678@', 'no letter'],
    ['abcdefg1', 'no special character'],
    ['abcdef1@^', 'a special character outside the list'],
    ['abcd ef1@', 'a space'],
    ['abcdéf1@', 'a non-ASCII letter'],
    ['abcdef1@-', 'a hyphen'],
  ])('rejects %j (%s)', (pw) => {
    expect(isValidPassword(pw)).toBe(false);
  });

  it('keeps the length bounds in step with the rule', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 15]);
  });
});

describe('PASSWORD_RULE_TEXT', () => {
  it('is the tooltip text of the spec', () => {
    expect(PASSWORD_RULE_TEXT).toBe(
      'Password must be between 8 and 15 characters and contain at least one number, letter, and special character',
    );
  });
});

describe('isBlankMessage', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['\n\t ', true],
    ['\u00a0', true],
    ['hi', false],
    ['  hi  ', false],
    ['.', false],
  ])('answers %j: %s', (text, expected) => {
    expect(isBlankMessage(text)).toBe(expected);
  });
});
