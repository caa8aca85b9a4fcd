// Password sign-in and the user lookups the auth calls share.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword, verifyPassword } from './passwords';

/** The user columns auth reads. */
export type AuthUser = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'companyId' | 'isActive' | 'passwordHash'
>;

const AUTH_USER_COLUMNS = {
  id: users.id,
  email: users.email,
  companyId: users.companyId,
  isActive: users.isActive,
  passwordHash: users.passwordHash,
};

/** Emails are compared lower-cased and trimmed, as they are stored. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user with this email (any case), or null. */
export async function findUserByEmail(db: Db, email: string): Promise<AuthUser | null> {
  const [row] = await db
    .select(AUTH_USER_COLUMNS)
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`);
  return row ?? null;
}

/** The user with this id, or null. */
export async function findUserById(db: Db, id: number): Promise<AuthUser | null> {
  const [row] = await db.select(AUTH_USER_COLUMNS).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The user with this email in one company, or null (SSO: a client's IdP speaks only for its company). */
export async function findCompanyUserByEmail(
  db: Db,
  email: string,
  companyId: number,
): Promise<AuthUser | null> {
  const [row] = await db
    .select(AUTH_USER_COLUMNS)
    .from(users)
    .where(and(sql`lower(${users.email}) = ${normalizeEmail(email)}`, eq(users.companyId, companyId)));
  return row ?? null;
}

// Unknown emails are compared against this hash so they cost as much time as a wrong password.
let dummyHash: Promise<string> | null = null;

/** The active user these credentials belong to, or null; the same work is done whatever fails. */
export async function checkCredentials(db: Db, email: string, password: string): Promise<AuthUser | null> {
  const user = await findUserByEmail(db, email);
  dummyHash ??= hashPassword('dummy-password-for-timing');
  const stored = user?.passwordHash ?? (await dummyHash);
  const matches = await verifyPassword(password, stored);
  return user && user.passwordHash && matches && user.isActive ? user : null;
}
