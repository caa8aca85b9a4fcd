// Table generations (docs/architecture.md §9 Cold start): every committed write to a table gives it a new random
// token, in the write's own transaction. Two equal readings of a table's token mean no write to it committed in
// between, so an answer computed from some tables can be stored with their tokens and trusted later while they are
// unchanged (src/db/pageAnswers.ts). Kept by a Dexie middleware like the bill month summaries: the sync worker's
// pages, the tab's queued writes, a rollback and a cleared company all pass through it, and no caller can forget it.
import type { DBCore, DBCoreMutateRequest, DBCoreTable, DBCoreTransaction, Dexie, Middleware } from 'dexie';
import { randomId } from './ids';

/** The table of the tokens, one row per written table. */
export const GENERATIONS_TABLE = 'tableGenerations';
/** Stored page answers: derived from the others and not a source of any answer, so their writes move no token. */
export const PAGE_ANSWERS_TABLE = 'pageAnswers';

/** A table's token: changes with every transaction that writes the table. */
export interface TableGenerationRow {
  table: string;
  token: string;
}

const untracked = new Set([GENERATIONS_TABLE, PAGE_ANSWERS_TABLE]);

/** The tables whose token a transaction has already renewed: one put per table and transaction is enough. */
const renewed = new WeakMap<DBCoreTransaction, Set<string>>();

/**
 * A schema upgrade runs in the version change transaction, where the tokens' table may not exist yet. Skipping it
 * is safe: an upgrade comes with a new build, and stored answers are kept per build.
 */
function isUpgrade(trans: DBCoreTransaction): boolean {
  return (trans as unknown as { mode?: string }).mode === 'versionchange';
}

/**
 * Whether a write can change rows. Dexie sends a `modify` over a key range as a put of no values with the range as
 * criteria (the sync worker resets the outbox's 'sending' entries so at every start): it writes nothing here, and
 * renewing the token for it would throw every stored answer away at each start.
 */
function canChangeRows(req: DBCoreMutateRequest): boolean {
  switch (req.type) {
    case 'add':
    case 'put':
      return req.values.length > 0;
    case 'delete':
      return req.keys.length > 0;
    case 'deleteRange':
      return true;
  }
}

function renewingTokens(down: DBCore, table: DBCoreTable): DBCoreTable {
  return {
    ...table,
    mutate(req) {
      return table.mutate(req).then((answer) => {
        const done = renewed.get(req.trans) ?? new Set<string>();
        if (done.has(table.name) || isUpgrade(req.trans) || !canChangeRows(req)) return answer;
        done.add(table.name);
        renewed.set(req.trans, done);
        const row: TableGenerationRow = { table: table.name, token: randomId() };
        return down
          .table(GENERATIONS_TABLE)
          .mutate({ type: 'put', trans: req.trans, values: [row] })
          .then(() => answer);
      });
    },
  };
}

/** The middleware: every read-write transaction over a tracked table also holds the tokens' table. */
export const tableGenerationsMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'tableGenerations',
  // Under the other middlewares of ours (level 10): the writes they add (the bill month summaries) renew tokens too.
  level: 9,
  create(down) {
    return {
      ...down,
      transaction(stores, mode, options) {
        const tracks = mode === 'readwrite' && stores.some((name) => !untracked.has(name));
        const withTokens = tracks && !stores.includes(GENERATIONS_TABLE);
        return down.transaction(withTokens ? [...stores, GENERATIONS_TABLE] : stores, mode, options);
      },
      table(name) {
        const table = down.table(name);
        return untracked.has(name) ? table : renewingTokens(down, table);
      },
    };
  },
};

/** The current tokens of `tables`, in their order ('' for a table never written since the tokens began). */
export async function readGenerations(db: Dexie, tables: readonly string[]): Promise<string[]> {
  const rows = await db.table<TableGenerationRow, string>(GENERATIONS_TABLE).bulkGet([...tables]);
  return rows.map((row) => row?.token ?? '');
}

/** Whether two readings of the same tables' tokens are the same. */
export function sameGenerations(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((token, i) => token === b[i]);
}
