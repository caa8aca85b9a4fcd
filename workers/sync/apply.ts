// Writing change-feed pages into Dexie (docs/architecture.md §4): a page and its cursor in one transaction; rows with
// active outbox entries keep showing the user's writes, with the page's state kept as their server state.
import { Dexie } from 'dexie';
import { ACTIVE_STATUSES, deleteApplies, rowCompanyId } from '../../src/domain/sync';
import { rebuildRows, rowKey, serverStateOf, tableOf } from '../../src/db/rowState';
import type { RowBase } from '../../src/db/rowState';
import { SYNCED_ENTITY_NAMES, isSyncedEntityName } from '../../src/domain/syncProtocol';
import type { Change, ChangePage } from '../../src/domain/syncProtocol';
import type { AppDb } from '../../src/db/schema';
import type { AnyRow, SyncedEntity } from '../../src/db/rows';
import type { OutboxEntry } from '../../src/db/syncRows';

const keyOf = (entity: SyncedEntity, id: string | number): string | number =>
  entity === 'companies' ? Number(id) : id;

/** Every table a page may touch, plus the outbox and the cursor's table. */
function pageTables(db: AppDb) {
  return [...SYNCED_ENTITY_NAMES.map((entity) => tableOf(db, entity)), db.outbox, db.syncState];
}

/** The active entries of every row they touch, oldest first (an entry may touch several rows). */
async function activeEntries(db: AppDb): Promise<Map<string, OutboxEntry[]>> {
  const byRow = new Map<string, OutboxEntry[]>();
  const entries = await db.outbox
    .where('status')
    .anyOf([...ACTIVE_STATUSES])
    .toArray();
  for (const entry of entries.sort((a, b) => a.seq - b.seq)) {
    for (const key of entry.rowKeys) byRow.set(key, [...(byRow.get(key) ?? []), entry]);
  }
  return byRow;
}

/** The last change of each row of the page, grouped by entity (the page is in version order). */
function latestChanges(page: ChangePage): Map<SyncedEntity, Map<string | number, Change>> {
  const grouped = new Map<SyncedEntity, Map<string | number, Change>>();
  for (const change of page.changes) {
    if (!isSyncedEntityName(change.entity)) continue;
    const id =
      change.op === 'put' && change.row
        ? (change.row.id as string | number)
        : keyOf(change.entity, change.id);
    const rows = grouped.get(change.entity) ?? new Map<string | number, Change>();
    rows.set(id, change);
    grouped.set(change.entity, rows);
  }
  return grouped;
}

/**
 * Stores a page's rows of a table. A write to `bills` first reads the rows it replaces (their month summaries, see
 * src/db/billMonthSummaries.ts), one read per row; adding needs none. So bills are added, and only those already on
 * the device (a re-sync's updates) fail to add and are put: a first pull, all new rows, reads nothing.
 */
async function storeRows(db: AppDb, entity: SyncedEntity, rows: AnyRow[]): Promise<void> {
  const table = tableOf(db, entity);
  if (entity !== 'bills') {
    await table.bulkPut(rows);
    return;
  }
  try {
    await table.bulkAdd(rows);
  } catch (error) {
    if (!(error instanceof Dexie.BulkError)) throw error;
    const failures = Object.entries(error.failuresByPos);
    if (failures.some(([, failure]) => failure.name !== 'ConstraintError')) throw error;
    await table.bulkPut(failures.flatMap(([position]) => rows[Number(position)] ?? []));
  }
}

async function applyEntity(
  db: AppDb,
  companyId: number,
  entity: SyncedEntity,
  changes: Map<string | number, Change>,
  active: Map<string, OutboxEntry[]>,
): Promise<void> {
  const table = tableOf(db, entity);
  const puts: AnyRow[] = [];
  const deletes: (string | number)[] = [];
  const held: RowBase[] = [];
  for (const [id, change] of changes) {
    const entries = active.get(rowKey(entity, id));
    if (entries) {
      const base = serverStateOf(entries, rowKey(entity, id)) ?? null;
      const next =
        change.op === 'put'
          ? (change.row as AnyRow)
          : deleteApplies(base ? rowCompanyId(entity, base) : undefined, companyId)
            ? null
            : base;
      held.push({ entity, entityId: id, base: next });
    } else if (change.op === 'put') puts.push(change.row as AnyRow);
    else deletes.push(id);
  }
  await rebuildRows(db, held);
  if (puts.length > 0) await storeRows(db, entity, puts);
  if (deletes.length === 0) return;
  const locals = await table.bulkGet(deletes);
  // A tombstone of a row that moved to another company must not remove the other company's copy.
  const doomed = deletes.filter((_, i) => {
    const local = locals[i];
    return local !== undefined && deleteApplies(rowCompanyId(entity, local), companyId);
  });
  if (doomed.length > 0) await table.bulkDelete(doomed);
}

/** Applies a page and stores its cursor in one transaction; returns the number of changes in it. */
export async function applyPage(
  db: AppDb,
  companyId: number,
  page: ChangePage,
  bytes: number,
): Promise<number> {
  return db.transaction('rw', pageTables(db), async () => {
    const active = await activeEntries(db);
    for (const [entity, changes] of latestChanges(page))
      await applyEntity(db, companyId, entity, changes, active);
    const state = await db.syncState.get(companyId);
    if (state)
      await db.syncState.put({
        ...state,
        cursor: page.cursor,
        bytes: state.bytes + bytes,
        pendingBills: page.pendingBills ?? null,
      });
    return page.changes.length;
  });
}

/** Keys of a company's local rows of one entity. */
function companyKeys(db: AppDb, entity: SyncedEntity, companyId: number): Promise<(string | number)[]> {
  if (entity === 'companies') return db.companies.where('id').equals(companyId).primaryKeys();
  return tableOf(db, entity).where('companyId').equals(companyId).primaryKeys();
}

/**
 * Removes a company's rows and resets its cursor (410, or eviction). Rows with active entries keep the
 * user's writes over an empty server state until the next pull brings the rows back.
 */
export async function clearCompany(db: AppDb, companyId: number): Promise<void> {
  await db.transaction('rw', pageTables(db), async () => {
    const active = await activeEntries(db);
    for (const entity of SYNCED_ENTITY_NAMES) {
      const keys = await companyKeys(db, entity, companyId);
      const held = keys.filter((key) => active.has(rowKey(entity, key)));
      await rebuildRows(
        db,
        held.map((key) => ({ entity, entityId: key, base: null })),
      );
      await tableOf(db, entity).bulkDelete(keys.filter((key) => !active.has(rowKey(entity, key))));
    }
    const state = await db.syncState.get(companyId);
    if (state)
      await db.syncState.put({ ...state, cursor: null, bytes: 0, rowCounts: {}, pendingBills: null });
  });
}

/** Local row counts of a company per entity. */
export async function countCompanyRows(db: AppDb, companyId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const entity of SYNCED_ENTITY_NAMES) {
    counts[entity] =
      entity === 'companies'
        ? await db.companies.where('id').equals(companyId).count()
        : await tableOf(db, entity).where('companyId').equals(companyId).count();
  }
  return counts;
}
