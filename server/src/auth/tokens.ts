import { SignJWT, jwtVerify } from 'jose';
import type { ServerConfig } from '../config';

/** Claims of an access token (docs/architecture.md §5): role is a string or an array. */
export interface AccessClaims {
  userId: number;
  companyId: number;
  role: string[];
  /** The refresh-token family of this session, so logout can revoke exactly it. */
  sid?: string;
}

/** Signs a short-lived access token (10 minutes by default). */
export async function signAccessToken(config: ServerConfig, claims: AccessClaims): Promise<string> {
  const sid = claims.sid === undefined ? {} : { sid: claims.sid };
  return new SignJWT({ role: claims.role, userId: claims.userId, companyId: claims.companyId, ...sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + config.accessTokenTtlSeconds)
    .sign(config.jwtSecret);
}

/** Verifies signature and expiry; null for anything invalid (the caller answers 401). */
export async function verifyAccessToken(config: ServerConfig, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, config.jwtSecret, { algorithms: ['HS256'] });
    const { userId, companyId, role, sid } = payload;
    if (typeof userId !== 'number' || typeof companyId !== 'number') return null;
    const roles =
      typeof role === 'string'
        ? [role]
        : Array.isArray(role)
          ? role.filter((r) => typeof r === 'string')
          : [];
    return { userId, companyId, role: roles, ...(typeof sid === 'string' ? { sid } : {}) };
  } catch {
    return null;
  }
}
