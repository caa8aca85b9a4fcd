// `npm run bench:accruals`: times the accruals tool (POST /accrualsReport's work: read bills, estimate every active
// account, write and store the workbook) on the scale-L company (4,616 accounts, 166 k bills), in a fresh embedded
// database in a temporary folder. The budget: ≤ 5 s. Prints each run and the median.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';
import { accounts } from '../server/src/db/schema';
import { analyzeDatabase } from '../server/src/db/maintenance';
import { writeAccrualsReport } from '../server/src/areas/billpay/accruals';
import { SEED_AS_OF, seedScale } from '../server/src/seed';

const RUNS = 3;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'get-bench-accruals-'));
  const handle = await openDatabase({ dataDir });
  try {
    await migrateDatabase(handle);
    const seeded = await seedScale(handle.db, 'L');
    await analyzeDatabase(handle.db);
    const companyId = seeded.companyId;
    if (companyId === undefined) throw new Error('the scale company was not seeded');
    const [active] = await handle.db
      .select({ n: count() })
      .from(accounts)
      .where(eq(accounts.companyId, companyId));
    const asOf = new Date(SEED_AS_OF);
    // The month end before the data's as-of date: the month an accountant closes.
    const year = asOf.getUTCMonth() === 0 ? asOf.getUTCFullYear() - 1 : asOf.getUTCFullYear();
    const month = asOf.getUTCMonth() === 0 ? 12 : asOf.getUTCMonth();
    console.log(
      `scale-L: ${active?.n ?? 0} accounts; accruals for ${year}-${String(month).padStart(2, '0')}`,
    );
    const times: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const started = performance.now();
      const result = await writeAccrualsReport(handle.db, companyId, year, month);
      const ms = performance.now() - started;
      times.push(ms);
      console.log(
        `run ${run}: ${(ms / 1000).toFixed(2)} s — ${result.accounts} accounts accrued, total ${result.total}`,
      );
    }
    times.sort((a, b) => a - b);
    console.log(`median ${((times[Math.floor(RUNS / 2)] ?? 0) / 1000).toFixed(2)} s (budget 5 s)`);
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
