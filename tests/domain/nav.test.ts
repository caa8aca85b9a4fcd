import { describe, it, expect } from 'vitest';
import { guardRedirect, landingPath, SIDEBAR_LABELS, sidebarEntries } from '../../src/domain/nav';
import type { NavCompany, NavContext, SidebarKey } from '../../src/domain/nav';
import { parseRoles } from '../../src/domain/roles';

const ROLES = {
  superConsultant: parseRoles('super consultant'),
  consultant: parseRoles('consultant'),
  admin: parseRoles('admin'),
  client: parseRoles(undefined),
  limited: parseRoles('limited client'),
} as const;
type RoleName = keyof typeof ROLES;
const ROLE_NAMES: readonly RoleName[] = ['superConsultant', 'consultant', 'admin', 'client', 'limited'];

const ON: NavCompany = {
  id: 7,
  companyTypeId: 1,
  alertsAccess: true,
  budgetsAccess: true,
  apAccess: true,
  billPayAccess: true,
  openCloseAccess: true,
  energyStarAccess: true,
  companyHasSupportAccess: true,
  archiveTableName: 'archive_7',
};
const OFF: NavCompany = {
  id: 7,
  companyTypeId: 1,
  alertsAccess: false,
  budgetsAccess: false,
  apAccess: false,
  billPayAccess: false,
  openCloseAccess: false,
  energyStarAccess: false,
  companyHasSupportAccess: false,
};
const AP_CLIENT: NavCompany = { ...OFF, companyTypeId: 2 };

const ctx = (role: RoleName, company: NavCompany): NavContext => ({ roles: ROLES[role], company });
const keys = (context: NavContext): SidebarKey[] => sidebarEntries(context).map((entry) => entry.key);

describe('SIDEBAR_LABELS', () => {
  it('lists the spec labels in order', () => {
    expect(SIDEBAR_LABELS).toEqual([
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
        'ap',
        'billpay',
        'reports',
        'opencloseaccounts',
        'companyEnergyStar',
        'tickets',
        'contacts',
        'users',
        'inviteuser',
        'archivedata',
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
        'ap',
        'billpay',
        'reports',
        'contacts',
        'users',
        'inviteuser',
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
        'ap',
        'billpay',
        'reports',
        'opencloseaccounts',
        'companyEnergyStar',
        'tickets',
        'contacts',
        'inviteuser',
        'archivedata',
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
        'ap',
        'billpay',
        'reports',
        'contacts',
        'inviteuser',
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
        'ap',
        'billpay',
        'reports',
        'opencloseaccounts',
        'companyEnergyStar',
        'tickets',
        'contacts',
        'inviteuser',
        'archivedata',
      ],
    ],
    [
      'admin',
      'no flags',
      OFF,
      ['home', 'locations', 'accounts', 'bills', 'contracts', 'reports', 'contacts', 'inviteuser'],
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
        'ap',
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
        'ap',
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
    ['AP', 'apAccess', 'ap'],
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
      { key: 'ap', label: 'AP', path: '/billdeliveries' },
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
      { key: 'ap', label: 'AP', path: '/companies/7/billdeliveries' },
      { key: 'billpay', label: 'Bill Pay', path: '/companies/7/billpay' },
      { key: 'reports', label: 'Reports', path: '/companies/7/reports' },
      { key: 'opencloseaccounts', label: 'Open/Close Accounts', path: '/companies/7/opencloseaccounts' },
      { key: 'companyEnergyStar', label: 'Company Energy Star', path: '/companies/7/companyEnergyStar' },
      { key: 'tickets', label: 'Company Support', path: '/companies/7/tickets' },
      { key: 'contacts', label: 'Contacts', path: '/companies/7/contacts' },
      { key: 'users', label: 'Users', path: '/companies/7/users' },
      { key: 'inviteuser', label: 'Invite User', path: '/companies/7/inviteuser' },
      { key: 'archivedata', label: 'Archives', path: '/companies/7/archivedata' },
    ]);
  });

  it('keeps entries in SIDEBAR_LABELS order', () => {
    const labels = sidebarEntries(ctx('superConsultant', ON)).map((entry) => entry.label);
    expect(labels).toEqual([...SIDEBAR_LABELS]);
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

  const GUARDS: [path: string, company: NavCompany, expected: Row][] = [
    ['/reports', ON, limitedDenied],
    ['/reports', OFF, limitedDenied],
    ['/contracts', ON, limitedDenied],
    ['/contracts', OFF, limitedDenied],
    ['/billdeliveries', ON, all('ok')],
    ['/billdeliveries', OFF, clientsDenied],
    ['/companyEnergyStar', ON, all('ok')],
    ['/companyEnergyStar', OFF, all('deny')],
    ['/locations/abc/energystar', ON, all('ok')],
    ['/locations/abc/energystar', OFF, all('deny')],
    ['/billpay', ON, limitedDenied],
    ['/billpay', OFF, clientsDenied],
    ['/billpay', AP_CLIENT, limitedDenied],
    ['/budgets', ON, limitedDenied],
    ['/budgets', OFF, clientsDenied],
    [
      '/alerts',
      ON,
      { superConsultant: 'ok', consultant: 'ok', admin: '/alertsro', client: '/alertsro', limited: 'deny' },
    ],
    ['/alerts', OFF, clientsDenied],
    [
      '/alertsro',
      ON,
      { superConsultant: 'alerts', consultant: 'alerts', admin: 'ok', client: 'ok', limited: 'deny' },
    ],
    [
      '/alertsro',
      OFF,
      { superConsultant: 'alerts', consultant: 'alerts', admin: 'deny', client: 'deny', limited: 'deny' },
    ],
    ['/opencloseaccounts', ON, limitedDenied],
    ['/opencloseaccounts', OFF, all('deny')],
    ['/tickets', ON, all('ok')],
    ['/tickets', OFF, all('deny')],
    ['/tickets/JIRA-12', ON, all('ok')],
    ['/tickets/JIRA-12', OFF, all('deny')],
    ['/users', ON, { ...all('deny'), superConsultant: 'ok' }],
    ['/users', OFF, { ...all('deny'), superConsultant: 'ok' }],
    ['/inviteuser', ON, { ...all('ok'), client: 'deny', limited: 'deny' }],
    ['/inviteuser', OFF, { ...all('ok'), client: 'deny', limited: 'deny' }],
    ['/home', OFF, all('ok')],
    ['/locations', OFF, all('ok')],
    ['/locations/abc', OFF, all('ok')],
    ['/accounts/abc', OFF, all('ok')],
    ['/bills/abc', OFF, all('ok')],
    ['/contacts', OFF, all('ok')],
    ['/archivedata', OFF, all('ok')],
    ['/', OFF, all('ok')],
    ['/no-such-page', OFF, all('ok')],
  ];

  const label = (company: NavCompany): string => (company === ON ? 'on' : company === OFF ? 'off' : 'type 2');
  const rows = GUARDS.flatMap(([path, company, expected]) =>
    ROLE_NAMES.map((role) => [path, role, label(company), company, expected[role]] as const),
  );

  // Consultants are tested on their twin route, with a company id that differs from ctx.company.id,
  // to show the redirect keeps the company in the URL.
  it.each(rows)('guards %s for %s (flags %s)', (path, role, _label, company, outcome) => {
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
    expect(guardRedirect(`${prefix}${path}`, ctx(role, company))).toBe(expected);
  });

  it.each<[string, RoleName, NavCompany, string | null]>([
    ['/budgets', 'consultant', OFF, null],
    ['/opencloseaccounts', 'consultant', OFF, '/companies/7/locations'],
    ['/alertsro', 'superConsultant', ON, '/companies/7/alerts'],
    ['/companies/7', 'consultant', OFF, null],
    ['/companies', 'consultant', OFF, null],
    ['/companies/9/alerts', 'client', ON, '/alertsro'],
    ['/companies/9/reports', 'limited', ON, '/locations'],
    ['/Reports/', 'limited', ON, '/locations'],
    ['/COMPANYENERGYSTAR', 'client', OFF, '/locations'],
    ['/reports?from=2024-01', 'limited', ON, '/locations'],
    ['/tickets#top', 'client', OFF, '/locations'],
    ['/Companies/9/Locations/x/EnergyStar', 'consultant', OFF, '/companies/9/locations'],
    ['/locations/energystar', 'client', OFF, null],
  ])('handles %s for %s', (path, role, company, expected) => {
    expect(guardRedirect(path, ctx(role, company))).toBe(expected);
  });

  it('lets every visible sidebar entry through its guard', () => {
    for (const role of ROLE_NAMES) {
      for (const company of [ON, OFF, AP_CLIENT]) {
        for (const entry of sidebarEntries(ctx(role, company))) {
          expect(guardRedirect(entry.path, ctx(role, company)), `${role} ${entry.path}`).toBeNull();
        }
      }
    }
  });
});
