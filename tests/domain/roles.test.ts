import { describe, it, expect } from 'vitest';
import { parseRoles } from '../../src/domain/roles';
import type { Roles } from '../../src/domain/roles';

const NONE: Roles = {
  isSuperConsultant: false,
  isConsultant: false,
  isLimitedClient: false,
  isAdmin: false,
  isClient: true,
};
const CONSULTANT: Roles = { ...NONE, isConsultant: true, isClient: false };
const SUPER: Roles = { ...CONSULTANT, isSuperConsultant: true };

describe('parseRoles', () => {
  it.each<[string, string | string[] | undefined, Roles]>([
    ['no claim', undefined, NONE],
    ['an empty string', '', NONE],
    ['an empty array', [], NONE],
    ['an unknown role', 'viewer', NONE],
    ['consultant', 'consultant', CONSULTANT],
    ['consultant in any case with spaces', '  Consultant ', CONSULTANT],
    ['super consultant', 'super consultant', SUPER],
    ['Super Consultant', 'Super Consultant', SUPER],
    ['superconsultant', 'superconsultant', SUPER],
    ['super_consultant', 'SUPER_CONSULTANT', SUPER],
    ['limited client', 'limited client', { ...NONE, isLimitedClient: true }],
    ['Limited Client', ' Limited Client ', { ...NONE, isLimitedClient: true }],
    ['admin', 'ADMIN', { ...NONE, isAdmin: true }],
    [
      'admin and limited client',
      ['admin', 'limited client'],
      { ...NONE, isAdmin: true, isLimitedClient: true },
    ],
    ['comma-separated roles', 'admin, limited client', { ...NONE, isAdmin: true, isLimitedClient: true }],
    ['a consultant with client badges', ['consultant', 'admin', 'limited client'], CONSULTANT],
    ['a super consultant with the admin badge', ['super consultant', 'admin'], SUPER],
    ['both consultant roles', ['consultant', 'super consultant'], SUPER],
    ['blank array entries', [' ', 'consultant'], CONSULTANT],
  ])('reads %s', (_name, claim, expected) => {
    expect(parseRoles(claim)).toEqual(expected);
  });

  it('makes everyone who is not a consultant a client', () => {
    for (const claim of ['consultant', 'super consultant', 'admin', 'limited client', undefined]) {
      const roles = parseRoles(claim);
      expect(roles.isClient).toBe(!roles.isConsultant);
    }
  });
});
