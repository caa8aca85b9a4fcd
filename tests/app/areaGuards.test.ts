// @vitest-environment happy-dom
// The route guards of spec 000 §5 as the shell applies them (docs/architecture.md §6): the router matches the path, the matched
// page names its area (src/platform/area/crumbs.ts), and the area's rule decides (src/domain/nav.ts).
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { guardRedirect } from '../../src/domain/nav';
import type { NavCompany, NavContext } from '../../src/domain/nav';
import { guardTargetOf } from '../../src/platform/area/crumbs';
import { routes } from '../../src/app/router';
import { AP_CLIENT, OFF, ON, ROLE_NAMES, ROLES, ctx } from '../helpers/navContexts';
import type { RoleName } from '../helpers/navContexts';

/** Where the shell sends a user who opens `path`, or null when it shows the page. */
function redirectOf(path: string, context: NavContext): string | null {
  const matches = (matchRoutes(routes, path) ?? []).map((m) => ({
    handle: m.route.handle,
    params: m.params,
  }));
  return guardRedirect(guardTargetOf(matches), context);
}

describe('route guards through the router', () => {
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
    ['/inviteuser', ON, { ...all('ok'), client: 'deny', limited: 'deny' }],
    ['/inviteuser', OFF, { ...all('ok'), client: 'deny', limited: 'deny' }],
    ['/archivedata', ON, all('ok')],
    ['/archivedata', OFF, all('deny')],
    ['/home', OFF, all('ok')],
    ['/locations', OFF, all('ok')],
    ['/locations/abc', OFF, all('ok')],
    ['/accounts/abc', OFF, all('ok')],
    ['/bills/abc', OFF, all('ok')],
    ['/contacts', OFF, all('ok')],
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
    const prefix = isConsultant && path !== '/home' && path !== '/' ? '/companies/9' : '';
    const expected =
      outcome === 'ok'
        ? null
        : outcome === 'deny'
          ? `${prefix}/locations`
          : outcome === 'alerts'
            ? `${prefix}/alerts`
            : outcome;
    expect(redirectOf(`${prefix}${path}`, ctx(role, company))).toBe(expected);
  });

  // '/users' exists only under /companies/{compId} (spec 000 §2): elsewhere it is the 404 page, not a guard.
  it.each<[string, RoleName, NavCompany, string | null]>([
    ['/users', 'client', ON, null],
    ['/companies/9/users', 'consultant', ON, '/companies/9/locations'],
    ['/companies/9/users', 'superConsultant', OFF, null],
    ['/companies/9/users', 'admin', ON, '/locations'],
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
    expect(redirectOf(path, ctx(role, company))).toBe(expected);
  });
});
