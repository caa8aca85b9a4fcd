import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, consultantCompanyAccess } from '../db/schema';
import { SYNCED_TABLES } from '../sync/entities';
import type { SyncedTable, SyncedTableName } from '../sync/entities';

/** A company row with its access flags, as the access rule reads it. */
export type CompanyRow = typeof companies.$inferSelect;

/**
 * Entities a route may name by id (`/accounts/nickname/:id`): every synced entity but the users list, whose ids are
 * numbers; the access rule reads the row's company through the feed's table map.
 */
export type EntityName = Exclude<SyncedTableName, 'companyUsers'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Loads a company by id, or null. */
export async function companyById(db: Db, id: number): Promise<CompanyRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row ?? null;
}

/** The company owning an entity, or null when the id is malformed or unknown. */
export async function entityCompanyId(db: Db, entity: EntityName, id: string): Promise<number | null> {
  if (!UUID.test(id)) return null;
  const entry: SyncedTable = SYNCED_TABLES[entity];
  const [row] = await db.select({ companyId: entry.companyId }).from(entry.table).where(eq(entry.id, id));
  return typeof row?.companyId === 'number' ? row.companyId : null;
}

/** Whether a consultant was granted access to a company. */
export async function isGrantedCompany(db: Db, userId: number, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ companyId: consultantCompanyAccess.companyId })
    .from(consultantCompanyAccess)
    .where(and(eq(consultantCompanyAccess.userId, userId), eq(consultantCompanyAccess.companyId, companyId)));
  return row !== undefined;
}
