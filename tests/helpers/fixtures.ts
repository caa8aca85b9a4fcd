import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../server/src/auth/passwords';
import { signAccessToken } from '../../server/src/auth/tokens';
import type { ServerConfig } from '../../server/src/config';
import type { Db } from '../../server/src/db/client';
import { companies, consultantCompanyAccess, userRoles, users } from '../../server/src/db/schema';
import { newUserVersion } from '../../server/src/sync/userDirectory';
import { bumpCompanyVersion } from '../../server/src/sync/versioning';

type CompanyInsert = typeof companies.$inferInsert;

/** Inserts a company (all flags off unless given) and returns its id. */
export async function createCompany(
  db: Db,
  values: Partial<CompanyInsert> & { name: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(companies)
      .values({ version: 0, ...values })
      .returning({ id: companies.id });
    if (!row) throw new Error('company insert returned nothing');
    const version = await bumpCompanyVersion(tx, row.id);
    await tx.update(companies).set({ version }).where(eq(companies.id, row.id));
    return row.id;
  });
}

/** Inserts a user with roles and returns its id. */
export async function createUser(
  db: Db,
  values: {
    email?: string;
    companyId: number;
    roles: string[];
    password?: string;
    firstName?: string;
    lastName?: string;
  },
): Promise<{ id: number; email: string }> {
  const email = (values.email ?? `user-${randomUUID().slice(0, 8)}@test.example`).toLowerCase();
  const passwordHash = values.password ? await hashPassword(values.password) : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email,
        firstName: values.firstName ?? 'Test',
        lastName: values.lastName ?? 'User',
        companyId: values.companyId,
        passwordHash,
        // Users are synced to their company's users list (Contacts), like every write of the server stamps them.
        version: await newUserVersion(tx, values.companyId),
      })
      .returning({ id: users.id });
    if (!row) throw new Error('user insert returned nothing');
    if (values.roles.length > 0)
      await tx.insert(userRoles).values(values.roles.map((role) => ({ userId: row.id, role })));
    return { id: row.id, email };
  });
}

/** Grants a consultant access to a company. */
export async function grantCompany(db: Db, userId: number, companyId: number): Promise<void> {
  await db.insert(consultantCompanyAccess).values({ userId, companyId });
}

/** An access token for a user, signed like the login route does (skips the password round trip). */
export async function tokenFor(
  config: ServerConfig,
  user: { id: number; companyId: number; roles: string[] },
): Promise<string> {
  return signAccessToken(config, { userId: user.id, companyId: user.companyId, role: user.roles });
}
