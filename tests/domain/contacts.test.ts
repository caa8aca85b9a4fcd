import { describe, expect, it } from 'vitest';
import { canSeeCompanyUsers, mailtoHref, rolesText, SUPPORT_EMAIL, telHref } from '../../src/domain/contacts';
import { parseRoles } from '../../src/domain/roles';

describe('canSeeCompanyUsers', () => {
  it.each<[string[], boolean]>([
    [['Super Consultant'], true],
    [['Consultant'], true],
    [['Client', 'Admin'], true],
    [['Client'], false],
    [['Limited Client'], false],
    [[], false],
  ])('for %j is %s', (claim, expected) => {
    expect(canSeeCompanyUsers(parseRoles(claim))).toBe(expected);
  });
});

describe('telHref', () => {
  it.each<[string | null, string | null]>([
    ['(512) 555-0142', 'tel:+15125550142'],
    ['512.555.0142', 'tel:+15125550142'],
    ['1-512-555-0142', 'tel:+15125550142'],
    ['+44 20 7946 0958', 'tel:+442079460958'],
    ['555-0100', 'tel:5550100'],
    ['call us', null],
    ['', null],
    [null, null],
  ])('links %j', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});

describe('mailtoHref', () => {
  it('links one address, with an encoded subject', () => {
    expect(mailtoHref(' quinn.fischer@get.demo ')).toBe('mailto:quinn.fischer@get.demo');
    expect(mailtoHref(SUPPORT_EMAIL, 'Portal support & more')).toBe(
      `mailto:${SUPPORT_EMAIL}?subject=Portal%20support%20%26%20more`,
    );
  });

  it.each(['', 'not an address', 'a@b', 'a@b.demo?bcc=c@d.demo', 'a@b.demo, c@d.demo', null])(
    'refuses %j',
    (email) => {
      expect(mailtoHref(email)).toBeNull();
    },
  );
});

describe('rolesText', () => {
  it('lists a user’s roles once each, most privileged first', () => {
    expect(rolesText(['Client', 'Admin'])).toBe('Admin, Client');
    expect(rolesText(['Consultant', 'Super Consultant'])).toBe('Super Consultant, Consultant');
    expect(rolesText(['Limited Client', ' Client ', 'Client'])).toBe('Client, Limited Client');
    expect(rolesText(['Auditor', 'Admin'])).toBe('Admin, Auditor');
    expect(rolesText([])).toBe('');
  });
});
