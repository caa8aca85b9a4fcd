// The change feed's column form (docs/architecture.md §4 "Wire form"), asked for with `form=columns`: a page's
// changes as runs of one entity, each run of puts sent as one array of values per column. A page of rows repeats
// every key on every row and interleaves unlike values (ids, dates, sums); columns put like values side by side and
// name each key once, so brotli makes scale L's full pull 17.0 MB instead of 22.1 MB, in less server time, since the
// text it compresses is half as long. Pure, shared by the server that packs and the sync worker that unpacks.
import { isRecord } from './sync';
import type { Change, ChangePage } from './syncProtocol';

/** The `form` query value of the change feed that answers a `ColumnPage`. */
export const COLUMN_FORM = 'columns';

/** Consecutive puts of one entity whose rows have the same keys: `columns[key][i]` is row i's value. */
export interface PutRun {
  entity: string;
  puts: number;
  columns: Record<string, unknown[]>;
}

/** Consecutive deletes of one entity: `[id, version]` each. */
export interface DeleteRun {
  entity: string;
  deletes: [string, number][];
}

/** A feed page in column form; the same page as `ChangePage`, change for change and in the same order. */
export interface ColumnPage extends Omit<ChangePage, 'changes'> {
  runs: (PutRun | DeleteRun)[];
}

function sameKeys(keys: readonly string[], columns: Record<string, unknown[]>): boolean {
  const names = Object.keys(columns);
  return names.length === keys.length && keys.every((key, i) => names[i] === key);
}

/**
 * A page in column form. A put's `id` and `version` are its row's (`String(row.id)`, `row.version`), as the feed
 * writes every put, so they are not sent twice.
 */
export function packPage(page: ChangePage): ColumnPage {
  const { changes, ...rest } = page;
  const runs: (PutRun | DeleteRun)[] = [];
  for (const change of changes) {
    const last = runs.at(-1);
    if (change.op === 'del' || !change.row) {
      let deletes = last && 'deletes' in last && last.entity === change.entity ? last : null;
      if (!deletes) {
        deletes = { entity: change.entity, deletes: [] };
        runs.push(deletes);
      }
      deletes.deletes.push([change.id, change.version]);
      continue;
    }
    const row = change.row;
    const keys = Object.keys(row);
    let puts =
      last && 'puts' in last && last.entity === change.entity && sameKeys(keys, last.columns) ? last : null;
    if (!puts) {
      puts = { entity: change.entity, puts: 0, columns: Object.fromEntries(keys.map((key) => [key, []])) };
      runs.push(puts);
    }
    for (const key of keys) puts.columns[key]?.push(row[key]);
    puts.puts += 1;
  }
  return { ...rest, runs };
}

function unpackPuts(run: Record<string, unknown>, into: Change[]): boolean {
  const { entity, puts, columns } = run;
  if (typeof entity !== 'string' || typeof puts !== 'number' || !isRecord(columns)) return false;
  const entries = Object.entries(columns);
  if (
    !entries.every(
      (entry): entry is [string, unknown[]] => Array.isArray(entry[1]) && entry[1].length === puts,
    )
  )
    return false;
  const ids = columns.id as unknown[] | undefined;
  const versions = columns.version as unknown[] | undefined;
  if (!ids || !versions) return false;
  for (let i = 0; i < puts; i++) {
    const row: Record<string, unknown> = {};
    for (const [key, values] of entries) row[key] = values[i];
    const id = ids[i];
    const version = versions[i];
    if ((typeof id !== 'string' && typeof id !== 'number') || typeof version !== 'number') return false;
    into.push({ entity, op: 'put', id: String(id), version, row });
  }
  return true;
}

function unpackDeletes(run: Record<string, unknown>, into: Change[]): boolean {
  const { entity, deletes } = run;
  if (typeof entity !== 'string' || !Array.isArray(deletes)) return false;
  for (const item of deletes as unknown[]) {
    if (!Array.isArray(item) || typeof item[0] !== 'string' || typeof item[1] !== 'number') return false;
    into.push({ entity, op: 'del', id: item[0], version: item[1] });
  }
  return true;
}

/** The page a column-form answer carries; null when the body is not one (a proxy's error page, a broken body). */
export function unpackPage(body: unknown): ChangePage | null {
  if (
    !isRecord(body) ||
    !Array.isArray(body.runs) ||
    typeof body.cursor !== 'string' ||
    typeof body.hasMore !== 'boolean' ||
    (body.pendingBills !== undefined && typeof body.pendingBills !== 'string')
  )
    return null;
  const changes: Change[] = [];
  for (const run of body.runs as unknown[]) {
    if (!isRecord(run)) return null;
    const unpacked = 'deletes' in run ? unpackDeletes(run, changes) : unpackPuts(run, changes);
    if (!unpacked) return null;
  }
  const page: ChangePage = { changes, cursor: body.cursor, hasMore: body.hasMore };
  if (body.pendingBills !== undefined) page.pendingBills = body.pendingBills;
  return page;
}
