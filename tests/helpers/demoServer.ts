// A real server seeded with the small demo (fixed as-of date, so every run sees the same rows) and access
// tokens for the demo users, for the tests of the data areas.
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { COMPANY_IDS, DEMO_USERS } from '../../server/src/seed';
import { call, startTestServer } from './testServer';
import type { CallResult, TestServer } from './testServer';
import { tokenFor } from './fixtures';

/** Starting a server on the seeded demo takes seconds, more on a busy machine: the hook timeout of the files that do. */
export const SEED_TIMEOUT_MS = 60_000;

/** Demo users the tests sign in as, by role. */
export const DEMO_EMAILS = {
  superConsultant: 'super@get.demo',
  consultant: 'consultant@get.demo',
  northwindAdmin: 'admin@northwind.demo',
  northwindClient: 'client@northwind.demo',
  northwindLimited: 'limited@northwind.demo',
  harborClient: 'client@harbor.demo',
  summitClient: 'client@summit.demo',
} as const;

/** One of the signed-in demo users. */
export type DemoRole = keyof typeof DEMO_EMAILS;

/** The seeded server and a token per demo role. */
export interface DemoServer {
  server: TestServer;
  tokens: Record<DemoRole, string>;
  companies: typeof COMPANY_IDS;
  /** Calls the API as one of the demo users. */
  as<T = unknown>(
    role: DemoRole,
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<CallResult<T>>;
  /** Rows of a SQL query, for computing expected figures independently of the routes. */
  rows<T extends Record<string, unknown>>(query: SQL): Promise<T[]>;
}

/** Starts the server on a database of its own, seeded with the small demo (a copy of the one prepared per run). */
export async function startDemoServer(options: { env?: Record<string, string> } = {}): Promise<DemoServer> {
  const server = await startTestServer({ ...options, from: 'demo' });
  const entries = await Promise.all(
    Object.entries(DEMO_EMAILS).map(async ([role, email]) => {
      const user = DEMO_USERS.find((candidate) => candidate.email === email);
      if (!user) throw new Error(`no demo user ${email}`);
      return [
        role,
        await tokenFor(server.config, { id: user.id, companyId: user.companyId, roles: [...user.roles] }),
      ] as const;
    }),
  );
  const tokens = Object.fromEntries(entries) as Record<DemoRole, string>;
  return {
    server,
    tokens,
    companies: COMPANY_IDS,
    as: (role, method, path, options = {}) => call(server, method, path, { token: tokens[role], ...options }),
    rows: async <T extends Record<string, unknown>>(query: SQL): Promise<T[]> => {
      const result = await server.db.execute<T>(query);
      // Drizzle types rows through a conditional type that a generic T cannot resolve; it is T for any record.
      return result.rows as T[];
    },
  };
}

/** Sums dollar amounts given as numeric text exactly, in cents. */
export function sumDollars(values: readonly (string | number | null)[]): number {
  let cents = 0;
  for (const value of values) cents += Math.round(Number(value ?? 0) * 100);
  return cents / 100 + 0;
}

/** The 12 months ending with `end` (YYYY-MM), oldest first, computed without the domain helper. */
export function twelveMonthsEnding(end: string): string[] {
  const [year, month] = end.split('-').map(Number);
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 12 + index, 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** SQL for a text list, e.g. the months of a window. */
export function sqlList(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}
