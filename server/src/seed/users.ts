// Demo users (docs/architecture.md §8): one per role and company the README lists, all with the same demo password.
import { hashPassword } from '../auth/passwords';
import type { consultantCompanyAccess, reportFilters, totpSecrets, userRoles, users } from '../db/schema';
import type { SyncedInsert } from './bulkInsert';
import type { RowOf } from './context';
import { addMonths } from '../../../src/domain/totals';
import { COMPANY_IDS } from './plans';

/** Password of every demo user (meets the spec's rule: 8-15 characters, letter, digit, special). */
export const DEMO_PASSWORD = 'Demo@2026!';

/** Fixed base32 TOTP secret of mfa@northwind.demo, so the README can print it for authenticator apps. */
export const DEMO_MFA_SECRET = 'GETDEMOMFANORTHWINDTOTPSECRETKEY';

/** A demo user: fixed id, home company, roles and the companies a consultant is granted. */
export interface DemoUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  companyId: number;
  roles: readonly string[];
  description: string;
  grants: readonly number[];
  hasMfa: boolean;
}

function user(
  id: number,
  email: string,
  name: readonly [string, string],
  companyId: number,
  roles: readonly string[],
  description: string,
  extra: { grants?: readonly number[]; hasMfa?: boolean } = {},
): DemoUser {
  const [firstName, lastName] = name;
  return {
    id,
    email,
    firstName,
    lastName,
    companyId,
    roles,
    description,
    grants: extra.grants ?? [],
    hasMfa: extra.hasMfa ?? false,
  };
}

const { consultancy, northwind, harbor, summit } = COMPANY_IDS;

/** Every demo user, in id order. */
export const DEMO_USERS: readonly DemoUser[] = [
  user(
    1,
    'super@get.demo',
    ['Morgan', 'Reyes'],
    consultancy,
    ['Super Consultant'],
    'Super Consultant — every company',
  ),
  user(
    2,
    'consultant@get.demo',
    ['Jordan', 'Patel'],
    consultancy,
    ['Consultant'],
    'Consultant — Northwind Retail, Harbor Foods, Summit Health',
    {
      grants: [northwind, harbor, summit],
    },
  ),
  user(
    3,
    'admin@northwind.demo',
    ['Elena', 'Castillo'],
    northwind,
    ['Client', 'Admin'],
    'Client + Admin — Northwind Retail',
  ),
  user(
    4,
    'client@northwind.demo',
    ['Marcus', 'Holloway'],
    northwind,
    ['Client'],
    'Client — Northwind Retail',
  ),
  user(
    5,
    'limited@northwind.demo',
    ['Riley', 'Dawson'],
    northwind,
    ['Limited Client'],
    'Limited Client — Northwind Retail',
  ),
  user(
    6,
    'client@harbor.demo',
    ['Grace', 'Okafor'],
    harbor,
    ['Client'],
    'Client — Harbor Foods (accounts-payable client)',
  ),
  user(7, 'client@summit.demo', ['Owen', 'Nakamura'], summit, ['Client'], 'Client — Summit Health'),
  user(
    8,
    'mfa@northwind.demo',
    ['Priya', 'Lindqvist'],
    northwind,
    ['Client'],
    `Client with TOTP two-factor (secret ${DEMO_MFA_SECRET}) — Northwind Retail`,
    {
      hasMfa: true,
    },
  ),
];

/** The logins main.ts prints at start. */
export const DEMO_LOGINS: readonly { email: string; description: string }[] = DEMO_USERS.map(
  ({ email, description }) => ({
    email,
    description,
  }),
);

/** Hashes the demo password once per user (scrypt salts differ, so each user gets its own hash). */
export function hashDemoPasswords(): Promise<string[]> {
  return Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
}

/** Rows of the users, their roles, consultant grants and the MFA user's TOTP secret. */
export interface UserRows {
  users: SyncedInsert<typeof users>[];
  roles: RowOf<typeof userRoles>[];
  access: RowOf<typeof consultantCompanyAccess>[];
  totp: RowOf<typeof totpSecrets>[];
  /** Saved report filters (synced: the writer gives them their versions). */
  reportFilters: SyncedInsert<typeof reportFilters>[];
}

/**
 * Builds the user rows; `hashes` are in DEMO_USERS order, `createdAt` keeps the rows clock-free, and the admin's
 * saved report filters cover the 12 months up to `lastMonth` (`YYYY-MM`, the seed's latest bill month).
 */
export function demoUserRows(
  hashes: readonly string[],
  createdAt: string,
  filterIds: readonly string[],
  lastMonth: string,
): UserRows {
  const rows: UserRows = { users: [], roles: [], access: [], totp: [], reportFilters: [] };
  DEMO_USERS.forEach((demo, i) => {
    rows.users.push({
      id: demo.id,
      email: demo.email,
      firstName: demo.firstName,
      lastName: demo.lastName,
      passwordHash: hashes[i] ?? null,
      companyId: demo.companyId,
      isActive: true,
      createdAt,
      updatedAt: createdAt,
    });
    for (const role of demo.roles) rows.roles.push({ userId: demo.id, role });
    for (const companyId of demo.grants)
      rows.access.push({ userId: demo.id, companyId, grantedAt: createdAt });
    if (demo.hasMfa)
      rows.totp.push({
        userId: demo.id,
        secret: DEMO_MFA_SECRET,
        enabled: true,
        lastUsedStep: null,
        createdAt,
      });
  });
  const admin = DEMO_USERS[2];
  const firstMonth = addMonths(lastMonth, -11);
  if (admin) {
    rows.reportFilters.push(
      {
        id: filterIds[0],
        companyId: admin.companyId,
        userId: admin.id,
        name: 'Texas electric usage',
        reportType: 'usageByMonth',
        jsonFilter: { fromMonth: firstMonth, toMonth: lastMonth, states: ['TX'], serviceTypes: ['electric'] },
        createdAt,
        updatedAt: createdAt,
      },
      {
        id: filterIds[1],
        companyId: admin.companyId,
        userId: admin.id,
        name: 'Late fees, all services',
        reportType: 'chargesByMonth',
        jsonFilter: { fromMonth: firstMonth, toMonth: lastMonth, chargeTypes: ['Late Fee'] },
        createdAt,
        updatedAt: createdAt,
      },
    );
  }
  return rows;
}

/** A demo user's full name, as rows that carry their author's name store it; null for no or an unknown user. */
export function demoUserName(id: number | null): string | null {
  const user = DEMO_USERS.find((candidate) => candidate.id === id);
  return user ? `${user.firstName} ${user.lastName}` : null;
}

/** Authors of notes and tickets in a company: the consultant only where granted, else the super consultant. */
export function staffFor(companyId: number): { superId: number; consultantId: number; clientIds: number[] } {
  const consultant = DEMO_USERS.find((u) => u.roles.includes('Consultant'));
  const granted = consultant?.grants.includes(companyId) === true;
  return {
    superId: 1,
    consultantId: granted && consultant ? consultant.id : 1,
    clientIds: DEMO_USERS.filter((u) => u.companyId === companyId && !u.roles.includes('Limited Client')).map(
      (u) => u.id,
    ),
  };
}
