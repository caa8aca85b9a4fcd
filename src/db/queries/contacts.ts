// Contacts reads (spec 000 §2 /contacts): the company profile and, for viewers the change feed serves it to, the
// company's active users, from the device.
import type { AppDb } from '../schema';
import type { CompanyProfileRow, CompanyUserRow } from '../rows';

/** What the Contacts page shows. */
export interface CompanyContacts {
  profile: CompanyProfileRow | null;
  /** Active users by last then first name; empty for viewers the users list is not synced to. */
  users: CompanyUserRow[];
}

/** The company's profile and active users on this device. */
export async function companyContacts(db: AppDb, companyId: number): Promise<CompanyContacts> {
  const [profiles, users] = await Promise.all([
    db.companyProfiles.where('companyId').equals(companyId).toArray(),
    db.companyUsers.where('companyId').equals(companyId).toArray(),
  ]);
  return {
    profile: profiles[0] ?? null,
    users: users
      .filter((user) => user.isActive)
      .sort(
        (a, b) =>
          a.lastName.localeCompare(b.lastName) ||
          a.firstName.localeCompare(b.firstName) ||
          a.email.localeCompare(b.email),
      ),
  };
}
