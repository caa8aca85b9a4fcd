import { describe, expect, it } from 'vitest';
import {
  OPEN_CLOSE_MAX_SERVICES,
  OPEN_CLOSE_NOTE_MAX,
  checkNewOpenCloseRequest,
  checkOpenCloseDetails,
  isRequestDay,
  isRequestableService,
  noteProblem,
  serviceChoices,
  servicesProblem,
} from '../../src/domain/openCloseRequest';
import type { OpenCloseDetailsInput, SiteAccount } from '../../src/domain/openCloseRequest';

const SITE: SiteAccount[] = [
  { id: 'acct-power', accountNumber: '4410-22', services: 'electric', isActive: true },
  { id: 'acct-water', accountNumber: 'W-9', services: 'water, sewer', isActive: true },
  { id: 'acct-old', accountNumber: 'G-1', services: 'natural_gas', isActive: false },
];

const OPENING: OpenCloseDetailsInput = {
  turnoverDate: '2026-05-01',
  storeOpenDate: '2026-06-01',
  storeCloseDate: '',
  contactName: ' Ana Ruiz ',
  contactPhone: '(512) 555-0147',
  contactEmail: '',
};

const CLOSING: OpenCloseDetailsInput = {
  turnoverDate: '2026-06-08',
  storeOpenDate: '',
  storeCloseDate: '2026-06-01',
  contactName: 'Ana Ruiz',
  contactPhone: '',
  contactEmail: 'ana@example.com',
};

describe('isRequestDay', () => {
  it.each([
    ['2026-02-28', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['1999-12-31', false],
    ['2100-01-01', false],
    ['20255-01-01', false],
    ['', false],
  ])('%j is a request day: %s', (text, expected) => {
    expect(isRequestDay(text)).toBe(expected);
  });
});

describe('services', () => {
  it('accepts utility services by their API value only', () => {
    expect(isRequestableService('electric')).toBe(true);
    expect(isRequestableService('Electric')).toBe(false);
    expect(isRequestableService('taxes_fees')).toBe(false);
    expect(isRequestableService('account')).toBe(false);
    expect(isRequestableService('unicorn')).toBe(false);
  });

  it('offers every utility service for an opening, metered ones first, none tied to an account', () => {
    const choices = serviceChoices(true, SITE);
    expect(choices.slice(0, 3).map((choice) => choice.label)).toEqual([
      'Electricity',
      'Natural Gas',
      'Water',
    ]);
    expect(choices.every((choice) => choice.accountId === null)).toBe(true);
    expect(choices.map((choice) => choice.serviceType)).not.toContain('taxes_fees');
  });

  it("offers each service of the site's active accounts for a closing, with its account", () => {
    expect(serviceChoices(false, SITE)).toEqual([
      { serviceType: 'electric', accountId: 'acct-power', label: 'Electricity — account 4410-22' },
      { serviceType: 'water', accountId: 'acct-water', label: 'Water — account W-9' },
      { serviceType: 'sewer', accountId: 'acct-water', label: 'Sewage — account W-9' },
    ]);
  });

  it.each([
    [true, [], 'must include at least one service'],
    [true, [{ serviceType: 'electric', accountId: null }], null],
    [
      true,
      [{ serviceType: 'electric', accountId: 'acct-power' }],
      'an opening request names services only, not accounts',
    ],
    [true, [{ serviceType: 'taxes_fees', accountId: null }], 'taxes_fees is not a utility service'],
    [
      true,
      [
        { serviceType: 'water', accountId: null },
        { serviceType: 'water', accountId: null },
      ],
      'names Water twice',
    ],
    [false, [{ serviceType: 'sewer', accountId: 'acct-water' }], null],
    [
      false,
      [{ serviceType: 'electric', accountId: null }],
      'Electricity is not a service of an active account at this site',
    ],
    [
      false,
      [{ serviceType: 'electric', accountId: 'acct-water' }],
      'Electricity is not a service of an active account at this site',
    ],
    [
      false,
      [{ serviceType: 'natural_gas', accountId: 'acct-old' }],
      'Natural Gas is not a service of an active account at this site',
    ],
  ])('opening %s with %j: %j', (isOpen, services, problem) => {
    expect(servicesProblem(isOpen, services, SITE)).toBe(problem);
  });

  it(`names at most ${OPEN_CLOSE_MAX_SERVICES} services`, () => {
    const many = Array.from({ length: OPEN_CLOSE_MAX_SERVICES + 1 }, () => ({
      serviceType: 'electric',
      accountId: null,
    }));
    expect(servicesProblem(true, many, SITE)).toBe(`must name at most ${OPEN_CLOSE_MAX_SERVICES} services`);
  });
});

describe('checkOpenCloseDetails', () => {
  it('keeps an opening with its dates and a trimmed contact, without a close date', () => {
    expect(checkOpenCloseDetails(true, OPENING)).toEqual({
      ok: true,
      values: {
        turnoverDate: '2026-05-01',
        storeOpenDate: '2026-06-01',
        storeCloseDate: null,
        contactName: 'Ana Ruiz',
        contactPhone: '(512) 555-0147',
        contactEmail: null,
      },
    });
  });

  it('keeps a closing with the turnover after the closing day', () => {
    expect(checkOpenCloseDetails(false, CLOSING)).toMatchObject({
      ok: true,
      values: { storeOpenDate: null, storeCloseDate: '2026-06-01', turnoverDate: '2026-06-08' },
    });
  });

  it.each<[boolean, Partial<OpenCloseDetailsInput>, Record<string, string>]>([
    [true, { storeOpenDate: '' }, { storeOpenDate: 'is required' }],
    [true, { turnoverDate: '' }, { turnoverDate: 'is required' }],
    [true, { turnoverDate: '2026-06-02' }, { turnoverDate: 'must be on or before the store open date' }],
    [true, { turnoverDate: '2026-06-01' }, {}],
    [true, { storeCloseDate: '2026-07-01' }, { storeCloseDate: 'is only for a closing request' }],
    [
      true,
      { storeOpenDate: '2026-02-30' },
      { storeOpenDate: 'must be a date between 01/01/2000 and 12/31/2099' },
    ],
    [false, { storeCloseDate: '' }, { storeCloseDate: 'is required' }],
    [false, { turnoverDate: '2026-05-31' }, { turnoverDate: 'must be on or after the store close date' }],
    [false, { storeOpenDate: '2026-01-01' }, { storeOpenDate: 'is only for an opening request' }],
    [true, { contactName: '  ' }, { contactName: 'is required' }],
    [true, { contactName: 'x'.repeat(101) }, { contactName: 'must be at most 100 characters' }],
    [true, { contactPhone: '' }, { contactPhone: 'or an email is required' }],
    [true, { contactPhone: '555-01' }, { contactPhone: 'must be a phone number of at least 7 digits' }],
    [true, { contactPhone: 'call me' }, { contactPhone: 'must be a phone number of at least 7 digits' }],
    [true, { contactPhone: '+1 512 555 0147' }, {}],
    [true, { contactEmail: 'ana@' }, { contactEmail: 'must be an email address such as name@example.com' }],
    [
      true,
      { contactEmail: 'ana@example' },
      { contactEmail: 'must be an email address such as name@example.com' },
    ],
    [true, { contactPhone: '', contactEmail: 'ana@example.co.uk' }, {}],
  ])('opening %s with %j: %j', (isOpen, change, problems) => {
    const result = checkOpenCloseDetails(isOpen, { ...(isOpen ? OPENING : CLOSING), ...change });
    expect(result.ok ? {} : result.problems).toEqual(problems);
  });
});

describe('checkNewOpenCloseRequest', () => {
  it('answers the values to store: site, services and details', () => {
    const result = checkNewOpenCloseRequest(
      false,
      { ...CLOSING, locationId: 'site-1', services: [{ serviceType: 'electric', accountId: 'acct-power' }] },
      SITE,
    );
    expect(result).toEqual({
      ok: true,
      values: {
        locationId: 'site-1',
        services: [{ serviceType: 'electric', accountId: 'acct-power' }],
        turnoverDate: '2026-06-08',
        storeOpenDate: null,
        storeCloseDate: '2026-06-01',
        contactName: 'Ana Ruiz',
        contactPhone: null,
        contactEmail: 'ana@example.com',
      },
    });
  });

  it('gathers every problem at once: site, services and details', () => {
    const result = checkNewOpenCloseRequest(
      true,
      { ...OPENING, contactName: '', locationId: ' ', services: [] },
      [],
    );
    expect(result).toEqual({
      ok: false,
      problems: {
        locationId: 'is required',
        services: 'must include at least one service',
        contactName: 'is required',
      },
    });
  });
});

describe('noteProblem', () => {
  it.each([
    ['Called the utility.', null],
    ['   ', 'must not be blank'],
    ['x'.repeat(OPEN_CLOSE_NOTE_MAX), null],
    ['x'.repeat(OPEN_CLOSE_NOTE_MAX + 1), `must be at most ${OPEN_CLOSE_NOTE_MAX} characters`],
  ])('%j: %j', (note, problem) => {
    expect(noteProblem(note)).toBe(problem);
  });
});
