// Sessions (docs/architecture.md §5): a short-lived access token plus an opaque refresh token kept in an
// httpOnly cookie. Refresh tokens rotate on every use and are linked by family, so presenting a
// token that was already rotated (a stolen copy, or the thief's) revokes the whole family.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { refreshTokens, userRoles, users } from '../db/schema';
import { signAccessToken } from './tokens';

/** Name of the refresh cookie. */
export const REFRESH_COOKIE = 'get_refresh';
/** The cookie is only ever sent to the refresh call. */
export const REFRESH_COOKIE_PATH = '/api/refresh';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The user fields a session needs. */
export interface SessionUser {
  id: number;
  companyId: number;
  isActive: boolean;
}

/** Outcome of presenting a refresh token. */
export type RefreshOutcome =
  | { ok: true; accessToken: string; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'inactive' };

/** sha256 of a refresh token; only the hash is stored, so a database leak yields no usable tokens. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The role strings of a user, as the access token carries them. */
export async function rolesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role).sort();
}

async function insertRefreshToken(
  db: Db,
  config: ServerConfig,
  userId: number,
  familyId: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    familyId,
    userId,
    tokenHash: hashRefreshToken(token),
    expiresAt: new Date(Date.now() + config.refreshTokenTtlDays * DAY_MS).toISOString(),
  });
  return token;
}

async function accessTokenFor(
  db: Db,
  config: ServerConfig,
  user: SessionUser,
  familyId: string,
): Promise<string> {
  return signAccessToken(config, {
    userId: user.id,
    companyId: user.companyId,
    role: await rolesOf(db, user.id),
    sid: familyId,
  });
}

/** Starts a session (new refresh family) after login, 2FA or SSO. */
export async function startSession(
  db: Db,
  config: ServerConfig,
  user: SessionUser,
): Promise<{ accessToken: string; refreshToken: string }> {
  const familyId = randomUUID();
  const refreshToken = await insertRefreshToken(db, config, user.id, familyId);
  return { accessToken: await accessTokenFor(db, config, user, familyId), refreshToken };
}

/** Revokes every live token of a refresh family (logout, or reuse detected). */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a session is still signed in: some token of its refresh family is not revoked. Logout, a detected reuse and
 * a password reset revoke the family, so the access tokens naming it stop working at once (docs/architecture.md §5).
 * One lookup on the family index; the answer lives in the database, so every server process sees a logout at once.
 */
export async function isSessionLive(db: Db, familyId: string): Promise<boolean> {
  if (!UUID.test(familyId)) return false;
  // A user made inactive is signed out at once too: the session lives only while its user is active.
  const [row] = await db
    .select({ live: sql<number>`1` })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(
      and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt), eq(users.isActive, true)),
    )
    .limit(1);
  return row !== undefined;
}

/** Revokes every session of a user (password reset). */
export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * How long a rotated refresh token may still be exchanged. A rotation whose answer never reached the browser (a tab
 * closed or reloaded mid-refresh, a dropped connection on a slow link) leaves the browser with the old cookie; two
 * tabs may also present one cookie at once. Within this window the old token gets another token of its family, and
 * the other live tokens stay valid; after it, presenting a rotated token is reuse and revokes the family. The
 * "reuse interval" of common token services; a minute covers a slow link's round trips without leaving a stolen
 * old token useful for long.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 60;

/** Exchanges a refresh token for a new access token and a new refresh token of the same family. */
export async function rotateRefreshToken(
  db: Db,
  config: ServerConfig,
  token: string,
): Promise<RefreshOutcome> {
  const [row] = await db
    .select({
      ...getTableColumns(refreshTokens),
      expired: sql<boolean>`${refreshTokens.expiresAt} <= now()`,
      inGrace: sql<boolean>`coalesce(${refreshTokens.rotatedAt} > now() - ${sql.raw(`interval '${REFRESH_REUSE_GRACE_SECONDS} seconds'`)}, false)`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.rotatedAt && !row.inGrace) {
    await revokeFamily(db, row.familyId);
    return { ok: false, reason: 'reused' };
  }
  if (row.expired) return { ok: false, reason: 'expired' };
  const [user] = await db
    .select({ id: users.id, companyId: users.companyId, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!user?.isActive) {
    await revokeFamily(db, row.familyId);
    return { ok: false, reason: 'inactive' };
  }
  if (!row.rotatedAt) {
    // Claim the token in one conditional update: of two concurrent presentations one rotates it, and the other
    // finds it rotated a moment ago, within the grace window, unless it was revoked meanwhile.
    const claimed = await db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
      .returning({ revokedAt: refreshTokens.revokedAt });
    const [now] =
      claimed.length > 0
        ? claimed
        : await db
            .select({ revokedAt: refreshTokens.revokedAt })
            .from(refreshTokens)
            .where(eq(refreshTokens.id, row.id));
    if (!now || now.revokedAt) return { ok: false, reason: 'revoked' };
  }
  const refreshToken = await insertRefreshToken(db, config, user.id, row.familyId);
  return { ok: true, accessToken: await accessTokenFor(db, config, user, row.familyId), refreshToken };
}

/** Sets the refresh cookie: httpOnly, SameSite=Strict, Secure on HTTPS, scoped to the refresh call. */
export function setRefreshCookie(reply: FastifyReply, config: ServerConfig, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.secureCookies,
    path: REFRESH_COOKIE_PATH,
    maxAge: config.refreshTokenTtlDays * 24 * 60 * 60,
  });
}

/** Removes the refresh cookie from the browser. */
export function clearRefreshCookie(reply: FastifyReply, config: ServerConfig): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.secureCookies,
    path: REFRESH_COOKIE_PATH,
  });
}
