// The Bills grid's rows, read from the device a chunk at a time (docs/architecture.md §9): the page knows every id in
// range from the index at once, reads the chunk on screen first and the rest after it, a few hundred bills per read,
// so no task holds the main thread for long while a year of bills (~55,000) arrives. Sorting, the quick filter, the
// page's filters and totals wait for the whole range; the rows on screen never do.
import type { BillListRow } from '../../db/queries/billsPage';

/**
 * Bills read at a time. Chromium hands a read's rows over in one task (structured clone of every bill): 400 bills
 * with their alerts took ~80 ms on the 2-core reference machine (bench:pages), so half as many keep it under 50 ms.
 */
export const BILL_ROWS_CHUNK = 200;

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

/** Rows a screen shows at most (a 900 px window shows ~25): read first, while the range's ids are read. */
export const BILL_HEAD_ROWS = 60;

/**
 * The range's size and its first rows, each read without the range's ids (a year's ids take ~400 ms to read on
 * scale L): what the screen shows first. The size may be an estimate (the month summaries' count): the ids decide.
 */
export interface BillRowsHead {
  count: () => Promise<number>;
  rows: (limit: number) => Promise<BillListRow[]>;
}

/**
 * Loads the ids of a range, then their rows chunk by chunk; `wantRows` moves the chunks on screen to the front of the
 * queue.
 */
export class BillRowsLoader {
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

  private snapshot: BillRowsSnapshot = { rows: [], isComplete: false, revision: 0 };

  constructor(
    private readonly readIds: ReadBillIds,
    private readonly read: ReadBillRows,
    private readonly head?: BillRowsHead,
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): BillRowsSnapshot => this.snapshot;

  /** Starts reading (the first chunk, then whatever is wanted, then the rest in order); again, nothing new. */
  start(): void {
    if (this.isStopped) return;
    this.run().catch((error: unknown) => console.error('Reading the bills of the range failed', error));
  }

  /** Stops for good after the read under way (a write or another range made its rows stale). */
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
        // The head first: IndexedDB serves a database's reads one after another, so reading the ids at the same
        // time would hold the head back.
        const headRows = this.head ? await this.showHead(this.head) : [];
        if (this.isStopped) return;
        const ids = await this.readIds();
        if (this.isStopped) return;
        this.ids = ids;
        this.filling = new Array<BillListRow | undefined>(ids.length).fill(undefined);
        headRows.forEach((row, i) => {
          if (ids[i] === row.id) this.filling[i] = row;
        });
        this.isRead = new Uint8Array(Math.ceil(ids.length / BILL_ROWS_CHUNK));
        if (ids.length === 0) {
          this.publish({ rows: [], isComplete: true, revision: this.snapshot.revision + 1 });
          return;
        }
        this.wantRows(...this.shown);
      }
      for (let chunk = this.pickChunk(); chunk !== null && !this.isStopped; chunk = this.pickChunk()) {
        const from = chunk * BILL_ROWS_CHUNK;
        const ids = this.ids ?? [];
        // Positions of the chunk not read yet (the head's rows are).
        const unread: number[] = [];
        for (let i = from; i < Math.min(from + BILL_ROWS_CHUNK, ids.length); i++)
          if (this.filling[i] === undefined) unread.push(i);
        const rows = unread.length > 0 ? await this.read(unread.map((i) => ids[i] ?? '')) : [];
        if (this.isStopped) return;
        unread.forEach((position, i) => (this.filling[position] = rows[i]));
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

  /** Reads the range's size and first rows and shows them (as many blank rows as the range has after them). */
  private async showHead(head: BillRowsHead): Promise<readonly BillListRow[]> {
    const [count, rows] = await Promise.all([head.count(), head.rows(BILL_HEAD_ROWS)]);
    if (this.isStopped || count === 0) return rows;
    const shown = new Array<BillListRow | undefined>(Math.max(count, rows.length)).fill(undefined);
    rows.forEach((row, i) => (shown[i] = row));
    this.publish({ rows: shown, isComplete: false, revision: this.snapshot.revision + 1 });
    return rows;
  }

  private publish(next: BillRowsSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}

/**
 * The loader of the range last shown, kept at module level so that it outlives the page: it reads on after the user
 * leaves, and coming back while nothing its rows are made of was written since shows every row at once (or the rows
 * read so far). A write, or another range, makes a new loader and stops the old one.
 */
export interface KeptBillRows {
  /** Counts writes to the tables rows are made of (bills, accounts, locations, alerts), in any tab or worker. */
  noteWrite: () => void;
  /** The loader kept for `key` (the user's database, the company and the range) if still current, else `make()`'s. */
  loaderFor: (key: string, make: () => BillRowsLoader) => BillRowsLoader;
}

/** Nothing kept yet (one per page kind, at module level). */
export function keptBillRows(): KeptBillRows {
  let writes = 0;
  let kept: { key: string; writes: number; loader: BillRowsLoader } | null = null;
  return {
    noteWrite: () => {
      writes += 1;
    },
    loaderFor: (key, make) => {
      if (kept && kept.key === key && kept.writes === writes) return kept.loader;
      kept?.loader.stop();
      const loader = make();
      kept = { key, writes, loader };
      return loader;
    },
  };
}
