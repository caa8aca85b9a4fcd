import { and, asc, eq, getTableColumns, gt, gte, lte, notInArray, sql } from 'drizzle-orm';
import type { AnyColumn, SQL, Table } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { bills, companies, companySync, tombstones } from '../db/schema';
import { ApiError } from '../errors';
import { PENDING_DETAILS, isSyncedEntityName, mayReadEntity } from '../../../src/domain/syncProtocol';
import type { Change, ChangePage, FeedContext } from '../../../src/domain/syncProtocol';
import { addMonths } from '../../../src/domain/totals';
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

/** A cursor made for other readable entities than the viewer's now (access changed): pull again from the start. */
function audienceChanged(): ApiError {
  return new ApiError(
    410,
    'cursor_expired',
    'What this user may read of the company changed; pull this company again from the start',
  );
}

/**
 * A cursor's audience: the entities this reader may not read of the company now (the area rule of the API with the
 * company's flags, src/domain/syncProtocol.ts mayReadEntity), `hide.`-prefixed, or `all`. A cursor made for another
 * audience cannot continue: a reader who gained an entity would never receive the rows written before, and one who
 * lost it would keep them; the 410 makes every device of the reader drop its copy of the company and pull it again,
 * so a device that synced before a change of access holds after it what a new device would (docs/architecture.md §4).
 */
export function feedAudience(ctx: FeedContext): string {
  const hidden = SYNCED_TABLE_NAMES.filter((name) => !mayReadEntity(name, ctx));
  return hidden.length === 0 ? 'all' : ['hide', ...hidden].join('.');
}

/** The table-backed entities this reader may read, and those they may not (whose tombstones are not served either). */
function entitiesFor(ctx: FeedContext): { tables: SyncedTableName[]; hidden: SyncedTableName[] } {
  const tables: SyncedTableName[] = [];
  const hidden: SyncedTableName[] = [];
  for (const name of SYNCED_TABLE_NAMES) (mayReadEntity(name, ctx) ? tables : hidden).push(name);
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

/** What a version-ordered page sends besides the rows of its tables: the company record, deletes. */
interface PageSends {
  company: boolean;
  tombstones: boolean;
}

const INCREMENTAL: PageSends = { company: true, tombstones: true };

/**
 * The highest version a page may include: the `limit`-th smallest version above `since` across every
 * synced table. Taking whole versions means rows written by one transaction never straddle two pages.
 * Its fingerprint (`PageProbe`) is the bound, whether more follows, and how many rows lie in (since, bound]: no row
 * can enter that range (a write gives its rows a version above every existing one), so any change to the page's rows
 * — an update moves a row's version past the bound, a delete takes it away — lowers the count. The versions alone
 * were not enough: rows of one transaction share a version, and a page bound at a version shared by more rows than
 * the page's limit changed without its first `limit` versions changing.
 */
async function pageBound(
  db: Db,
  params: { companyId: number; viewer: FeedViewer; since: number; limit: number },
  entities: { tables: readonly SyncedTableName[]; hidden: readonly SyncedTableName[] },
  sends: PageSends,
) {
  const { companyId, viewer, since, limit } = params;
  const sources: { name: string; version: SQL | AnyColumn; from: Table; where: SQL | undefined }[] =
    entities.tables.map((name) => {
      const entry: SyncedTable = SYNCED_TABLES[name];
      return {
        name,
        version: entry.version,
        from: entry.table,
        where: scope(entry, companyId, viewer, since),
      };
    });
  if (sends.company)
    sources.push({
      name: 'companies',
      version: companies.version,
      from: companies,
      where: and(eq(companies.id, companyId), gt(companies.version, since)),
    });
  if (sends.tombstones)
    sources.push({
      name: 'tombstones',
      version: tombstones.version,
      from: tombstones,
      where: tombstoneScope(companyId, since, entities.hidden),
    });
  const parts = sources.map(
    (source, index) =>
      sql`(select ${source.version} as v, ${sql.raw(String(index))} as s from ${source.from} where ${source.where} order by ${source.version} limit ${limit + 1})`,
  );
  // The page's candidate versions, and each source's smallest version (a source has rows in (since, bound] exactly
  // when its smallest is at or below the bound): the page reads those sources alone, so a poll after one write reads
  // one or two tables, not every synced table, each a round trip to the database.
  const result = await db.execute<{ kind: string; v: string | number; s: string | number | null }>(
    sql`with candidates as (${sql.join(parts, sql` union all `)})
      select 'v' as kind, v, null::int as s from (select v from candidates order by v limit ${limit + 1}) as smallest
      union all select 'm' as kind, min(v) as v, s from candidates group by s`,
  );
  const versions = result.rows
    .filter((row) => row.kind === 'v')
    .map((row) => Number(row.v))
    .sort((a, b) => a - b);
  const bound = versions[Math.min(limit, versions.length) - 1] ?? since;
  const hasMore = versions.length > limit;
  const present = new Set(
    result.rows
      .filter((row) => row.kind === 'm' && Number(row.v) <= bound)
      .map((row) => sources[Number(row.s)]?.name),
  );
  const fingerprint = async () => {
    if (versions.length === 0) return `${since}:0:0`;
    const counted = await db.execute<{ n: string | number }>(
      sql`select count(*) as n from (${sql.join(
        sources.map(
          (source) =>
            sql`(select 1 from ${source.from} where ${source.where} and ${source.version} <= ${bound})`,
        ),
        sql` union all `,
      )}) as rows_in_page`,
    );
    return `${bound}:${Number(counted.rows[0]?.n ?? 0)}:${Number(hasMore)}`;
  };
  return { bound, hasMore, present, fingerprint };
}

/** A page's bound as `pageBound` answers it: the bound, whether more follows, the sources with rows, a fingerprint. */
type PageBound = Awaited<ReturnType<typeof pageBound>>;

/**
 * What a first pull sends after the rest, in three stages (docs/architecture.md §4): first everything a page needs
 * to show sites, accounts and figures (the company, its sites, accounts, meters, contracts…: a small share of the
 * bytes); then bills, the latest month first (`BILL_WINDOWS`: most of the feed, and the latest months are what a page
 * shows first); then the bills' details — their lines and the alerts with their notes — which no figure needs (a
 * single bill, the anomaly column, the attention lists and the alert pages read them; on scale L the alerts and notes
 * were 36,000 of the first stage's 49,000 rows).
 */
const BILL_ENTITIES: readonly SyncedTableName[] = ['bills'];
const DETAIL_ENTITIES: readonly SyncedTableName[] = ['billLines', 'alerts', 'alertNotes'];

/**
 * Where a pull stands. `incremental`: the changes after `version`. `snapshot`: a full pull made before snapshots were
 * staged (every entity in version order), still served for devices that began one. `rows`, `bills` and `details`:
 * the stages of a full pull that began at company version `start` — every entity but bills and their details in
 * version order, then bills after `after` in the windows of `BILL_WINDOWS`, then the details in version order —
 * followed by the changes after `start`, which bring whatever was written meanwhile.
 */
export type Cursor =
  | { stage: 'incremental'; version: number; audience: string }
  | { stage: 'snapshot'; version: number; start: number; audience: string }
  | { stage: 'rows'; version: number; start: number; audience: string }
  | { stage: 'bills'; after: BillsPosition | null; start: number; audience: string }
  | { stage: 'details'; version: number; start: number; audience: string };

/**
 * The windows of the bills stage, newest first, in months back from the newest bill month when the stage began: that
 * month, the eleven before it, then every older one. Within a window bills come grouped by account (then month, then
 * id): one account's months side by side repeat its references, services and dates, which brotli then sends once —
 * scale L's bills are 8.7 MB on the wire this way against 14.4 MB one month at a time, where no reference repeats
 * within a page (bench/README.md). The windows keep what a page shows first coming first: the latest month's spend
 * after one window, the latest 12 months after two.
 */
const BILL_WINDOWS = [1, 11] as const;

/**
 * Where the bills stage stands: the newest bill month when it began (`latest`, which fixes the windows, so bills
 * written meanwhile cannot move one), the window of the last bill sent and that bill's place in it.
 */
export interface BillsPosition {
  latest: string;
  window: number;
  accountId: string;
  billMonth: string;
  id: string;
}

const AUDIENCE = '(~[A-Za-z]{1,40}(\\.[A-Za-z]{1,40}){0,63})?';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const MONTH = '[0-9]{4}-[0-9]{2}';
/** A bills position (`BillsPosition`), or the month and id of the month-at-a-time bills stage that came before. */
const BILLS_AT = `${MONTH}\\.([0-9]\\.${UUID}\\.${MONTH}\\.)?${UUID}`;

/** The text of a cursor, as the sync route's schema admits it. */
export const CURSOR_PATTERN = `^([0-9]{1,18}(@[0-9]{1,18}[rd]?)?|b(${BILLS_AT})?@[0-9]{1,18})${AUDIENCE}$`;

/**
 * Reads a cursor string: `"{version}"` continues incremental sync, `"{version}@{start}"` an unstaged snapshot,
 * `"{version}@{start}r"` the rows stage, `"b{latest}.{window}.{accountId}.{month}.{id}@{start}"` (or `"b@{start}"`)
 * the bills stage and `"{version}@{start}d"` the details stage of a full pull; any may end in `"~{audience}"`.
 * Malformed text answers null. A bills cursor of the month-at-a-time order (`"b{month}.{id}@{start}"`), which a device
 * may still hold, begins the bills stage again: a put of a bill the device has is harmless.
 */
export function parseCursor(text: string): Cursor | null {
  if (!new RegExp(CURSOR_PATTERN).test(text)) return null;
  const [base = '', audience = ''] = text.split(/~(.*)/s);
  const bills =
    /^b(?:([0-9-]{7})\.(\d)\.([0-9a-f-]{36})\.([0-9-]{7})\.([0-9a-f-]{36})|[0-9-]{7}\.[0-9a-f-]{36})?@(\d+)$/.exec(
      base,
    );
  if (bills) {
    const [, latest, window, accountId, billMonth, id, start] = bills;
    const after =
      latest && window && accountId && billMonth && id
        ? { latest, window: Number(window), accountId, billMonth, id }
        : null;
    if (after && after.window > BILL_WINDOWS.length) return null;
    return { stage: 'bills', after, start: Number(start), audience };
  }
  const match = /^(\d+)(?:@(\d+)([rd])?)?$/.exec(base);
  if (!match) return null;
  const version = Number(match[1]);
  if (match[2] === undefined) return { stage: 'incremental', version, audience };
  const start = Number(match[2]);
  const stage = match[3] === 'r' ? 'rows' : match[3] === 'd' ? 'details' : 'snapshot';
  return { stage, version, start, audience };
}

function formatCursor(cursor: Cursor): string {
  let base: string;
  if (cursor.stage === 'incremental') base = String(cursor.version);
  else if (cursor.stage === 'bills') {
    const after = cursor.after;
    const at = after
      ? `${after.latest}.${after.window}.${after.accountId}.${after.billMonth}.${after.id}`
      : '';
    base = `b${at}@${cursor.start}`;
  } else
    base = `${cursor.version}@${cursor.start}${cursor.stage === 'rows' ? 'r' : cursor.stage === 'details' ? 'd' : ''}`;
  return cursor.audience === '' ? base : `${base}~${cursor.audience}`;
}

/** The version a cursor vouches for: tombstones pruned past it may concern rows the device holds (410). */
function cursorFloor(cursor: Cursor): number {
  return cursor.stage === 'incremental' ? cursor.version : cursor.start;
}

interface FeedQuery {
  companyId: number;
  viewer: FeedViewer;
  limit: number;
}

/**
 * The rows and deletes of `tables` after version `since`, up to a page's bound, in version order. Deletes come from
 * tombstones, which a full pull does not need (it is followed by the changes after its start); the company record
 * comes once in a full pull, with its first stage.
 */
async function readVersionPage(
  db: Db,
  query: FeedQuery & { since: number },
  entities: { tables: readonly SyncedTableName[]; hidden: readonly SyncedTableName[] },
  sends: PageSends,
  known?: PageBound,
): Promise<{ changes: Change<SyncedEntity>[]; bound: number; hasMore: boolean }> {
  const { companyId, viewer, since } = query;
  const { bound, hasMore, present } = known ?? (await pageBound(db, query, entities, sends));
  if (bound <= since) return { changes: [], bound: since, hasMore: false };

  const changes: Change<SyncedEntity>[] = [];
  for (const name of entities.tables) {
    if (!present.has(name)) continue;
    const entry: SyncedTable = SYNCED_TABLES[name];
    const where = and(scope(entry, companyId, viewer, since), lte(entry.version, bound));
    const rows = await db.select(feedColumns(entry)).from(entry.table).where(where);
    for (const row of rows as Record<string, unknown>[]) {
      changes.push({ entity: name, op: 'put', id: String(row.id), version: Number(row.version), row });
    }
  }
  const companyRows = !present.has('companies')
    ? []
    : await db
        .select()
        .from(companies)
        .where(and(eq(companies.id, companyId), gt(companies.version, since), lte(companies.version, bound)));
  for (const row of companyRows) {
    changes.push({ entity: 'companies', op: 'put', id: String(row.id), version: row.version, row });
  }
  if (present.has('tombstones')) {
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
  return { changes, bound, hasMore };
}

/** The bill months of window `window` (`BILL_WINDOWS`) of a bills stage that began at `latest`; null: open. */
function billWindow(latest: string, window: number): { from: string | null; to: string } {
  const before = BILL_WINDOWS.slice(0, window).reduce((sum, span) => sum + span, 0);
  // The first window also holds any later month (a bill written after the stage began: it comes again after it).
  const to = window === 0 ? '9999-12' : addMonths(latest, -before);
  const span = BILL_WINDOWS[window];
  return { from: span === undefined ? null : addMonths(latest, -before - span + 1), to };
}

/** What the device still lacks while the bills stage is in `window`: that window's newest month and every earlier. */
function billsPending(latest: string, window: number): string {
  return window === 0 ? latest : billWindow(latest, window).to;
}

/**
 * The next `limit` bills of a full pull after `after`, in the stage's order (`BILL_WINDOWS`), with `columns`, each
 * with its window; one more when more follow. Bills are read as they are now, whatever their version; one written
 * after the pull began comes again with the changes after its start, which is harmless (a put of the same row).
 */
async function nextBills(
  db: Db,
  query: FeedQuery,
  latest: string,
  after: BillsPosition | null,
  columns: SelectedFields,
): Promise<{ row: Record<string, unknown>; window: number }[]> {
  const { companyId, viewer, limit } = query;
  const billsEntry: SyncedTable = SYNCED_TABLES.bills;
  const found: { row: Record<string, unknown>; window: number }[] = [];
  for (let window = after?.window ?? 0; window <= BILL_WINDOWS.length && found.length <= limit; window++) {
    const { from, to } = billWindow(latest, window);
    const place = after && after.window === window ? after : null;
    const rows = (await db
      .select(columns)
      .from(bills)
      .where(
        and(
          scope(billsEntry, companyId, viewer, 0),
          from === null ? undefined : gte(bills.billMonth, from),
          lte(bills.billMonth, to),
          place
            ? sql`(${bills.accountId}, ${bills.billMonth}, ${bills.id})
                > (${place.accountId}::uuid, ${place.billMonth}, ${place.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(bills.accountId), asc(bills.billMonth), asc(bills.id))
      .limit(limit + 1 - found.length)) as Record<string, unknown>[];
    for (const row of rows) found.push({ row, window });
  }
  return found;
}

/** The newest bill month this viewer may read of the company; null when there is no bill. */
async function latestBillMonth(db: Db, query: FeedQuery): Promise<string | null> {
  const [row] = await db
    .select({ latest: sql<string | null>`max(${bills.billMonth})` })
    .from(bills)
    .where(scope(SYNCED_TABLES.bills, query.companyId, query.viewer, 0));
  return row?.latest ?? null;
}

/**
 * The month the bills stage's windows count from (`latest`, null without bills), and the ids and versions of its
 * next page in order: the page's content, since every change to a bill bumps its version (§4) — the bills stage's
 * `PageProbe.fingerprint`, far cheaper to read than the rows.
 */
async function billsPageFingerprint(
  db: Db,
  query: FeedQuery,
  latest: string | null,
  after: BillsPosition | null,
): Promise<string> {
  if (latest === null) return 'none';
  const found = await nextBills(db, query, latest, after, { id: bills.id, version: bills.version });
  return `${latest}:${found.map(({ row }) => `${String(row.id)}:${String(row.version)}`).join(',')}`;
}

async function readBillsStage(
  db: Db,
  query: FeedQuery,
  latest: string | null,
  after: BillsPosition | null,
): Promise<{ changes: Change<SyncedEntity>[]; last: BillsPosition | null; hasMore: boolean }> {
  if (latest === null) return { changes: [], last: null, hasMore: false };
  const found = await nextBills(db, query, latest, after, feedColumns(SYNCED_TABLES.bills));
  const page = found.slice(0, query.limit);
  const changes: Change<SyncedEntity>[] = page.map(({ row }) => ({
    entity: 'bills',
    op: 'put',
    id: String(row.id),
    version: Number(row.version),
    row,
  }));
  const tail = page.at(-1);
  const last = tail
    ? {
        latest,
        window: tail.window,
        accountId: String(tail.row.accountId),
        billMonth: String(tail.row.billMonth),
        id: String(tail.row.id),
      }
    : null;
  return { changes, last, hasMore: found.length > query.limit };
}

/**
 * A page of the feed, probed before it is read. `key` names everything the page's content depends on besides the
 * rows themselves — company, audience, the viewer where a table of the stage is per user or per consultant, stage,
 * position and limit, not the pull's start — and `fingerprint` the rows it holds as they are now: for a page in
 * version order its bound, whether more follows and how many rows it holds (`pageBound`); for a bills page the ids
 * and versions of its bills, since every change to a bill bumps its version (§4). The same key and fingerprint mean
 * the same page, which a cache may answer without reading the rows again (`feedPageCache.ts`); a write builds again
 * only the pages whose rows it changed (a new row's version lies past every page but the last). Incremental pages
 * have no key: each is asked by few devices and is cheap.
 */
export interface PageProbe {
  key: string | null;
  /**
   * The company's version when the probe began. Every write to the company moves it (§4), so a fingerprint taken at
   * this version or later still holds while it stays: a cache may skip `fingerprint` for a page it checked at it.
   */
  version: number;
  /** Read once when first asked (it costs a query); a version-ordered page's `read` reuses the bound it reads. */
  fingerprint: () => Promise<string>;
  /** The start of the full pull the page belongs to, which its cursor carries (`cursorAtStart`). */
  start: number;
  /** The page; a keyed one with its cursor at start 0, for `cursorAtStart`. */
  read: () => Promise<ChangePage<SyncedEntity>>;
}

/** `make`'s answer, asked once: the first call runs it, later ones share its promise. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/**
 * A full pull's next cursor with its start: a staged page is read with start 0 (`PageProbe`), as its content does not
 * depend on it, and its cursor given the start of the pull that asks it. The only incremental cursor a staged page
 * answers is the changes after the start.
 */
export function cursorAtStart(template: string, start: number): string {
  const cursor = parseCursor(template);
  if (!cursor) throw new Error(`Not a cursor: ${template}`);
  return formatCursor(cursor.stage === 'incremental' ? { ...cursor, version: start } : { ...cursor, start });
}

/**
 * Reads one page of a company's feed (`since` null: a full pull from the start, in stages). Incremental pages come in
 * version order and end on whole versions. A full pull sends everything but bills first, then bills the latest month
 * first (`BILL_WINDOWS`), saying which bill months are still coming (`pendingBills`), then continues as incremental
 * sync from the version it began at; its cursors carry that version, so a long pull is never cut short by tombstone
 * retention.
 */
export async function readChanges(
  db: Db,
  params: { reader: FeedContext; userId: number; since: Cursor | null; limit: number },
): Promise<ChangePage<SyncedEntity>> {
  const probe = await probeChanges(db, params);
  const page = await probe.read();
  return probe.key === null ? page : { ...page, cursor: cursorAtStart(page.cursor, probe.start) };
}

/**
 * `readChanges` in two steps: what the page is (cheap queries), then its rows (see `PageProbe`). `pullStart` gives a
 * full pull beginning now its start, given the company's version and the oldest start its tombstones still serve: any
 * start from that floor to the version is sound, since the pull ends with the changes after it (§4 full pull).
 */
export async function probeChanges(
  db: Db,
  params: {
    reader: FeedContext;
    userId: number;
    since: Cursor | null;
    limit: number;
    pullStart?: (companyId: number, version: number, floor: number) => number | Promise<number>;
  },
): Promise<PageProbe> {
  const { reader, userId, limit } = params;
  const companyId = reader.company.id;
  const viewer: FeedViewer = { userId, isConsultant: reader.roles.isConsultant };
  const query: FeedQuery = { companyId, viewer, limit };
  const audience = feedAudience(reader);
  if (params.since && params.since.audience !== audience) throw audienceChanged();
  const [state] = await db.select().from(companySync).where(eq(companySync.companyId, companyId));
  if (params.since && state && cursorFloor(params.since) < state.minValidVersion) throw cursorExpired();
  const entities = entitiesFor(reader);
  const version = state?.version ?? 0;
  const asked: Cursor = params.since ?? {
    stage: 'rows',
    version: 0,
    start: (await params.pullStart?.(companyId, version, state?.minValidVersion ?? 0)) ?? version,
    audience,
  };

  if (asked.stage === 'incremental' || asked.stage === 'snapshot') {
    const cursor = asked;
    const read = async () => {
      const page = await readVersionPage(db, { ...query, since: cursor.version }, entities, INCREMENTAL);
      // A finished unstaged snapshot continues as plain incremental sync from its last version.
      const next: Cursor =
        cursor.stage === 'snapshot' && page.hasMore
          ? { ...cursor, version: page.bound }
          : { stage: 'incremental', version: page.bound, audience };
      return { changes: page.changes, cursor: formatCursor(next), hasMore: page.hasMore };
    };
    return { key: null, version, fingerprint: () => Promise.resolve(''), start: cursorFloor(cursor), read };
  }

  // The staged page as any pull that began at another version would ask it (`cursorAtStart`).
  const cursor = { ...asked, start: 0 };
  const start = asked.start;

  // The stages this viewer's pull has, in order, after the rows stage.
  const billTables = entities.tables.filter((name) => BILL_ENTITIES.includes(name));
  const detailTables = entities.tables.filter((name) => DETAIL_ENTITIES.includes(name));
  const afterStart: Cursor = { stage: 'incremental', version: cursor.start, audience };
  const detailsFrom: Cursor =
    detailTables.length > 0 ? { stage: 'details', version: 0, start: cursor.start, audience } : afterStart;
  const billsFrom: Cursor =
    billTables.length > 0 ? { stage: 'bills', after: null, start: cursor.start, audience } : detailsFrom;
  /** The key of this page for readers of `tables`: the viewer is part of it only where the rows depend on it. */
  const keyOf = (tables: readonly SyncedTableName[]) => {
    const perUser = tables.some((name) => (SYNCED_TABLES[name] as SyncedTable).userId);
    const perRole = tables.some((name) => (SYNCED_TABLES[name] as SyncedTable).visibleTo);
    const who = `${perUser ? `u${userId}` : ''}${perRole ? `c${Number(viewer.isConsultant)}` : ''}`;
    return `${companyId}/${formatCursor(cursor)}/${limit}/${who}`;
  };

  /** A version-ordered stage's page after `since`: its bound read once, for its fingerprint and its rows alike. */
  const versionPage = (
    since: number,
    stage: { tables: readonly SyncedTableName[]; hidden: readonly SyncedTableName[] },
    sends: PageSends,
  ) => {
    const bound = once(() => pageBound(db, { ...query, since }, stage, sends));
    return {
      fingerprint: once(async () => (await bound()).fingerprint()),
      read: async () => readVersionPage(db, { ...query, since }, stage, sends, await bound()),
    };
  };

  if (cursor.stage === 'rows') {
    const early = {
      tables: entities.tables.filter((name) => !billTables.includes(name) && !detailTables.includes(name)),
      hidden: entities.hidden,
    };
    const stage = versionPage(cursor.version, early, { company: true, tombstones: false });
    const read = async () => {
      const page = await stage.read();
      const next: Cursor = page.hasMore ? { ...cursor, version: page.bound } : billsFrom;
      const pending = billTables.length > 0 ? { pendingBills: 'all' } : {};
      return { changes: page.changes, cursor: formatCursor(next), hasMore: true, ...pending };
    };
    return { key: keyOf(early.tables), version, fingerprint: stage.fingerprint, start, read };
  }

  if (cursor.stage === 'details') {
    const details = { tables: detailTables, hidden: entities.hidden };
    const stage = versionPage(cursor.version, details, { company: false, tombstones: false });
    const read = async () => {
      const page = await stage.read();
      if (!page.hasMore) return { changes: page.changes, cursor: formatCursor(afterStart), hasMore: true };
      return {
        changes: page.changes,
        cursor: formatCursor({ ...cursor, version: page.bound }),
        hasMore: true,
        pendingBills: PENDING_DETAILS,
      };
    };
    return { key: keyOf(details.tables), version, fingerprint: stage.fingerprint, start, read };
  }

  // The month the windows count from: fixed in the cursor once the stage has begun, else read once for the
  // fingerprint and the rows alike.
  const { after } = cursor;
  const latest = once(async () => after?.latest ?? (await latestBillMonth(db, query)));
  const fingerprint = once(async () => billsPageFingerprint(db, query, await latest(), after));
  const read = async () => {
    const page = await readBillsStage(db, query, await latest(), after);
    if (!page.hasMore || !page.last) {
      const pending = detailsFrom.stage === 'details' ? { pendingBills: PENDING_DETAILS } : {};
      return { changes: page.changes, cursor: formatCursor(detailsFrom), hasMore: true, ...pending };
    }
    return {
      changes: page.changes,
      cursor: formatCursor({ ...cursor, after: page.last }),
      hasMore: true,
      pendingBills: billsPending(page.last.latest, page.last.window),
    };
  };
  return { key: keyOf(billTables), version, fingerprint, start, read };
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
