// `npm run bench:import`: the import budgets (docs/architecture.md §9, §14 Imports).
// 1. The device's side, in Node with the code the import worker runs (workers/imports/api.ts calls the same domain
//    functions): a 50,000-row bill spreadsheet, CSV and XLSX, read, mapped, checked and matched to accounts and the
//    bills present. Budget: ≤ 10 s. In the browser this runs in the worker; the page only awaits it.
// 2. A year of 15-minute Green Button data (35,040 readings) read into monthly bills. Budget: ≤ 5 s.
// 3. The server's side: the same CSV applied once by `POST /api/companies/:companyId/imports` on embedded PGlite,
//    seeded with the demo (re-read, matched, de-duplicated, written in one transaction, audited). Budget: ≤ 30 s.
// Options: `--rows N` (default 50,000), `--runs N` (default 3, the median is reported).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { signAccessToken } from '../server/src/auth/tokens';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';
import { accounts, companies } from '../server/src/db/schema';
import { seedDemoIfEmpty } from '../server/src/seed';
import { DEMO_USERS } from '../server/src/seed/users';
import {
  matchImportAccounts,
  prepareBillRows,
  prepareGreenButton,
  readSpreadsheet,
} from '../src/domain/imports/batches';
import { classifyBills } from '../src/domain/imports/spreadsheet/duplicates';
import { espiFeed, evenReadings } from '../tests/domain/imports/greenButton/espiFeed';
import { buildWorkbook } from '../workers/export/workbook';
import { int, log, ms, sec, table, verdict, warnIfLoaded, writeResults } from './harness';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '50000' }, runs: { type: 'string', default: '3' } },
});
const rowCount = Math.max(1, Number(values.rows ?? '50000'));
const runs = Math.max(1, Number(values.runs ?? '3'));
const ADMIN = 'admin@northwind.demo';

const HEADERS = [
  'Account Number',
  'Vendor',
  'Service',
  'Read Date From',
  'Read Date To',
  'Usage',
  'Unit',
  'Total',
];

/** Bill rows over the accounts, a month each, in months before any demo bill so none is a duplicate. */
function billRows(list: readonly { accountNumber: string; vendorName: string }[], count: number): string[][] {
  const rows: string[][] = [];
  for (let i = 0; i < count; i++) {
    const account = list[i % list.length]!;
    const monthIndex = Math.floor(i / list.length);
    const year = 1960 + Math.floor(monthIndex / 12);
    const month = String((monthIndex % 12) + 1).padStart(2, '0');
    rows.push([
      account.accountNumber,
      account.vendorName,
      'Electric',
      `${year}-${month}-01`,
      `${year}-${month}-28`,
      String(1000 + (i % 500)),
      'kWh',
      (150 + (i % 97) / 4).toFixed(2),
    ]);
  }
  return rows;
}

function csvOf(rows: readonly (readonly string[])[]): Uint8Array {
  return new TextEncoder().encode([HEADERS, ...rows].map((row) => row.join(',')).join('\r\n'));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

async function main(): Promise<void> {
  warnIfLoaded();
  const dataDir = mkdtempSync(join(tmpdir(), 'get-bench-import-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-import', LOG_LEVEL: 'silent' });
  log('seeding the demo on embedded PGlite');
  const handle = await openDatabase({ dataDir: config.dataDir });
  await migrateDatabase(handle);
  const { db } = handle;
  await seedDemoIfEmpty(db);
  const admin = DEMO_USERS.find((user) => user.email === ADMIN);
  if (!admin) throw new Error(`no demo user ${ADMIN}`);
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, admin.companyId));
  if (!company) throw new Error('the demo company is missing');
  const companyAccounts = await db
    .select({ id: accounts.id, accountNumber: accounts.accountNumber, vendorName: accounts.vendorName })
    .from(accounts)
    .where(eq(accounts.companyId, company.id));
  const rows = billRows(companyAccounts, rowCount);
  const csv = csvOf(rows);
  const xlsx = new Uint8Array(
    await buildWorkbook(
      rows.map((row) => row.map((cell, i) => (i === 5 || i === 7 ? Number(cell) : cell))),
      HEADERS.map((title) => ({ title, kind: 'text' as const })),
      { title: 'Bills', blankCells: 'empty' },
    ),
  );

  // 1. The device's side.
  const deviceRun = async (fileName: string, bytes: Uint8Array) => {
    const cells = await readSpreadsheet(fileName, bytes);
    const { reading } = prepareBillRows(cells);
    const { matched, errors } = matchImportAccounts(reading.bills, companyAccounts);
    const matches = classifyBills(
      matched.map((one) => one.bill),
      [],
    );
    return { bills: matched.length, errors: reading.errors.length + errors.length, news: matches.length };
  };
  const device: Record<string, { medianMs: number; bills: number; errors: number; bytes: number }> = {};
  for (const [name, fileName, bytes] of [
    ['CSV', 'bills.csv', csv],
    ['XLSX', 'bills.xlsx', xlsx],
  ] as const) {
    const times: number[] = [];
    let last = { bills: 0, errors: 0, news: 0 };
    for (let run = 0; run < runs; run++) {
      const { ms: took, result } = await timed(() => deviceRun(fileName, bytes));
      times.push(took);
      last = result;
    }
    device[name] = { medianMs: median(times), bills: last.bills, errors: last.errors, bytes: bytes.length };
    log(
      `${name}: ${int(rowCount)} rows → ${int(last.bills)} bills, ${int(last.errors)} errors, median ${ms(median(times))}`,
    );
  }

  // 2. Green Button, a year of 15-minute readings.
  const xml = espiFeed({
    readings: evenReadings(Date.UTC(2025, 0, 1, 5) / 1000, 900, 35_040, (i) => 100 + (i % 4)),
  });
  const gbTimes: number[] = [];
  let gbBills = 0;
  for (let run = 0; run < runs; run++) {
    const { ms: took, result } = await timed(async () =>
      prepareGreenButton(xml, { accountNumber: 'GB-1', vendorName: 'Bench Power' }),
    );
    gbTimes.push(took);
    gbBills = result.reading.bills.length;
  }
  log(`Green Button: 35,040 readings → ${gbBills} monthly bills, median ${ms(median(gbTimes))}`);

  // 3. The server's side, once (a second run would find every bill a duplicate).
  const app = await buildApp({ config, db }, { logger: false });
  const token = await signAccessToken(config, {
    userId: admin.id,
    companyId: admin.companyId,
    role: [...admin.roles],
  });
  const body = JSON.stringify({
    fileName: 'bills.csv',
    fileValue: Buffer.from(csv).toString('base64'),
    kind: 'bills',
  });
  const { ms: serverMs, result: answer } = await timed(() =>
    app.inject({
      method: 'POST',
      url: `/api/companies/${company.id}/imports`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': 'bench-import:1',
      },
      payload: body,
    }),
  );
  const applied = answer.json<{ counts?: { bills: number } }>();
  log(
    `server: HTTP ${answer.statusCode}, ${int(applied.counts?.bills ?? 0)} bills applied in ${sec(serverMs)}`,
  );
  if (answer.statusCode !== 201) log(answer.body.slice(0, 500));
  const batchId = (applied as { id?: string }).id ?? '00000000-0000-4000-8000-000000000000';
  const { ms: undoMs, result: undone } = await timed(() =>
    app.inject({
      method: 'DELETE',
      url: `/api/companies/${company.id}/imports/${batchId}`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'bench-import:2' },
    }),
  );
  log(`server: undo HTTP ${undone.statusCode} in ${sec(undoMs)}`);
  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });

  const lines = [
    ['step', 'rows', 'result', 'time', 'budget', ''],
    ...Object.entries(device).map(([name, figures]) => [
      `device: ${name} read, mapped, checked`,
      int(rowCount),
      `${int(figures.bills)} bills, ${int(figures.errors)} errors`,
      ms(figures.medianMs),
      '10 s',
      verdict(figures.medianMs <= 10_000),
    ]),
    [
      'device: Green Button 15-minute year',
      '35,040',
      `${gbBills} bills`,
      ms(median(gbTimes)),
      '5 s',
      verdict(median(gbTimes) <= 5_000),
    ],
    [
      'server: CSV applied (PGlite)',
      int(rowCount),
      `HTTP ${answer.statusCode}, ${int(applied.counts?.bills ?? 0)} bills`,
      sec(serverMs),
      '30 s',
      verdict(answer.statusCode === 201 && serverMs <= 30_000),
    ],
    ['server: batch undone (PGlite)', int(rowCount), `HTTP ${undone.statusCode}`, sec(undoMs), '', ''],
  ];
  console.log(`\n${table(lines)}`);
  const file = writeResults('import', {
    rowCount,
    runs,
    device,
    greenButtonMs: median(gbTimes),
    serverMs,
    status: answer.statusCode,
  });
  console.log(`\nResults: ${file}`);
}

await main();
