// Running the server's migrations only up to a point, to test a data migration on rows an older server wrote.
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { DatabaseHandle } from '../../server/src/db/client';
import { MIGRATIONS_FOLDER } from '../../server/src/db/migrate';

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A copy of the migrations folder holding only the journal's first `count(stop)` migrations (remove it when done). */
function migrationsUpTo(tag: string, count: (stop: number) => number): string {
  const folder = mkdtempSync(join(tmpdir(), 'get-migrations-'));
  mkdirSync(join(folder, 'meta'));
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  if (stop < 0) throw new Error(`migration ${tag} is not in the journal`);
  const entries = journal.entries.slice(0, count(stop));
  for (const entry of entries)
    copyFileSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

/** A copy of the migrations folder holding only the migrations before `tag` (remove it when done). */
export function migrationsBefore(tag: string): string {
  return migrationsUpTo(tag, (stop) => stop);
}

/**
 * A copy holding the migrations up to and including `tag`: to check a migration's own result when later ones also
 * change the same rows (remove it when done).
 */
export function migrationsThrough(tag: string): string {
  return migrationsUpTo(tag, (stop) => stop + 1);
}

/** Applies the migrations of `migrationsFolder` to a test database. */
export async function migrateWith(handle: DatabaseHandle, migrationsFolder: string): Promise<void> {
  if (handle.kind === 'pglite') await migratePglite(handle.raw, { migrationsFolder });
  else await migrateNodePg(handle.raw, { migrationsFolder });
}

/** A company and one of its sites in raw SQL, as any older server wrote them: what an older account hangs on. */
export async function insertOldSite(
  handle: DatabaseHandle,
  companyVersion: number,
): Promise<{ companyId: number; locationId: string }> {
  const db = handle.db;
  const [company] = (
    await db.execute<{ id: number }>(
      sql`insert into companies (name, version) values ('Old Co', ${companyVersion}) returning id`,
    )
  ).rows;
  if (!company) throw new Error('no company');
  const locationId = randomUUID();
  await db.execute(sql`
    insert into locations (id, company_id, version, name, address, city, state, zip)
    values (${locationId}, ${company.id}, 1, 'Store', '1 Main St', 'Austin', 'TX', '78701')`);
  return { companyId: company.id, locationId };
}

/** A vendor and an account of an old site in raw SQL (versions 2): what an older bill hangs on. */
export async function insertOldAccount(
  handle: DatabaseHandle,
  site: { companyId: number; locationId: string },
): Promise<{ vendorId: string; accountId: string }> {
  const vendorId = randomUUID();
  const accountId = randomUUID();
  await handle.db.execute(sql`insert into vendors (id, name) values (${vendorId}, 'Old Power')`);
  await handle.db.execute(sql`
    insert into accounts (id, company_id, version, location_id, vendor_id, vendor_name, account_number)
    values (${accountId}, ${site.companyId}, 2, ${site.locationId}, ${vendorId}, 'Old Power', 'P-1')`);
  return { vendorId, accountId };
}
