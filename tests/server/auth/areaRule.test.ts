// The server's area check (canUseArea, server/src/auth/access.ts) and the client's sidebar and route guards read one
// rule (src/domain/nav.ts); these tables prove they agree for every area, kind of user and company flag, and that
// the server answers as it did before the rule moved to the domain.
import { describe, expect, it } from 'vitest';
import { canUseArea } from '../../../server/src/auth/access';
import type { Caller } from '../../../server/src/auth/access';
import type { CompanyRow } from '../../../server/src/auth/accessQueries';
import { AREA_KEYS, AREAS, guardOutcome, sidebarEntries } from '../../../src/domain/nav';
import type { AreaKey, NavCompany } from '../../../src/domain/nav';
import { ROLE_NAMES, ROLES, everyCompany } from '../../helpers/navContexts';
import type { RoleName } from '../../helpers/navContexts';

/** A stored company row carrying the flags of `company`. */
function companyRow(company: NavCompany): CompanyRow {
  return {
    parentId: null,
    parentCompanyTypeId: null,
    name: 'Company',
    sustainabilityAccess: false,
    accrualsAccess: false,
    weatherNormalizationAccess: false,
    isEsActive: false,
    susScopeTooltipAccess: false,
    version: 1,
    updatedAt: '2026-01-01T00:00:00Z',
    ...company,
    companyTypeId: company.companyTypeId ?? 1,
    archiveTableName: company.archiveTableName ?? null,
    auditThresholds: null,
  };
}

function callerOf(role: RoleName): Caller {
  return { userId: 1, companyId: 7, roleClaim: [], roles: ROLES[role] };
}

/** The areas the server guarded before the rule moved to the domain (its `Area` type, renamed to area keys). */
const PREVIOUS_SERVER_AREAS = [
  'alerts',
  'budgets',
  'billdeliveries',
  'billpay',
  'companyEnergyStar',
  'opencloseaccounts',
  'tickets',
  'archivedata',
  'contracts',
  'reports',
] as const;
type PreviousArea = (typeof PREVIOUS_SERVER_AREAS)[number];

/**
 * The server's area rule before it read the domain (its own flag table), kept as the reference it must still
 * match. One change on purpose: a blank archive table name is no archive, as the sidebar always said.
 */
function previousServerRule(role: RoleName, company: NavCompany, area: PreviousArea): boolean {
  const roles = ROLES[role];
  const opens: Record<PreviousArea, boolean> = {
    alerts: company.alertsAccess,
    budgets: company.budgetsAccess,
    billdeliveries: company.apAccess,
    billpay: company.billPayAccess || company.companyTypeId === 2,
    companyEnergyStar: company.energyStarAccess,
    opencloseaccounts: company.openCloseAccess,
    tickets: company.companyHasSupportAccess,
    archivedata: (company.archiveTableName ?? '').trim() !== '',
    contracts: true,
    reports: true,
  };
  const consultantAlways: PreviousArea[] = ['alerts', 'budgets', 'billdeliveries', 'billpay'];
  const limitedDenied: PreviousArea[] = [
    'alerts',
    'contracts',
    'budgets',
    'billpay',
    'reports',
    'opencloseaccounts',
  ];
  if (roles.isConsultant) return consultantAlways.includes(area) || opens[area];
  if (roles.isLimitedClient && limitedDenied.includes(area)) return false;
  return opens[area];
}

const COMPANIES = everyCompany();

/** The users and companies for which `holds` is true, named for a failure message. */
function casesWhere(holds: (role: RoleName, company: NavCompany) => boolean): string[] {
  return ROLE_NAMES.flatMap((role) =>
    COMPANIES.filter((company) => holds(role, company)).map(
      (company) => `${role} ${JSON.stringify(company)}`,
    ),
  );
}

describe('the area rule on client and server', () => {
  it.each(AREA_KEYS.map((area) => [area]))(
    '%s: the server opens it exactly when the sidebar shows it and its guard lets in',
    (area) => {
      const disagreements = casesWhere((role, company) => {
        const server = canUseArea(callerOf(role), companyRow(company), area);
        const context = { roles: ROLES[role], company };
        const isShown = sidebarEntries(context).some((entry) => entry.key === area);
        const isLetIn = guardOutcome({ area, page: AREAS[area].path }, context) !== 'deny';
        return isShown !== server || isLetIn !== server;
      });
      expect(disagreements).toEqual([]);
    },
  );

  it.each(PREVIOUS_SERVER_AREAS.map((area) => [area]))(
    '%s: the server answers as its own rule did',
    (area) => {
      const changed = casesWhere(
        (role, company) =>
          canUseArea(callerOf(role), companyRow(company), area) !== previousServerRule(role, company, area),
      );
      expect(changed).toEqual([]);
    },
  );

  it('tries cases the rule tells apart: each area but the four always shown is open to some, closed to others', () => {
    const ALWAYS_OPEN: AreaKey[] = ['locations', 'accounts', 'bills', 'contacts'];
    const total = ROLE_NAMES.length * COMPANIES.length;
    for (const area of AREA_KEYS) {
      const opened = casesWhere((role, company) =>
        canUseArea(callerOf(role), companyRow(company), area),
      ).length;
      // [open to someone, closed to someone]
      const expected = ALWAYS_OPEN.includes(area) ? [true, false] : [true, true];
      expect([opened > 0, opened < total], area).toEqual(expected);
    }
  });

  it.each(AREA_KEYS.map((area) => [area]))(
    '%s: the server lets write exactly who gets the area’s editable page (not its read-only page)',
    (area) => {
      const disagreements = casesWhere((role, company) => {
        const writes = canUseArea(callerOf(role), companyRow(company), area, true);
        const context = { roles: ROLES[role], company };
        const isEditable = guardOutcome({ area, page: AREAS[area].path }, context) === 'allow';
        return writes !== isEditable;
      });
      expect(disagreements).toEqual([]);
    },
  );

  it('keeps clients to reading alerts where the guard sends them to /alertsro', () => {
    const readOnly = casesWhere(
      (role, company) =>
        canUseArea(callerOf(role), companyRow(company), 'alerts') &&
        !canUseArea(callerOf(role), companyRow(company), 'alerts', true),
    );
    expect(readOnly.length).toBeGreaterThan(0);
    expect(
      readOnly.every((name) => !name.startsWith('consultant') && !name.startsWith('superConsultant')),
    ).toBe(true);
  });
});
