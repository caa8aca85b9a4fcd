import { describe, expect, it } from 'vitest';
import {
  ROLE_CHOICES,
  canInvite,
  isEmailAddress,
  mayGrantRoles,
  roleChoicesFor,
  roleLabel,
} from '../../src/domain/invitations';

const superConsultant = { isSuperConsultant: true, isConsultant: true, isAdmin: false };
const consultant = { isSuperConsultant: false, isConsultant: true, isAdmin: false };
const admin = { isSuperConsultant: false, isConsultant: false, isAdmin: true };
const client = { isSuperConsultant: false, isConsultant: false, isAdmin: false };

describe('invitations', () => {
  it('lets consultants and admins invite, nobody else', () => {
    expect([superConsultant, consultant, admin, client].map(canInvite)).toEqual([true, true, true, false]);
  });

  it('offers each inviter the roles it may give', () => {
    const labels = (inviter: typeof client) => roleChoicesFor(inviter).map((choice) => choice.label);
    expect(labels(superConsultant)).toEqual(ROLE_CHOICES.map((choice) => choice.label));
    expect(labels(consultant)).toEqual(['Client', 'Limited Client', 'Admin']);
    expect(labels(admin)).toEqual(['Client', 'Limited Client', 'Admin']);
    expect(labels(client)).toEqual([]);
  });

  it('refuses consultant roles to anyone but a super consultant, in any case', () => {
    expect(mayGrantRoles(consultant, ['consultant'])).toBe(false);
    expect(mayGrantRoles(admin, ['Client', 'Super Consultant'])).toBe(false);
    expect(mayGrantRoles(superConsultant, ['Consultant'])).toBe(true);
    expect(mayGrantRoles(client, ['Client'])).toBe(false);
  });

  it('names role sets as the page offers them', () => {
    expect(roleLabel(['Admin', 'Client'])).toBe('Admin');
    expect(roleLabel(['Limited Client'])).toBe('Limited Client');
    expect(roleLabel(['Client', 'Limited Client'])).toBe('Client, Limited Client');
  });

  it.each([
    ['pat@northwind.test', true],
    [' pat@northwind.test ', true],
    ['pat@northwind', false],
    ['pat northwind.test', false],
    ['', false],
  ])('reads %j as an email address: %s', (text, expected) => {
    expect(isEmailAddress(text)).toBe(expected);
  });
});
