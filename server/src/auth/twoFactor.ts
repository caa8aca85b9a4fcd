// TOTP two-factor sign-in: login answers a short-lived signed challenge instead of a session;
// /api/verify2fa trades the challenge plus a current code for the session.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { Secret, TOTP } from 'otpauth';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { totpSecrets } from '../db/schema';

/** A challenge is good for five minutes. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
// A distinct audience keeps challenges and access tokens (same key) from standing in for each other.
const CHALLENGE_AUDIENCE = 'get:2fa';
const PERIOD_SECONDS = 30;

/** The TOTP generator of a base32 secret with the settings every authenticator app uses. */
export function totpFor(base32Secret: string): TOTP {
  return new TOTP({
    issuer: 'GET Energy Portal',
    secret: Secret.fromBase32(base32Secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });
}

/** Whether a user has two-factor switched on. */
export async function hasTwoFactor(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabled: totpSecrets.enabled })
    .from(totpSecrets)
    .where(eq(totpSecrets.userId, userId));
  return row?.enabled === true;
}

/** Signs the challenge a password login answers when two-factor is on. */
export async function signChallenge(config: ServerConfig, userId: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setAudience(CHALLENGE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS)
    .sign(config.jwtSecret);
}

/** The user id of a valid, unexpired challenge, or null. */
export async function verifyChallenge(config: ServerConfig, challenge: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(challenge, config.jwtSecret, {
      algorithms: ['HS256'],
      audience: CHALLENGE_AUDIENCE,
    });
    const userId = Number(payload.sub);
    return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
  } catch {
    return null;
  }
}

/**
 * Checks a code against the user's enabled secret (one step of drift either way) and records its
 * time step, so the same code cannot be used twice even inside its window.
 */
export async function acceptTotpCode(db: Db, userId: number, code: string): Promise<boolean> {
  const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId));
  if (!row?.enabled) return false;
  let delta: number | null;
  try {
    delta = totpFor(row.secret).validate({ token: code, window: 1 });
  } catch {
    // A malformed stored secret fails closed rather than as a server error.
    return false;
  }
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 1000 / PERIOD_SECONDS) + delta;
  const claimed = await db
    .update(totpSecrets)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(totpSecrets.userId, userId),
        or(isNull(totpSecrets.lastUsedStep), lt(totpSecrets.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpSecrets.userId });
  return claimed.length > 0;
}
