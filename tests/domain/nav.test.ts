import { describe, it, expect } from 'vitest';
import {
  AP_CLIENT_COMPANY_TYPE_ID,
  AREA_KEYS,
  AREAS,
  areaAccess,
  canOpenArea,
  canWriteArea,
  guardRedirect,
  isAreaKey,
  landingPath,
  sidebarEntries,
} from '../../src/domain/nav';
import type { AreaKey, NavCompany, NavContext, SidebarKey } from '../../src/domain/nav';
import { AP_CLIENT, OFF, ON, ROLE_NAMES, ROLES, ctx } from '../helpers/navContexts';
import type { RoleName } from '../helpers/navContexts';

const keys = (context: NavContext): SidebarKey[] => sidebarEntries(context).map((entry) => entry.key);

describe('the sidebar order', () => {
  it('lists the spec labels in order', () => {
    expect(sidebarEntries(ctx('superConsultant', ON)).map((entry) => entry.label)).toEqual([
      'Home',
      'Locations',
      'Accounts',
      'Bills',
      'Alerts',
      'Contracts',
      'Budgets',
      'AP',
      'Bill Pay',
      'Reports',
      'Open/Close Accounts',
      'Company Energy Star',
      'Company Support',
      'Contacts',
      'Users',
      'Invite User',
      'Archives',
      'Imports',
    ]);
  });
});

describe('landingPath', () => {
  it.each<[RoleName, string]>([
    ['superConsultant', '/consultant'],
    ['consultant', '/consultant'],
    ['admin', '/home'],
    ['client', '/home'],
    ['limited', '/home'],
  ])('sends %s to %s', (role, expected) => {
    expect(landingPath(ROLES[role])).toBe(expected);
  });
});

describe('sidebarEntries', () => {
  const ALWAYS: SidebarKey[] = ['home', 'locations', 'accounts', 'bills', 'contacts'];

  it.each<[RoleName, string, NavCompany, SidebarKey[]]>([
    [
      'superConsultant',
      'all flags',
      ON,
      [
        'home',
        'locations',
        'accounts',
        'bills',
        'alerts',
        'contracts',
        'budgets',
        'billdeliveries',
        'billpay',
        'reports',
        'opencloseaccounts',
        'companyEnergyStar',
        'tickets',
        'contacts',
        'users',
        'inviteuser',
        'archivedata',
        'imports',
      ],
    ],
    [
      'superConsultant',
      'no flags',
      OFF,
      [
        'home',
        'locations',
        'accounts',
        'bills',
        'alerts',
        'contracts',
        'budgets',
        'billdeliveries',
        'billpay',
        'reports',
        'contacts',
        'users',
        'inviteuser',
        'imports',
      ],
    ],
    [
      'consultant',
      'all flags',
      ON,
      [
        'home',
        'locations',
        'accounts',
        'bills',
        'alerts',
        'contracts',
        'budgets',
        'billdeliveries',
        'billpay',
        'reports',
        'opencloseaccounts',
        'companyEnergyStar',
        'tickets',
        'contacts',
        'inviteuser',
        'archivedata',
        'imports',
      ],
    ],
    [
      'consultant',
      'no flags',
      OFF,
      [
        'home',
        'locations',
        'accounts',
        'bills',
        'alerts',
        'contracts',
        'budgets',
        'billdeliveries',
        'billpay',
        'reports',
        'contacts',
        'inviteuser',
        'imports',
      ],
    ],
    [
      'admin',
      'all flags',
      ON,
      [
        'home',
        'locations',
        'accounts',
        'bills',
        'alerts',
        'contracts',
        'budgets',
        'billdeliveries',
        'billpay',
        'reports',
        'opencloseaccounts',
        'companyEnergyStar',
        'tickets',
        'contacts',
        'inviteuser',
        'archivedata',
        'imports',
      ],
    ],
    [
      'admin',
      'no flags',
      OFF,
      ['home', 'locations', 'accounts', 'bills', 'contracts', 'reports', 'contacts', 'inviteuser', 'imports'],
    ],
    [
      'client',
      'all flags',
      ON,
      [
        'home',
        'locations',
        'accounts',
        'bills',
        'alerts',
        'contracts',
        'budgets',
        'billdeliveries',
        'billpay',
        'reports',
        'opencloseaccounts',
        'companyEnergyStar',
        'tickets',
        'contacts',
        'archivedata',
      ],
    ],
    [
      'client',
      'no flags',
      OFF,
      ['home', 'locations', 'accounts', 'bills', 'contracts', 'reports', 'contacts'],
    ],
    [
      'client',
      'company type 2',
      AP_CLIENT,
      ['home', 'locations', 'accounts', 'bills', 'contracts', 'billpay', 'reports', 'contacts'],
    ],
    [
      'limited',
      'all flags',
      ON,
      [
        'home',
        'locations',
        'accounts',
        'bills',
        'billdeliveries',
        'companyEnergyStar',
        'tickets',
        'contacts',
        'archivedata',
      ],
    ],
    ['limited', 'no flags', OFF, ALWAYS],
    ['limited', 'company type 2', AP_CLIENT, ALWAYS],
  ])('shows %s the right entries with %s', (role, _flags, company, expected) => {
    expect(keys(ctx(role, company))).toEqual(expected);
  });

  it.each<[string, keyof NavCompany, SidebarKey]>([
    ['alerts', 'alertsAccess', 'alerts'],
    ['budgets', 'budgetsAccess', 'budgets'],
    ['AP', 'apAccess', 'billdeliveries'],
    ['bill pay', 'billPayAccess', 'billpay'],
    ['open/close', 'openCloseAccess', 'opencloseaccounts'],
    ['energy star', 'energyStarAccess', 'companyEnergyStar'],
    ['support', 'companyHasSupportAccess', 'tickets'],
  ])('shows %s to a client only with its own flag', (_name, flag, key) => {
    expect(keys(ctx('client', { ...OFF, [flag]: true }))).toContain(key);
    expect(keys(ctx('client', { ...ON, [flag]: false }))).not.toContain(key);
  });

  it.each<[string, string | null | undefined, boolean]>([
    ['a table name', 'archive_7', true],
    ['an empty name', '', false],
    ['a blank name', '   ', false],
    ['null', null, false],
    ['no name', undefined, false],
  ])('shows Archives for %s: %s', (_name, archiveTableName, shown) => {
    expect(keys(ctx('client', { ...ON, archiveTableName })).includes('archivedata')).toBe(shown);
  });

  it('gives clients plain paths and the read-only alerts page', () => {
    expect(sidebarEntries(ctx('client', ON))).toEqual([
      { key: 'home', label: 'Home', path: '/home' },
      { key: 'locations', label: 'Locations', path: '/locations' },
      { key: 'accounts', label: 'Accounts', path: '/accounts' },
      { key: 'bills', label: 'Bills', path: '/bills' },
      { key: 'alerts', label: 'Alerts', path: '/alertsro' },
      { key: 'contracts', label: 'Contracts', path: '/contracts' },
      { key: 'budgets', label: 'Budgets', path: '/budgets' },
      { key: 'billdeliveries', label: 'AP', path: '/billdeliveries' },
      { key: 'billpay', label: 'Bill Pay', path: '/billpay' },
      { key: 'reports', label: 'Reports', path: '/reports' },
      { key: 'opencloseaccounts', label: 'Open/Close Accounts', path: '/opencloseaccounts' },
      { key: 'companyEnergyStar', label: 'Company Energy Star', path: '/companyEnergyStar' },
      { key: 'tickets', label: 'Company Support', path: '/tickets' },
      { key: 'contacts', label: 'Contacts', path: '/contacts' },
      { key: 'archivedata', label: 'Archives', path: '/archivedata' },
    ]);
  });

  it('gives consultants company-scoped paths, the editable alerts page and the client list as Home', () => {
    expect(sidebarEntries(ctx('superConsultant', ON))).toEqual([
      { key: 'home', label: 'Home', path: '/consultant' },
      { key: 'locations', label: 'Locations', path: '/companies/7/locations' },
      { key: 'accounts', label: 'Accounts', path: '/companies/7/accounts' },
      { key: 'bills', label: 'Bills', path: '/companies/7/bills' },
      { key: 'alerts', label: 'Alerts', path: '/companies/7/alerts' },
      { key: 'contracts', label: 'Contracts', path: '/companies/7/contracts' },
      { key: 'budgets', label: 'Budgets', path: '/companies/7/budgets' },
      { key: 'billdeliveries', label: 'AP', path: '/companies/7/billdeliveries' },
      { key: 'billpay', label: 'Bill Pay', path: '/companies/7/billpay' },
      { key: 'reports', label: 'Reports', path: '/companies/7/reports' },
      { key: 'opencloseaccounts', label: 'Open/Close Accounts', path: '/companies/7/opencloseaccounts' },
      { key: 'companyEnergyStar', label: 'Company Energy Star', path: '/companies/7/companyEnergyStar' },
      { key: 'tickets', label: 'Company Support', path: '/companies/7/tickets' },
      { key: 'contacts', label: 'Contacts', path: '/companies/7/contacts' },
      { key: 'users', label: 'Users', path: '/companies/7/users' },
      { key: 'inviteuser', label: 'Invite User', path: '/companies/7/inviteuser' },
      { key: 'archivedata', label: 'Archives', path: '/companies/7/archivedata' },
      { key: 'imports', label: 'Imports', path: '/companies/7/imports' },
    ]);
  });

  it('keeps entries in the order of the area table, after Home', () => {
    const labels = sidebarEntries(ctx('superConsultant', ON)).map((entry) => entry.label);
    expect(labels).toEqual(['Home', ...AREA_KEYS.map((key) => AREAS[key].label)]);
  });
});

describe('guardRedirect', () => {
  // 'ok' = null; 'deny' = the role's locations page; 'alerts' = the role's editable alerts page;
  // any other text is the expected redirect itself.
  type Row = Record<RoleName, string>;
  const all = (outcome: string): Row => ({
    superConsultant: outcome,
    consultant: outcome,
    admin: outcome,
    client: outcome,
    limited: outcome,
  });
  const clientsDenied: Row = { ...all('ok'), admin: 'deny', client: 'deny', limited: 'deny' };
  const limitedDenied: Row = { ...all('ok'), limited: 'deny' };

  /** A page of an area: its pattern, guarded by its own area unless told. */
  type Page = { area: AreaKey; page: string };
  const page = (area: AreaKey, pattern: string = AREAS[area].path): Page => ({ area, page: pattern });
  const siteEnergyStar = page('companyEnergyStar', 'locations/:id/energystar');

  const GUARDS: [target: Page, company: NavCompany, expected: Row][] = [
    [page('reports'), ON, limitedDenied],
    [page('reports'), OFF, limitedDenied],
    [page('contracts'), ON, limitedDenied],
    [page('contracts'), OFF, limitedDenied],
    [page('billdeliveries'), ON, all('ok')],
    [page('billdeliveries'), OFF, clientsDenied],
    [page('companyEnergyStar'), ON, all('ok')],
    [page('companyEnergyStar'), OFF, all('deny')],
    [siteEnergyStar, ON, all('ok')],
    [siteEnergyStar, OFF, all('deny')],
    [page('billpay'), ON, limitedDenied],
    [page('billpay'), OFF, clientsDenied],
    [page('billpay'), AP_CLIENT, limitedDenied],
    [page('budgets'), ON, limitedDenied],
    [page('budgets'), OFF, clientsDenied],
    [
      page('alerts'),
      ON,
      { superConsultant: 'ok', consultant: 'ok', admin: '/alertsro', client: '/alertsro', limited: 'deny' },
    ],
    [page('alerts'), OFF, clientsDenied],
    [
      page('alerts', 'alertsro'),
      ON,
      { superConsultant: 'alerts', consultant: 'alerts', admin: 'ok', client: 'ok', limited: 'deny' },
    ],
    [
      page('alerts', 'alertsro'),
      OFF,
      { superConsultant: 'alerts', consultant: 'alerts', admin: 'deny', client: 'deny', limited: 'deny' },
    ],
    [page('opencloseaccounts'), ON, limitedDenied],
    [page('opencloseaccounts'), OFF, all('deny')],
    [page('tickets'), ON, all('ok')],
    [page('tickets'), OFF, all('deny')],
    [page('tickets', 'tickets/:jiraIssueId'), ON, all('ok')],
    [page('tickets', 'tickets/:jiraIssueId'), OFF, all('deny')],
    [page('users'), ON, { ...all('deny'), superConsultant: 'ok' }],
    [page('users'), OFF, { ...all('deny'), superConsultant: 'ok' }],
    [page('inviteuser'), ON, { ...all('ok'), client: 'deny', limited: 'deny' }],
    [page('inviteuser'), OFF, { ...all('ok'), client: 'deny', limited: 'deny' }],
    [page('locations'), OFF, all('ok')],
    [page('locations', 'locations/:id'), OFF, all('ok')],
    [page('accounts', 'accounts/:id'), OFF, all('ok')],
    [page('bills', 'bills/:id'), OFF, all('ok')],
    [page('contacts'), OFF, all('ok')],
    [page('archivedata'), ON, all('ok')],
    [page('archivedata'), OFF, all('deny')],
  ];

  const label = (company: NavCompany): string => (company === ON ? 'on' : company === OFF ? 'off' : 'type 2');
  const rows = GUARDS.flatMap(([target, company, expected]) =>
    ROLE_NAMES.map((role) => [target.page, role, label(company), target, company, expected[role]] as const),
  );

  // Consultants are tested on their twin route, with a company id that differs from ctx.company.id,
  // to show the redirect keeps the company in the URL.
  it.each(rows)('guards %s for %s (flags %s)', (_page, role, _label, target, company, outcome) => {
    const isConsultant = ROLES[role].isConsultant;
    const prefix = isConsultant ? '/companies/9' : '';
    const expected =
      outcome === 'ok'
        ? null
        : outcome === 'deny'
          ? `${prefix}/locations`
          : outcome === 'alerts'
            ? `${prefix}/alerts`
            : outcome;
    const companyId = isConsultant ? '9' : null;
    expect(guardRedirect({ ...target, companyId }, ctx(role, company))).toBe(expected);
  });

  it.each<[string, Page & { companyId?: string }, RoleName, NavCompany, string | null]>([
    ['a consultant on a client path', page('budgets'), 'consultant', OFF, null],
    [
      'a consultant without the company in the path',
      page('opencloseaccounts'),
      'consultant',
      OFF,
      '/companies/7/locations',
    ],
    [
      'a consultant on read-only alerts',
      page('alerts', 'alertsro'),
      'superConsultant',
      ON,
      '/companies/7/alerts',
    ],
    ['a client on a twin path', { ...page('alerts'), companyId: '9' }, 'client', ON, '/alertsro'],
    ['a limited client on a twin path', { ...page('reports'), companyId: '9' }, 'limited', ON, '/locations'],
  ])('handles %s', (_name, target, role, company, expected) => {
    expect(guardRedirect(target, ctx(role, company))).toBe(expected);
  });

  it('lets landings and pages outside the areas through (no target)', () => {
    for (const role of ROLE_NAMES) expect(guardRedirect(null, ctx(role, OFF))).toBeNull();
  });

  it('lets every visible sidebar entry through its guard', () => {
    for (const role of ROLE_NAMES) {
      for (const company of [ON, OFF, AP_CLIENT]) {
        for (const entry of sidebarEntries(ctx(role, company))) {
          if (entry.key === 'home') continue;
          const pattern = entry.path.replace(/^\/companies\/\d+/, '').slice(1);
          expect(
            guardRedirect(page(entry.key, pattern), ctx(role, company)),
            `${role} ${entry.path}`,
          ).toBeNull();
        }
      }
    }
  });
});

describe('areaAccess', () => {
  it('closes a consultant-only area to clients whatever its rule says', () => {
    const everyone = { ...ROLES.admin, isSuperConsultant: true };
    expect(areaAccess('users', { roles: everyone, company: ON })).toBe('closed');
    expect(canOpenArea('users', ctx('superConsultant', OFF))).toBe(true);
  });

  it('gives clients with alerts access the read-only page only', () => {
    expect(areaAccess('alerts', ctx('client', ON))).toBe('readOnly');
    expect(areaAccess('alerts', ctx('consultant', OFF))).toBe('open');
    expect(canOpenArea('alerts', ctx('client', ON))).toBe(true);
  });

  it('lets only full access write: clients read alerts, consultants change them, budgets follow their flag', () => {
    expect(canWriteArea('alerts', ctx('client', ON))).toBe(false);
    expect(canWriteArea('alerts', ctx('admin', ON))).toBe(false);
    expect(canWriteArea('alerts', ctx('consultant', OFF))).toBe(true);
    expect(canWriteArea('budgets', ctx('client', ON))).toBe(true);
    expect(canWriteArea('budgets', ctx('client', OFF))).toBe(false);
    expect(canWriteArea('budgets', ctx('limited', ON))).toBe(false);
  });

  it.each<[string, NavCompany, boolean]>([
    ['the flag', { ...OFF, billPayAccess: true }, true],
    ['company type 2', { ...OFF, companyTypeId: AP_CLIENT_COMPANY_TYPE_ID }, true],
    ['neither', OFF, false],
  ])('gives a client Bill Pay with %s', (_name, company, expected) => {
    expect(canOpenArea('billpay', ctx('client', company))).toBe(expected);
  });

  it('knows its keys', () => {
    expect(AREA_KEYS.every(isAreaKey)).toBe(true);
    expect(isAreaKey('home')).toBe(false);
    expect(isAreaKey('toString')).toBe(false);
  });
});
