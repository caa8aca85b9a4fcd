// The Users page's rules (spec 001 §6 roles and consultant access; spec 000 §3 company access flags): which roles
// exist, which flags a super consultant may set on a company, and the one removal that is refused — shared by the
// page and the server, so the page never offers what the server refuses.

/** The roles of spec 000 §6, as stored. */
export const USER_ROLES = ['Super Consultant', 'Consultant', 'Admin', 'Client', 'Limited Client'] as const;

/** A role as stored. */
export type UserRole = (typeof USER_ROLES)[number];

/** Whether a text is one of the roles. */
export function isUserRole(text: string): text is UserRole {
  return (USER_ROLES as readonly string[]).includes(text);
}

/** The company access flags of spec 000 §3, with the words the page shows. */
export const COMPANY_ACCESS_FLAGS = [
  { key: 'alertsAccess', label: 'Alerts' },
  { key: 'budgetsAccess', label: 'Budgets' },
  { key: 'apAccess', label: 'AP (bill deliveries)' },
  { key: 'billPayAccess', label: 'Bill Pay' },
  { key: 'openCloseAccess', label: 'Open/Close Accounts' },
  { key: 'energyStarAccess', label: 'ENERGY STAR' },
  { key: 'isEsActive', label: 'ENERGY STAR active' },
  { key: 'companyHasSupportAccess', label: 'Company Support' },
  { key: 'sustainabilityAccess', label: 'Sustainability' },
  { key: 'accrualsAccess', label: 'Accruals' },
  { key: 'weatherNormalizationAccess', label: 'Weather normalization' },
  { key: 'susScopeTooltipAccess', label: 'Sustainability scope tooltips' },
] as const;

/** The key of a company access flag. */
export type CompanyAccessFlag = (typeof COMPANY_ACCESS_FLAGS)[number]['key'];

/** The flags of a company. */
export type CompanyAccessFlags = Record<CompanyAccessFlag, boolean>;

/** Why a role cannot be removed, or null when it can. */
export function roleRemovalProblem(input: {
  actorId: number;
  targetId: number;
  role: string;
  /** Users holding the Super Consultant role now, the target included. */
  superConsultantCount: number;
}): string | null {
  if (input.role !== 'Super Consultant') return null;
  if (input.actorId === input.targetId) return 'You cannot remove your own Super Consultant role';
  if (input.superConsultantCount <= 1) return 'The last Super Consultant role cannot be removed';
  return null;
}

/** Whether a user with these roles may be granted company access (consultants only; super consultants reach all). */
export function takesCompanyAccess(roles: readonly string[]): boolean {
  return roles.includes('Consultant') && !roles.includes('Super Consultant');
}

/** The audit line of a change, in a person's words. */
export type UserAdminAction =
  | { kind: 'addRole'; role: string }
  | { kind: 'removeRole'; role: string }
  | { kind: 'grantAccess'; companyName: string }
  | { kind: 'revokeAccess'; companyName: string }
  | { kind: 'setFlags'; changes: readonly { label: string; value: boolean }[] }
  | { kind: 'setAuditThresholds'; changes: readonly { label: string; value: number | null }[] };

/** What the audit shows of an action. */
export function auditText(action: UserAdminAction): string {
  switch (action.kind) {
    case 'addRole':
      return `Added role ${action.role}`;
    case 'removeRole':
      return `Removed role ${action.role}`;
    case 'grantAccess':
      return `Granted access to ${action.companyName}`;
    case 'revokeAccess':
      return `Revoked access to ${action.companyName}`;
    case 'setFlags':
      return action.changes.length === 0
        ? 'Saved company access (no change)'
        : `Company access: ${action.changes.map((change) => `${change.label} ${change.value ? 'on' : 'off'}`).join(', ')}`;
    case 'setAuditThresholds':
      return action.changes.length === 0
        ? 'Saved bill audit thresholds (no change)'
        : `Bill audit thresholds: ${action.changes.map((change) => `${change.label} ${change.value === null ? 'default' : change.value}`).join(', ')}`;
  }
}
