// The bill month summaries (src/domain/billMonthSummary.ts) kept by the database itself: a Dexie middleware sees
// every write to `bills` — the sync worker's pages, a cleared company, an outbox rebuild, any later bill edit — and
// updates the summaries of the months it touched in the same transaction. No caller can forget it, and a
// transaction that fails takes its summary changes with it.
import { Dexie } from 'dexie';
import type {
  DBCore,
  DBCoreMutateRequest,
  DBCoreTable,
  DBCoreTransaction,
  Middleware,
  Transaction,
} from 'dexie';
import { addBillTo, applyBill, emptySummary, summaryMonthOf } from '../domain/billMonthSummary';
import type { BillMonthSummary, SummaryBill, SummaryMap } from '../domain/billMonthSummary';

/** The table of the summaries, keyed [companyId+billMonth]. */
export const SUMMARY_TABLE = 'billMonthSummaries';
const BILLS = 'bills';

/** A stored summary. */
export type BillMonthSummaryRow = BillMonthSummary;

const keyOf = (companyId: number, billMonth: string): [number, string] => [companyId, billMonth];
const textKey = (companyId: number, billMonth: string): string => `${companyId}|${billMonth}`;

// Everything below runs inside Dexie's middleware stack, where the layers underneath find the current transaction
// through Dexie's zone. Native async functions would lose that zone, so these steps chain the DBCore calls' own
// (Dexie) promises with `then` instead.

/** The bills a write replaces or removes, read in its transaction before it runs. */
function previousBills(table: DBCoreTable, req: DBCoreMutateRequest): Promise<(SummaryBill | undefined)[]> {
  const { trans } = req;
  switch (req.type) {
    case 'add':
      return Dexie.Promise.resolve([]);
    case 'put':
      return table.getMany({ trans, keys: req.values.map((value: SummaryBill) => value.id) }) as Promise<
        (SummaryBill | undefined)[]
      >;
    case 'delete':
      return table.getMany({ trans, keys: req.keys }) as Promise<(SummaryBill | undefined)[]>;
    case 'deleteRange':
      return table
        .query({ trans, values: true, query: { index: table.schema.primaryKey, range: req.range } })
        .then((answer) => answer.result as SummaryBill[]);
  }
}

/** The bills a write stored (add, put) and the old ones it replaced or removed, leaving out failed operations. */
function writtenBills(
  req: DBCoreMutateRequest,
  previous: readonly (SummaryBill | undefined)[],
  failures: Record<number, Error>,
): { removed: SummaryBill[]; added: SummaryBill[] } {
  const ok = (i: number) => !(i in failures);
  if (req.type === 'deleteRange')
    return { removed: previous.flatMap((bill) => (bill ? [bill] : [])), added: [] };
  const removed = previous.flatMap((bill, i) => (bill && ok(i) ? [bill] : []));
  const added = req.type === 'delete' ? [] : (req.values as SummaryBill[]).filter((_, i) => ok(i));
  return { removed, added };
}

/** Adds the written bills and takes away the ones they replaced or removed, in the write's transaction. */
function updateSummaries(
  summaries: DBCoreTable,
  trans: DBCoreTransaction,
  removed: readonly SummaryBill[],
  added: readonly SummaryBill[],
): Promise<unknown> {
  if (removed.length === 0 && added.length === 0) return Dexie.Promise.resolve();
  const touched = new Map<string, [number, string]>();
  for (const bill of [...removed, ...added]) {
    const month = summaryMonthOf(bill);
    touched.set(textKey(bill.companyId, month), keyOf(bill.companyId, month));
  }
  const keys = [...touched.values()];
  return summaries.getMany({ trans, keys }).then((stored: (BillMonthSummaryRow | undefined)[]) => {
    const byKey = new Map<string, BillMonthSummaryRow>();
    keys.forEach(([companyId, month], i) => {
      byKey.set(textKey(companyId, month), stored[i] ?? emptySummary(companyId, month));
    });
    const summaryOf = (bill: SummaryBill) => byKey.get(textKey(bill.companyId, summaryMonthOf(bill)));
    for (const bill of removed) {
      const summary = summaryOf(bill);
      if (summary) applyBill(summary, bill, -1);
    }
    for (const bill of added) {
      const summary = summaryOf(bill);
      if (summary) applyBill(summary, bill, 1);
    }
    const all = [...byKey.values()];
    const puts = all.filter((summary) => summary.billCount > 0);
    const deletes = all
      .filter((summary) => summary.billCount <= 0)
      .map((s) => keyOf(s.companyId, s.billMonth));
    const putting =
      puts.length > 0 ? summaries.mutate({ type: 'put', trans, values: puts }) : Dexie.Promise.resolve();
    return putting.then(() =>
      deletes.length > 0 ? summaries.mutate({ type: 'delete', trans, keys: deletes }) : undefined,
    );
  });
}

function summarizingBills(down: DBCore, bills: DBCoreTable): DBCoreTable {
  // Writes of one transaction update the summaries one after the other: two interleaved read-add-write steps on
  // the same month would lose one's figures.
  const queues = new WeakMap<DBCoreTransaction, Promise<unknown>>();
  return {
    ...bills,
    mutate(req) {
      const run = () =>
        previousBills(bills, req).then((previous) =>
          bills.mutate(req).then((answer) => {
            const { removed, added } = writtenBills(req, previous, answer.failures);
            // Looked up here, not when the stack is built: during an upgrade the stack exists before the table.
            return updateSummaries(down.table(SUMMARY_TABLE), req.trans, removed, added).then(() => answer);
          }),
        );
      const before = queues.get(req.trans) ?? Dexie.Promise.resolve();
      const next = before.then(run, run);
      queues.set(req.trans, next);
      return next;
    },
  };
}

/** The middleware: every read-write transaction over `bills` also holds the summaries table. */
export const billMonthSummaryMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'billMonthSummaries',
  create(down) {
    return {
      ...down,
      transaction(stores, mode, options) {
        const withSummaries =
          mode === 'readwrite' && stores.includes(BILLS) && !stores.includes(SUMMARY_TABLE);
        return down.transaction(withSummaries ? [...stores, SUMMARY_TABLE] : stores, mode, options);
      },
      table(name) {
        const table = down.table(name);
        return name === BILLS ? summarizingBills(down, table) : table;
      },
    };
  },
};

/** Schema upgrade: the summaries of the bills already on the device, from one pass of a cursor over them. */
export async function summarizeStoredBills(transaction: Transaction): Promise<void> {
  const summaries: SummaryMap = new Map();
  await transaction.table<SummaryBill>(BILLS).each((bill) => addBillTo(summaries, bill));
  await transaction.table(SUMMARY_TABLE).bulkPut([...summaries.values()]);
}

/** Schema upgrade: the summaries made again from the stored bills (a summary gained a figure). */
export async function summarizeStoredBillsAgain(transaction: Transaction): Promise<void> {
  await transaction.table(SUMMARY_TABLE).clear();
  await summarizeStoredBills(transaction);
}
