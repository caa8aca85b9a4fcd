import { describe, expect, it } from 'vitest';
import { intendedPath } from '../../../src/platform/routeTable';
import { isEmail } from '../../../src/features/auth/authRules';
import { samlResponseOf } from '../../../src/features/auth/ssoHandoff';

describe('intendedPath', () => {
  it.each([
    [{ from: '/bills/12?tab=lines' }, '/bills/12?tab=lines'],
    [{ from: '/companies/4/locations' }, '/companies/4/locations'],
    [{ from: '//evil.example.com' }, '/'],
    [{ from: '/\\evil.example.com' }, '/'],
    [{ from: 'https://evil.example.com' }, '/'],
    [{ from: '/login' }, '/'],
    [{ from: '/ssologin/acme' }, '/'],
    [{ from: 42 }, '/'],
    [null, '/'],
    [undefined, '/'],
  ])('maps %j to %s', (state, expected) => {
    expect(intendedPath(state)).toBe(expected);
  });
});

describe('isEmail', () => {
  it.each([
    ['ann@example.com', true],
    [' ann@example.com ', true],
    ['ann@example', false],
    ['ann example@x.com', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });
});

describe('samlResponseOf', () => {
  it('reads the query first, then the hash', () => {
    expect(samlResponseOf('?SAMLResponse=a%2Bb', '')).toEqual({ SAMLResponse: 'a+b' });
    expect(samlResponseOf('', '#SAMLResponse=c&RelayState=r')).toEqual({
      SAMLResponse: 'c',
      RelayState: 'r',
    });
    expect(samlResponseOf('?status=ok', '')).toBeNull();
  });
});
