import { sql } from 'drizzle-orm';
import { insertRows } from '../db/insertRows';
import type { Tx } from '../db/tx';
import { tombstones } from '../db/schema';
import type { SyncedEntity } from './entities';

/**
 * Bumps the company's version inside the caller's transaction and returns it. The upsert takes the
 * row lock of `company_sync`, which serialises the company's writers: versions commit in order, so a
 * change-feed reader never passes a version that commits later (docs/architecture.md §4).
 */
export async function bumpCompanyVersion(tx: Tx, companyId: number): Promise<number> {
  const result = await tx.execute<{ version: string | number }>(sql`
    insert into company_sync (company_id, version) values (${companyId}, 1)
    on conflict (company_id) do update set version = company_sync.version + 1
    returning version`);
  const row = result.rows[0];
  if (!row) throw new Error(`company_sync bump returned no row for company ${companyId}`);
  return Number(row.version);
}

/** Reserves `count` consecutive versions at once (bulk writers such as the seed); returns the first. */
export async function reserveCompanyVersions(tx: Tx, companyId: number, count: number): Promise<number> {
  const result = await tx.execute<{ version: string | number }>(sql`
    insert into company_sync (company_id, version) values (${companyId}, ${count})
    on conflict (company_id) do update set version = company_sync.version + ${count}
    returning version`);
  const row = result.rows[0];
  if (!row) throw new Error(`company_sync reserve returned no row for company ${companyId}`);
  return Number(row.version) - count + 1;
}

/** Records a deletion so clients that synced the row remove it. */
export async function writeTombstone(
  tx: Tx,
  companyId: number,
  entity: SyncedEntity,
  entityId: string,
  version: number,
): Promise<void> {
  await tx.insert(tombstones).values({ companyId, entity, entityId, version });
}

/** Records many deletions of one entity at once (server/src/db/insertRows.ts). */
export async function writeTombstones(
  tx: Tx,
  companyId: number,
  entity: SyncedEntity,
  entityIds: readonly string[],
  version: number,
): Promise<void> {
  await insertRows(
    tx,
    tombstones,
    entityIds.map((entityId) => ({ companyId, entity, entityId, version })),
  );
}
