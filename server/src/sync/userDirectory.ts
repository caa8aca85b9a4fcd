// The company's users list (the `companyUsers` entity, server/src/sync/entities.ts) is served from the users table
// itself: a change to what it shows (name, email, active flag, roles) must stamp the user's row with a new version of
// the company, inside the writing transaction, or the change feed never sends it (docs/architecture.md §4, §14).
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/tx';
import { users } from '../db/schema';
import { bumpCompanyVersion } from './versioning';

/**
 * Stamps users with a new version of their company, one version per company, so the users list of that company
 * serves them again. Call it in the transaction that changes their names, emails, active flags or roles.
 */
export async function touchUsers(tx: Tx, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await tx
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  const byCompany = new Map<number, number[]>();
  for (const row of rows) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row.id]);
  for (const [companyId, ids] of byCompany) {
    const version = await bumpCompanyVersion(tx, companyId);
    await tx
      .update(users)
      .set({ version, updatedAt: sql`now()` })
      .where(inArray(users.id, ids));
  }
}

/** The version a new user of a company is inserted with (its roles, inserted in the same transaction, go with it). */
export function newUserVersion(tx: Tx, companyId: number): Promise<number> {
  return bumpCompanyVersion(tx, companyId);
}
