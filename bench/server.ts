// The bench's server process: the real app (buildApp, the real routes and change feed) on a fresh embedded
// database in DATA_DIR, seeded with the demo and (unless BENCH_SCALE=none) the scale-L company. Embedded PGlite belongs to one
// process, so the bench's data changes (1 % of rows for the re-sync) are made here, through runSyncedWrite
// like every real write, on the orchestrator's request over the IPC channel.
import type { AddressInfo } from 'node:net';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import type { Db } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';
import { bills, companies, users } from '../server/src/db/schema';
import { seedDemoIfEmpty, seedScale } from '../server/src/seed';
import { SYNCED_TABLES, SYNCED_TABLE_NAMES } from '../server/src/sync/entities';
import { runSyncedWrite } from '../server/src/sync/syncedWrite';
import type { BenchCompany, FromServer, ToServer } from './messages';

const BENCH_USER = 'super@get.demo';
/** The demo company bench/field.bench.ts syncs beside the scale-L one. */
const DEMO_COMPANY = 'Northwind Retail';

function send(message: FromServer): void {
  process.send?.(message);
}

function isToServer(value: unknown): value is ToServer {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    ['serve', 'touch', 'stop'].includes(String(value.type))
  );
}

/** What the feed serves the bench user for the company, per entity. */
async function countFeedRows(db: Db, companyId: number, userId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of SYNCED_TABLE_NAMES) {
    const entry = SYNCED_TABLES[name];
    const conditions: (SQL | undefined)[] = [eq(entry.companyId, companyId)];
    if ('userId' in entry && entry.userId) conditions.push(eq(entry.userId, userId));
    const [row] = await db
      .select({ n: count() })
      .from(entry.table)
      .where(and(...conditions));
    counts[name] = row?.n ?? 0;
  }
  const [company] = await db.select({ n: count() }).from(companies).where(eq(companies.id, companyId));
  counts.companies = company?.n ?? 0;
  return counts;
}

/** The company's feed rows and its first site by name with a billed account (bench/field.bench.ts). */
async function describeCompany(db: Db, companyId: number, userId: number): Promise<BenchCompany> {
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  const rowsByEntity = await countFeedRows(db, companyId, userId);
  const sample = await db.execute<{ location_id: string; account_id: string }>(
    sql`select l.id as location_id, a.id as account_id from locations l join accounts a on a.location_id = l.id
        where l.company_id = ${companyId} and exists (select 1 from bills b where b.account_id = a.id)
        order by l.name, a.account_number limit 1`,
  );
  const [first] = sample.rows;
  if (!first) throw new Error(`Company ${companyId} has no billed account`);
  const [latest] = await db
    .select({ month: sql<string>`max(${bills.billMonth})` })
    .from(bills)
    .where(eq(bills.companyId, companyId));
  return {
    id: companyId,
    name: company?.name ?? '?',
    companyRows: Object.values(rowsByEntity).reduce((sum, n) => sum + n, 0),
    rowsByEntity,
    sampleLocationId: first.location_id,
    sampleAccountId: first.account_id,
    latestBillMonth: latest?.month ?? '',
  };
}

/**
 * Changes `rows` bills of the company, one synced write each (as the app's edits arrive): each bumps the
 * company version, so the next pull sees exactly these rows. The pick is spread over the whole table and
 * stable between runs (ordered by a hash of the id).
 */
async function touchBills(db: Db, companyId: number, userId: number, rows: number): Promise<number> {
  const picked = await db.execute<{ id: string }>(
    sql`select ${bills.id} as id from ${bills} where ${bills.companyId} = ${companyId} order by md5(${bills.id}::text) limit ${rows}`,
  );
  let writes = 0;
  for (const { id } of picked.rows) {
    await runSyncedWrite(
      db,
      { companyId, userId, idempotencyKey: undefined, method: 'PUT', path: `/bench/bills/${id}` },
      async (tx, version) => {
        await tx
          .update(bills)
          .set({
            totalNewCharges: sql`${bills.totalNewCharges} + 1`,
            amountDue: sql`${bills.amountDue} + 1`,
            version,
            updatedAt: sql`now()`,
          })
          .where(inArray(bills.id, [id]));
        return { statusCode: 200, body: null };
      },
    );
    writes += 1;
  }
  return writes;
}

async function seedScaleL(db: Db, billLines: boolean): Promise<number> {
  send({ type: 'progress', message: `seeding the scale-L company${billLines ? ' with bill lines' : ''}` });
  const scale = await seedScale(db, 'L', { billLines });
  if (scale.companyId === undefined) throw new Error('The scale seed answered no company id');
  return scale.companyId;
}

async function demoCompanyId(db: Db): Promise<number> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, DEMO_COMPANY));
  if (!company) throw new Error(`${DEMO_COMPANY} is missing after the demo seed`);
  return company.id;
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const handle = await openDatabase({ dataDir: config.dataDir });
  await migrateDatabase(handle);
  const { db } = handle;

  const seedStarted = performance.now();
  send({ type: 'progress', message: 'seeding the demo data' });
  await seedDemoIfEmpty(db);
  // BENCH_SCALE_LINES=1 gives the scale company's bills their charge and usage lines (the synced `billLines` rows),
  // to measure what they add to a pull (docs/decisions/bills.md); off by default, as in the seed.
  const billLines = process.env.BENCH_SCALE_LINES === '1';
  // BENCH_SCALE=none (npm run audit): the demo data only; the figures sent are then the demo company's.
  const companyId =
    process.env.BENCH_SCALE === 'none' ? await demoCompanyId(db) : await seedScaleL(db, billLines);
  const seedMs = Math.round(performance.now() - seedStarted);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_USER));
  if (!user) throw new Error(`${BENCH_USER} is missing after the seed`);
  const [demo] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, DEMO_COMPANY));
  if (!demo) throw new Error(`${DEMO_COMPANY} is missing after the seed`);
  const scaleCompany = await describeCompany(db, companyId, user.id);
  const benchCompanies = [await describeCompany(db, demo.id, user.id), scaleCompany];

  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  const serve = async () => {
    // Built only now: the app serves SPA_DIR only if its index.html exists when it is built.
    app = await buildApp({ config, db });
    await app.listen({ port: config.port, host: config.host });
    const { port } = app.server.address() as AddressInfo;
    send({
      type: 'ready',
      port,
      companyId,
      companyName: scaleCompany.name,
      companyRows: scaleCompany.companyRows,
      rowsByEntity: scaleCompany.rowsByEntity,
      seedMs,
      companies: benchCompanies,
    });
  };
  const stop = async () => {
    await app?.close();
    await handle.close();
    process.exit(0);
  };
  const fail = (error: unknown) =>
    send({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  process.on('message', (message: unknown) => {
    if (!isToServer(message)) return;
    if (message.type === 'stop') void stop();
    else if (message.type === 'serve') serve().catch(fail);
    else {
      const started = performance.now();
      touchBills(db, companyId, user.id, message.rows)
        .then((rows) => send({ type: 'touched', rows, ms: Math.round(performance.now() - started) }))
        .catch(fail);
    }
  });
  // The orchestrator died without saying stop: do not linger holding the database.
  process.on('disconnect', () => void stop());
  send({ type: 'seeded' });
}

main().catch((error: unknown) => {
  send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
