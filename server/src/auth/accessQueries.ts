import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  accounts,
  alertNotes,
  alerts,
  bills,
  budgets,
  companies,
  companyDocuments,
  consultantCompanyAccess,
  contractDocuments,
  contracts,
  energyStarNotes,
  locations,
  meters,
  openCloseRequests,
  tags,
} from '../db/schema';

/** A company row with its access flags, as the access rule reads it. */
export type CompanyRow = typeof companies.$inferSelect;

/** Entities a route may name by id; the access rule reads their company. */
const ENTITY_TABLES = {
  locations,
  accounts,
  meters,
  bills,
  contracts,
  contractDocuments,
  companyDocuments,
  alerts,
  alertNotes,
  budgets,
  tags,
  openCloseRequests,
  energyStarNotes,
} satisfies Record<string, PgTable & { id: PgColumn; companyId: PgColumn }>;

/** Name of an entity whose id appears in a route. */
export type EntityName = keyof typeof ENTITY_TABLES;

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
  const table = ENTITY_TABLES[entity];
  const [row] = await db.select({ companyId: table.companyId }).from(table).where(eq(table.id, id));
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
