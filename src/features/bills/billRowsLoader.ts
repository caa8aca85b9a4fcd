// The Bills grid's rows, read from the device a chunk at a time (docs/architecture.md §9): the page knows every id in
// range from the index at once, reads the chunk on screen first and the rest after it, a few hundred bills per read,
// so no task holds the main thread for long while a year of bills (~55,000) arrives. Sorting, the quick filter, the
// page's filters and totals wait for the whole range; the rows on screen never do.
import type { BillListRow } from '../../db/queries/billsPage';

/** Bills read at a time: a read and its rows take a few ms, far under a 50 ms task. */
export const BILL_ROWS_CHUNK = 400;

/** What the grid shows of the rows so far. */
export interface BillRowsSnapshot {
  /** One entry per id, undefined until read. The same array while it fills; a new one when complete. */
  readonly rows: readonly (BillListRow | undefined)[];
  /** Every row read (a bill gone meanwhile is left out). */
  readonly isComplete: boolean;
  /** Changes each time rows were filled in place: the cells on screen are due a redraw. */
  readonly revision: number;
}

/** Reads the rows of some ids, in their order; undefined for a bill no longer on the device. */
export type ReadBillRows = (ids: readonly string[]) => Promise<(BillListRow | undefined)[]>;

/** Reads the ids of the range, in the grid's order. */
export type ReadBillIds = () => Promise<readonly string[]>;

/**
 * Loads the ids of a range, then their rows chunk by chunk; `wantRows` moves the chunks on screen to the front of the
 * queue.
 */
export class BillRowsLoader {
  private snapshot: BillRowsSnapshot;
  private ids: readonly string[] | null = null;
  private filling: (BillListRow | undefined)[] = [];
  private isRead = new Uint8Array(0);
  private readonly wanted: number[] = [];
  private nextChunk = 0;
  private readCount = 0;
  /** The rows on screen (indexes into ids): a chunk read among them is published at once, others quietly. */
  private shown: [number, number] = [0, BILL_ROWS_CHUNK - 1];
  private isRunning = false;
  private isStopped = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly readIds: ReadBillIds,
    private readonly read: ReadBillRows,
    /** The range's rows read before and known to be current: complete at once. */
    complete?: readonly BillListRow[],
  ) {
    this.snapshot = complete
      ? { rows: complete, isComplete: true, revision: 0 }
      : { rows: [], isComplete: false, revision: 0 };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): BillRowsSnapshot => this.snapshot;

  /** Starts reading (the first chunk, then whatever is wanted, then the rest in order). */
  start(): void {
    this.isStopped = false;
    this.run().catch((error: unknown) => console.error('Reading the bills of the range failed', error));
  }

  /** Stops after the read under way (the page left, or the ids changed). */
  stop(): void {
    this.isStopped = true;
  }

  /** The grid shows rows `from` to `to` (indexes into ids, both included): their chunks are read next. */
  readonly wantRows = (from: number, to: number): void => {
    this.shown = [from, to];
    if (this.snapshot.isComplete || this.isRead.length === 0) return;
    const first = Math.max(0, Math.floor(from / BILL_ROWS_CHUNK));
    const last = Math.min(this.isRead.length - 1, Math.floor(to / BILL_ROWS_CHUNK));
    this.wanted.length = 0;
    for (let chunk = first; chunk <= last; chunk++) if (!this.isRead[chunk]) this.wanted.push(chunk);
  };

  private pickChunk(): number | null {
    for (;;) {
      const chunk = this.wanted.shift();
      if (chunk === undefined) break;
      if (!this.isRead[chunk]) return chunk;
    }
    while (this.nextChunk < this.isRead.length && this.isRead[this.nextChunk]) this.nextChunk += 1;
    return this.nextChunk < this.isRead.length ? this.nextChunk : null;
  }

  private async run(): Promise<void> {
    if (this.isRunning || this.snapshot.isComplete) return;
    this.isRunning = true;
    try {
      if (this.ids === null) {
        const ids = await this.readIds();
        if (this.isStopped) return;
        this.ids = ids;
        this.filling = new Array<BillListRow | undefined>(ids.length).fill(undefined);
        this.isRead = new Uint8Array(Math.ceil(ids.length / BILL_ROWS_CHUNK));
        if (ids.length === 0) {
          this.publish({ rows: [], isComplete: true, revision: 1 });
          return;
        }
        this.wantRows(...this.shown);
      }
      for (let chunk = this.pickChunk(); chunk !== null && !this.isStopped; chunk = this.pickChunk()) {
        const from = chunk * BILL_ROWS_CHUNK;
        const rows = await this.read((this.ids ?? []).slice(from, from + BILL_ROWS_CHUNK));
        if (this.isStopped) return;
        rows.forEach((row, i) => (this.filling[from + i] = row));
        this.isRead[chunk] = 1;
        this.readCount += 1;
        const revision = this.snapshot.revision + 1;
        if (this.readCount === this.isRead.length) {
          const complete = this.filling.filter((row): row is BillListRow => row !== undefined);
          this.publish({ rows: complete, isComplete: true, revision });
        } else if (from <= this.shown[1] && from + BILL_ROWS_CHUNK > this.shown[0])
          this.publish({ rows: this.filling, isComplete: false, revision });
      }
    } finally {
      this.isRunning = false;
    }
  }

  private publish(next: BillRowsSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}

/** The last complete rows of a page, kept for the next visit while nothing they are made of was written since. */
export interface BillRowsCache {
  /** Counts writes to the tables rows are made of (bills, accounts, locations, alerts), in any tab or worker. */
  noteWrite: () => void;
  /** The write count now: rows read from now on are current until it changes. */
  stamp: () => number;
  /** The rows kept for `key` (the user's database, the company and the range), if no write came after they were read. */
  find: (key: string) => readonly BillListRow[] | undefined;
  keep: (key: string, stamp: number, rows: readonly BillListRow[]) => void;
}

/** An empty cache (one per page kind, at module level, so it outlives the page). */
export function billRowsCache(): BillRowsCache {
  let writes = 0;
  let last: { key: string; stamp: number; rows: readonly BillListRow[] } | null = null;
  return {
    noteWrite: () => {
      writes += 1;
    },
    stamp: () => writes,
    find: (key) => (last && last.key === key && last.stamp === writes ? last.rows : undefined),
    keep: (key, stamp, rows) => {
      last = { key, stamp, rows };
    },
  };
}
