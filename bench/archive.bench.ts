// Archive search timing (docs/architecture.md §9, figures: docs/decisions/bills.md; budget: ≤ 300 ms on 100,000 statements).
// The real app on a fresh embedded database, one company with ARCHIVE_ROWS archived statements written by SQL
// (account numbers, vendors, invoice dates and amounts spread as the scale seed spreads them), then each search of
// SEARCHES timed end to end over HTTP on loopback, RUNS times after one warm-up. Usage: `npm run bench:archive`.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { signAccessToken } from '../server/src/auth/tokens';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';
import type { ArchiveSearch } from '../src/domain/archive';

const ARCHIVE_ROWS = Number(process.env.ARCHIVE_ROWS ?? 110_000);
const RUNS = Number(process.env.RUNS ?? 15);
const BUDGET_MS = 300;

const SEARCHES: Record<string, ArchiveSearch> = {
  'everything, newest first (page 1)': {},
  'everything, page 500 by amount': { sortBy: 'amount', sortDir: 'desc', page: 500 },
  'account number prefix': { accountNumber: '4001' },
  'vendor prefix, by vendor': { vendorName: 'metro', sortBy: 'vendorName' },
  'invoice date range (3 months)': { invoiceDateFrom: '2021-01-01', invoiceDateTo: '2021-03-31' },
  'amount range, by amount': { amountMin: 1000, amountMax: 1200, sortBy: 'amount' },
  'statement id': { statementId: 'gc4250001' },
  'all criteria': {
    accountNumber: '4',
    vendorName: 'm',
    invoiceDateFrom: '2020-06-01',
    invoiceDateTo: '2021-06-30',
    amountMin: 100,
    amountMax: 4000,
  },
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const max = (values: number[]) => Math.max(...values);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'get-archive-bench-'));
  const config = loadConfig({
    JWT_SECRET: `bench-${randomUUID()}`,
    DATA_DIR: dataDir,
    SPA_DIR: join(dataDir, 'no-spa'),
    LOG_LEVEL: 'silent',
  });
  const handle = await openDatabase({ dataDir });
  try {
    await migrateDatabase(handle);
    const { db } = handle;
    await db.execute(
      sql`insert into companies (id, name, archive_table_name, version) values (900, 'Archive Bench', 'archive_bench', 0)`,
    );
    const started = performance.now();
    await db.execute(sql`
      insert into archive_records (company_id, gc_statement_id, account_number, vendor_name, bill_month, invoice_date, amount)
      select 900, 'GC' || (4200000 + i * 7), (400000 + (i * 7919) % 4616)::text,
        (array['Metro Power','City Water','Gulf Gas','Prairie Electric','Summit Waste','Lakeside Telecom'])[1 + i % 6],
        to_char(date '2020-01-15' + ((i % 730) || ' days')::interval, 'YYYY-MM'),
        date '2020-01-15' + (i % 730),
        round((50 + (i * 37) % 4950)::numeric + ((i % 100)::numeric / 100), 2)
      from generate_series(1, ${ARCHIVE_ROWS}) as i`);
    await db.execute(sql`analyze archive_records`);
    console.log(
      `Wrote ${ARCHIVE_ROWS.toLocaleString('en-US')} statements in ${Math.round(performance.now() - started)} ms`,
    );

    const app = await buildApp({ config, db }, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const token = await signAccessToken(config, { userId: 1, companyId: 1, role: ['Super Consultant'] });
    const url = `http://127.0.0.1:${address.port}/api/companies/900/archive/search`;
    const search = async (body: ArchiveSearch) => {
      const t0 = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { total?: number };
      if (response.status !== 200)
        throw new Error(`search answered ${response.status}: ${JSON.stringify(answer)}`);
      return { ms: performance.now() - t0, total: answer.total ?? 0 };
    };

    let worst = 0;
    for (const [name, body] of Object.entries(SEARCHES)) {
      const { total } = await search(body);
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) times.push((await search(body)).ms);
      worst = Math.max(worst, max(times));
      console.log(
        `${name.padEnd(36)} ${String(total).padStart(7)} matches  median ${median(times).toFixed(1)} ms  max ${max(times).toFixed(1)} ms`,
      );
    }
    console.log(
      `Slowest search: ${worst.toFixed(1)} ms (budget ${BUDGET_MS} ms) → ${worst <= BUDGET_MS ? 'within' : 'OVER'}`,
    );
    await app.close();
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
