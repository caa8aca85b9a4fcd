// Messages between an orchestrator (bench/sync.bench.ts, bench/pages.bench.ts) and the bench server process
// (bench/server.ts).

/** Orchestrator → server. */
export type ToServer = { type: 'serve' } | { type: 'touch'; rows: number } | { type: 'stop' };

/** A seeded company as bench/field.bench.ts measures it: its feed rows and a site and account to open. */
export interface BenchCompany {
  id: number;
  name: string;
  /** Rows of the company the change feed serves (every synced table, the company record included). */
  companyRows: number;
  rowsByEntity: Record<string, number>;
  /** The first site by name with a billed account, and that account (the single location and account pages). */
  sampleLocationId: string;
  sampleAccountId: string;
  /** The newest bill month (`YYYY-MM`): the latest 12 months of bills end with it (bench/firstSyncWatch.ts). */
  latestBillMonth: string;
}

/** Server → orchestrator. */
export type FromServer =
  | { type: 'progress'; message: string }
  /** Seeded; waiting for `serve` (the page or app in SPA_DIR must be built before the server looks for it). */
  | { type: 'seeded' }
  | {
      type: 'ready';
      port: number;
      companyId: number;
      companyName: string;
      /** Rows of the company the change feed serves (every synced table, the company record included). */
      companyRows: number;
      rowsByEntity: Record<string, number>;
      seedMs: number;
      /** The demo company Northwind Retail, then the scale-L company. */
      companies: BenchCompany[];
    }
  | { type: 'touched'; rows: number; ms: number }
  | { type: 'failed'; message: string };
