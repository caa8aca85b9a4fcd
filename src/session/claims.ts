import { parseRoles } from '../domain/roles';
import type { Roles } from '../domain/roles';

/** What the app knows about the signed-in user, read from the access token's claims. */
export interface SessionInfo {
  userId: number;
  companyId: number;
  /** The role claim as issued (a string or a list, matched case-insensitively). */
  roleClaim: string[];
}

/** Roles of a session, derived from its claim. */
export function sessionRoles(session: SessionInfo): Roles {
  return parseRoles(session.roleClaim);
}

function base64UrlDecode(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the claims of an access token. The server verifies the signature on every call; the client
 * only needs the claims to shape the UI, so no verification here.
 */
export function decodeAccessToken(token: string): SessionInfo | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    if (typeof claims !== 'object' || claims === null) return null;
    const { userId, companyId, role } = claims as Record<string, unknown>;
    if (typeof userId !== 'number' || typeof companyId !== 'number') return null;
    const roleClaim =
      typeof role === 'string'
        ? [role]
        : Array.isArray(role)
          ? role.filter((r) => typeof r === 'string')
          : [];
    return { userId, companyId, roleClaim };
  } catch {
    return null;
  }
}
