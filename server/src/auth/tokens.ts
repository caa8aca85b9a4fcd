import { SignJWT, jwtVerify } from 'jose';
import { BoundedMap } from '../boundedMap';
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

/**
 * Tokens whose signature held, per secret, with their claims and expiry. Checking an HS256 signature through WebCrypto
 * costs ~0.3 ms of the event loop, on every request of every device (bench:load at 300 devices: 5 % of a server
 * process's loop); a token's signature checks the same every time, so it is checked once and its expiry on each use.
 * The least recently used are dropped first past `VERIFIED_TOKENS` (a token lives 10 minutes).
 */
const verified = new WeakMap<Uint8Array, BoundedMap<string, { claims: AccessClaims; expiresAt: number }>>();
const VERIFIED_TOKENS = 10_000;

/** Verifies signature and expiry; null for anything invalid (the caller answers 401). */
export async function verifyAccessToken(config: ServerConfig, token: string): Promise<AccessClaims | null> {
  const known = verified.get(config.jwtSecret)?.use(token);
  if (known) return Date.now() < known.expiresAt ? known.claims : null;
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
    const claims = { userId, companyId, role: roles, ...(typeof sid === 'string' ? { sid } : {}) };
    const tokens =
      verified.get(config.jwtSecret) ??
      new BoundedMap<string, { claims: AccessClaims; expiresAt: number }>(VERIFIED_TOKENS);
    verified.set(config.jwtSecret, tokens);
    // jose's own rule: a token without `exp` does not expire.
    tokens.set(token, { claims, expiresAt: payload.exp === undefined ? Infinity : payload.exp * 1000 });
    return claims;
  } catch {
    return null;
  }
}
