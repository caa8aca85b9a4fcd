import { and, asc, eq, getTableColumns, gt, lte, notInArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, companySync, tombstones } from '../db/schema';
import { ApiError } from '../errors';
import type { Roles } from '../../../src/domain/roles';
import { isSyncedEntityName } from '../../../src/domain/syncProtocol';
import type { Change, ChangePage } from '../../../src/domain/syncProtocol';
import { SYNCED_TABLES, SYNCED_TABLE_NAMES } from './entities';
import type { FeedViewer, SyncedEntity, SyncedTable, SyncedTableName } from './entities';

/** Thrown for a cursor older than the kept tombstones: the client clears the company and pulls again. */
export function cursorExpired(): ApiError {
  return new ApiError(
    410,
    'cursor_expired',
    'The sync cursor is too old; pull this company again from the start',
  );
}

/** A cursor made for other readable entities than the viewer's now (a role changed): pull again from the start. */
function audienceChanged(): ApiError {
  return new ApiError(
    410,
    'cursor_expired',
    'What this user may read of the company changed; pull this company again from the start',
  );
}

/**
 * The entities only some roles may read (`readableBy`) that these roles may read, in feed order: a cursor's audience.
 * A cursor made for another audience cannot continue, or a viewer who gained an entity would never receive the rows
 * written before, and one who lost it would keep them.
 */
export function feedAudience(roles: Roles): string {
  return SYNCED_TABLE_NAMES.filter((name) => {
    const entry: SyncedTable = SYNCED_TABLES[name];
    return entry.readableBy !== undefined && entry.readableBy(roles);
  }).join('.');
}

/** The table-backed entities these roles may read, and those they may not (whose tombstones are not served either). */
function entitiesFor(roles: Roles): { tables: SyncedTableName[]; hidden: SyncedTableName[] } {
  const tables: SyncedTableName[] = [];
  const hidden: SyncedTableName[] = [];
  for (const name of SYNCED_TABLE_NAMES) {
    const entry: SyncedTable = SYNCED_TABLES[name];
    (entry.readableBy === undefined || entry.readableBy(roles) ? tables : hidden).push(name);
  }
  return { tables, hidden };
}

function scope(entry: SyncedTable, companyId: number, viewer: FeedViewer, since: number): SQL | undefined {
  return and(
    eq(entry.companyId, companyId),
    gt(entry.version, since),
    entry.userId ? eq(entry.userId, viewer.userId) : undefined,
    entry.visibleTo?.(viewer),
  );
}

/** The columns the feed sends of a table: the entity's chosen ones, else all but its server-only ones. */
function feedColumns(entry: SyncedTable) {
  if (entry.columns) return entry.columns;
  // A copy: getTableColumns hands out the table's own column map.
  const columns = { ...getTableColumns(entry.table) };
  for (const name of entry.serverOnly ?? []) delete columns[name];
  return columns;
}

function tombstoneScope(
  companyId: number,
  since: number,
  hidden: readonly SyncedTableName[],
): SQL | undefined {
  return and(
    eq(tombstones.companyId, companyId),
    gt(tombstones.version, since),
    hidden.length > 0 ? notInArray(tombstones.entity, [...hidden]) : undefined,
  );
}

/**
 * The highest version a page may include: the `limit`-th smallest version above `since` across every
 * synced table. Taking whole versions means rows written by one transaction never straddle two pages.
 */
async function pageBound(
  db: Db,
  params: { companyId: number; viewer: FeedViewer; since: number; limit: number },
  entities: { tables: readonly SyncedTableName[]; hidden: readonly SyncedTableName[] },
  withTombstones: boolean,
) {
  const { companyId, viewer, since, limit } = params;
  const parts: SQL[] = entities.tables.map((name) => {
    const entry: SyncedTable = SYNCED_TABLES[name];
    return sql`(select ${entry.version} as v from ${entry.table} where ${scope(entry, companyId, viewer, since)} order by ${entry.version} limit ${limit + 1})`;
  });
  parts.push(
    sql`(select ${companies.version} as v from ${companies} where ${companies.id} = ${companyId} and ${companies.version} > ${since})`,
  );
  if (withTombstones) {
    parts.push(
      sql`(select ${tombstones.version} as v from ${tombstones} where ${tombstoneScope(companyId, since, entities.hidden)} order by ${tombstones.version} limit ${limit + 1})`,
    );
  }
  const result = await db.execute<{ v: string | number }>(
    sql`select v from (${sql.join(parts, sql` union all `)}) as candidates order by v limit ${limit + 1}`,
  );
  const versions = result.rows.map((row) => Number(row.v));
  if (versions.length === 0) return { bound: since, hasMore: false };
  const bound = versions[Math.min(limit, versions.length) - 1] ?? since;
  return { bound, hasMore: versions.length > limit };
}

/**
 * A parsed cursor: the last served version, for a snapshot in progress the version it started at, and the audience
 * it was made for (see feedAudience; '' for a viewer of no restricted entity).
 */
export interface Cursor {
  version: number;
  snapshotStart: number | null;
  audience: string;
}

/** The text of a cursor, as the sync route's schema admits it. */
export const CURSOR_PATTERN = '^[0-9]{1,18}(@[0-9]{1,18})?(~[A-Za-z]{1,40}(\\.[A-Za-z]{1,40}){0,15})?$';

/**
 * Reads a cursor string: `"{version}"` continues incremental sync; `"{version}@{start}"` continues a
 * snapshot that began at company version `start`; either may end in `"~{audience}"`. Malformed text answers null.
 */
export function parseCursor(text: string): Cursor | null {
  if (!new RegExp(CURSOR_PATTERN).test(text)) return null;
  const match = /^(\d+)(?:@(\d+))?(?:~(.+))?$/.exec(text);
  if (!match?.[1]) return null;
  return {
    version: Number(match[1]),
    snapshotStart: match[2] === undefined ? null : Number(match[2]),
    audience: match[3] ?? '',
  };
}

function formatCursor(
  version: number,
  snapshotStart: number | null,
  hasMore: boolean,
  audience: string,
): string {
  // A finished snapshot continues as plain incremental sync from its last version.
  const base = snapshotStart !== null && hasMore ? `${version}@${snapshotStart}` : String(version);
  return audience === '' ? base : `${base}~${audience}`;
}

/**
 * Reads one page of a company's changes after `since` (null: a full snapshot, paged the same way).
 * Rows come in version order; deletes come from tombstones, which a snapshot's first page does not need.
 * A snapshot's pages carry the version it started at: tombstones pruned before that start cannot
 * concern rows the client received, so a long snapshot is never cut short by retention.
 */
export async function readChanges(
  db: Db,
  params: { companyId: number; userId: number; roles: Roles; since: Cursor | null; limit: number },
): Promise<ChangePage<SyncedEntity>> {
  const { companyId, userId, limit } = params;
  const viewer: FeedViewer = { userId, isConsultant: params.roles.isConsultant };
  const audience = feedAudience(params.roles);
  if (params.since && params.since.audience !== audience) throw audienceChanged();
  const [state] = await db.select().from(companySync).where(eq(companySync.companyId, companyId));
  const since = params.since?.version ?? 0;
  const snapshotStart = params.since ? params.since.snapshotStart : (state?.version ?? 0);
  if (params.since && state && (snapshotStart ?? since) < state.minValidVersion) throw cursorExpired();
  const withTombstones = params.since !== null;
  const entities = entitiesFor(params.roles);
  const { bound, hasMore } = await pageBound(
    db,
    { companyId, viewer, since, limit },
    entities,
    withTombstones,
  );
  if (bound <= since)
    return { changes: [], cursor: formatCursor(since, snapshotStart, false, audience), hasMore: false };

  const changes: Change<SyncedEntity>[] = [];
  for (const name of entities.tables) {
    const entry: SyncedTable = SYNCED_TABLES[name];
    const where = and(scope(entry, companyId, viewer, since), lte(entry.version, bound));
    const rows = await db.select(feedColumns(entry)).from(entry.table).where(where);
    for (const row of rows as Record<string, unknown>[]) {
      changes.push({ entity: name, op: 'put', id: String(row.id), version: Number(row.version), row });
    }
  }
  const companyRows = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, companyId), gt(companies.version, since), lte(companies.version, bound)));
  for (const row of companyRows) {
    changes.push({ entity: 'companies', op: 'put', id: String(row.id), version: row.version, row });
  }
  if (withTombstones) {
    const deleted = await db
      .select()
      .from(tombstones)
      .where(and(tombstoneScope(companyId, since, entities.hidden), lte(tombstones.version, bound)))
      .orderBy(asc(tombstones.version));
    for (const tombstone of deleted) {
      // Only writeTombstone writes this column, with a SyncedEntity; the check narrows the text column's type.
      if (!isSyncedEntityName(tombstone.entity)) continue;
      changes.push({
        entity: tombstone.entity,
        op: 'del',
        id: tombstone.entityId,
        version: tombstone.version,
      });
    }
  }
  // A delete and a re-put of one id can share a page; version order keeps the later one last.
  changes.sort((a, b) => a.version - b.version);
  return { changes, cursor: formatCursor(bound, snapshotStart, hasMore, audience), hasMore };
}

/**
 * Drops tombstones older than the retention and raises the company's minimum valid cursor, so a
 * client that slept past the retention gets 410 instead of silently missing deletes.
 */
export async function pruneTombstones(db: Db, retentionDays: number): Promise<void> {
  await db.transaction(async (tx) => {
    const cutoff = sql`now() - make_interval(days => ${retentionDays})`;
    await tx.execute(sql`
      update company_sync cs set min_valid_version = greatest(cs.min_valid_version, pruned.max_version)
      from (select company_id, max(version) as max_version from tombstones where deleted_at < ${cutoff} group by company_id) pruned
      where cs.company_id = pruned.company_id`);
    await tx.execute(sql`delete from tombstones where deleted_at < ${cutoff}`);
  });
}
