// Roles and companies for the area rules' tests (src/domain/nav.ts): the domain table, the router built from the
// area modules and the server's access hook are all checked against the same contexts.
import type { NavCompany, NavContext } from '../../src/domain/nav';
import { parseRoles } from '../../src/domain/roles';

/** One user of every kind the rules tell apart. */
export const ROLES = {
  superConsultant: parseRoles('super consultant'),
  consultant: parseRoles('consultant'),
  admin: parseRoles('admin'),
  client: parseRoles(undefined),
  limited: parseRoles('limited client'),
} as const;
/** A kind of user. */
export type RoleName = keyof typeof ROLES;
/** Every kind of user. */
export const ROLE_NAMES: readonly RoleName[] = [
  'superConsultant',
  'consultant',
  'admin',
  'client',
  'limited',
];

/** A company with every flag on and an archive. */
export const ON: NavCompany = {
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
/** A company with every flag off and no archive. */
export const OFF: NavCompany = {
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
/** An accounts-payable client (company type 2) with no flags. */
export const AP_CLIENT: NavCompany = { ...OFF, companyTypeId: 2 };

/** The context of a kind of user in a company. */
export const ctx = (role: RoleName, company: NavCompany): NavContext => ({ roles: ROLES[role], company });

const FLAGS = [
  'alertsAccess',
  'budgetsAccess',
  'apAccess',
  'billPayAccess',
  'openCloseAccess',
  'energyStarAccess',
  'companyHasSupportAccess',
] as const;

/**
 * Every combination of the company's flags, company type (1, 2) and archive name (none, blank, a table): 2^7 × 2 × 3
 * companies, so a rule cannot hide a case behind the few fixtures above.
 */
export function everyCompany(): NavCompany[] {
  const companies: NavCompany[] = [];
  for (let bits = 0; bits < 2 ** FLAGS.length; bits += 1) {
    const flags = Object.fromEntries(FLAGS.map((flag, i) => [flag, (bits & (1 << i)) !== 0]));
    for (const companyTypeId of [1, 2])
      for (const archiveTableName of [null, '  ', 'archive_7'])
        companies.push({ ...OFF, ...flags, companyTypeId, archiveTableName });
  }
  return companies;
}
