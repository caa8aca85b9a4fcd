/** What the signed-in user may do, derived once from the token's role claim. */
export type Roles = {
  readonly isSuperConsultant: boolean;
  readonly isConsultant: boolean;
  readonly isLimitedClient: boolean;
  readonly isAdmin: boolean;
  readonly isClient: boolean;
};

// Spaces, underscores and hyphens are dropped so 'Super Consultant', 'super_consultant' and
// 'superconsultant' (all seen in identity providers) name the same role.
function normalizeRole(role: string): string {
  return role
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

// A string claim may carry several roles comma-separated (some providers flatten arrays that way);
// no role name contains a comma, so splitting is safe.
function claimRoles(claim: string | readonly string[] | undefined): Set<string> {
  if (claim === undefined) return new Set();
  const parts = typeof claim === 'string' ? claim.split(',') : claim;
  return new Set(parts.map(normalizeRole).filter((role) => role !== ''));
}

/** Reads the token's role claim; client-only badges are ignored on consultants so the flags never conflict. */
export function parseRoles(claim: string | readonly string[] | undefined): Roles {
  const roles = claimRoles(claim);
  const isSuperConsultant = roles.has('superconsultant');
  const isConsultant = isSuperConsultant || roles.has('consultant');
  const isClient = !isConsultant;
  return {
    isSuperConsultant,
    isConsultant,
    isLimitedClient: isClient && roles.has('limitedclient'),
    isAdmin: isClient && roles.has('admin'),
    isClient,
  };
}
