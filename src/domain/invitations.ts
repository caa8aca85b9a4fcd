// Who may invite whom (spec 000 §2 /inviteuser, §6 roles; docs/architecture.md §6): the role choices of the Invite
// User page and the server's check of `POST /api/invite`, from one table, so they cannot disagree.
import type { Roles } from './roles';

/** A role an invitation can give, as the page offers it, with the role strings the new user gets. */
export interface RoleChoice {
  readonly label: string;
  readonly roles: readonly string[];
  /** Makes a consultant (reaches many companies): only a super consultant may give it. */
  readonly isConsultantRole: boolean;
}

/** Every role choice, most common first. An admin is a client who also administers the company. */
export const ROLE_CHOICES: readonly RoleChoice[] = [
  { label: 'Client', roles: ['Client'], isConsultantRole: false },
  { label: 'Limited Client', roles: ['Limited Client'], isConsultantRole: false },
  { label: 'Admin', roles: ['Client', 'Admin'], isConsultantRole: false },
  { label: 'Consultant', roles: ['Consultant'], isConsultantRole: true },
  { label: 'Super Consultant', roles: ['Super Consultant'], isConsultantRole: true },
];

const CONSULTANT_ROLES: ReadonlySet<string> = new Set(['super consultant', 'consultant']);

/** Whether the inviter may invite at all: consultants and admins (docs/architecture.md §6). */
export function canInvite(inviter: Pick<Roles, 'isConsultant' | 'isAdmin'>): boolean {
  return inviter.isConsultant || inviter.isAdmin;
}

/** Whether the inviter may give these roles (a consultant role needs a super consultant). */
export function mayGrantRoles(
  inviter: Pick<Roles, 'isConsultant' | 'isAdmin' | 'isSuperConsultant'>,
  roles: readonly string[],
): boolean {
  if (!canInvite(inviter)) return false;
  return inviter.isSuperConsultant || !roles.some((role) => CONSULTANT_ROLES.has(role.toLowerCase()));
}

/** The role choices the inviter may give, in the table's order. */
export function roleChoicesFor(
  inviter: Pick<Roles, 'isConsultant' | 'isAdmin' | 'isSuperConsultant'>,
): RoleChoice[] {
  return ROLE_CHOICES.filter((choice) => mayGrantRoles(inviter, choice.roles));
}

/** The page's name of an invitation's roles ('Admin' for Client + Admin), or the roles joined. */
export function roleLabel(roles: readonly string[]): string {
  const key = [...roles].sort().join('|');
  return ROLE_CHOICES.find((choice) => [...choice.roles].sort().join('|') === key)?.label ?? roles.join(', ');
}

/** Whether an email address looks deliverable enough to invite (the server's `format: email` decides finally). */
export function isEmailAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim()) && text.trim().length <= 254;
}
