// The demo seed: the consultancy, four client companies (Cedar with two children), the demo users and every
// area's data, written in one transaction so a crash mid-seed leaves an empty database that seeds again.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  companies,
  consultantCompanyAccess,
  reportFilters,
  supportRequestTypes,
  totpSecrets,
  userRoles,
  users,
} from '../db/schema';
import { SeedWriter } from './bulkInsert';
import { ensureVendors, insertCompanies, insertCompanyExtras } from './companies';
import type { CompanySpec } from './companies';
import { vendorNamesFor } from './accounts';
import type { SeedContext } from './context';
import { currentMonthStart, isoDate, monthsBefore, stamp } from './dates';
import { CLIENT_PLANS, COMPANY_IDS, CONSULTANCY_NAME, MONTHS_BY_SIZE } from './plans';
import type { SeedSize } from './plans';
import { rngFor } from './random';
import { seedCompany } from './seedCompany';
import { FIRST_TICKET_NUMBER, sharedRequestTypes } from './tickets';
import { demoUserRows, hashDemoPasswords, staffFor } from './users';

/** Seed of the demo's random streams; change it to get a different but equally deterministic demo. */
export const DEMO_SEED = 20260;

/**
 * The default "as of" date: the first day of the current UTC month, so the demo's 36 months of bills end last
 * month and the data looks current. It changes once a month; everything generated is a pure function of
 * (seed, asOf), so callers that need identical data (tests) pass a fixed `asOf`.
 */
export const SEED_AS_OF: Date = currentMonthStart();

/** Options of a seed run. */
export interface SeedOptions {
  /** The data is as of this day (default SEED_AS_OF); bills end the month before it. */
  asOf?: Date;
  /** 'demo' (default) for people, 'small' for tests. */
  size?: SeedSize;
  seed?: number;
}

/** What a seed run wrote and how long it took. */
export interface SeedSummary {
  asOf: string;
  size: SeedSize | 'scale';
  /** Rows inserted per table. */
  counts: Record<string, number>;
  /** Milliseconds spent inserting per table (generation time is the rest of `ms`). */
  timings: Record<string, number>;
  ms: number;
  /** Id of the company scale mode created (absent for the demo seed). */
  companyId?: number;
}

/** The run context of a seed: months of bills ending the month before asOf. */
export function seedContext(
  seed: number,
  asOf: Date,
  size: SeedSize,
  months: number,
  billLines: boolean,
): SeedContext {
  const day = isoDate(asOf);
  return { seed, asOf: day, months: monthsBefore(day, months), stamp: stamp(day, 0), size, billLines };
}

const { consultancy, northwind, harbor, summit, cedar, cedarNorth, cedarSouth } = COMPANY_IDS;

/** The demo companies in insert order (a parent before its children). */
export const DEMO_COMPANIES: readonly CompanySpec[] = [
  { id: consultancy, name: CONSULTANCY_NAME, plan: null, parentId: null },
  { id: northwind, name: CLIENT_PLANS.northwind.name, plan: CLIENT_PLANS.northwind, parentId: null },
  { id: harbor, name: CLIENT_PLANS.harbor.name, plan: CLIENT_PLANS.harbor, parentId: null },
  { id: summit, name: CLIENT_PLANS.summit.name, plan: CLIENT_PLANS.summit, parentId: null },
  { id: cedar, name: CLIENT_PLANS.cedar.name, plan: CLIENT_PLANS.cedar, parentId: null },
  { id: cedarNorth, name: CLIENT_PLANS.cedarNorth.name, plan: CLIENT_PLANS.cedarNorth, parentId: cedar },
  { id: cedarSouth, name: CLIENT_PLANS.cedarSouth.name, plan: CLIENT_PLANS.cedarSouth, parentId: cedar },
];

/** Moves identity sequences past the fixed ids the seed wrote, so later inserts never collide with them. */
async function syncSequences(db: Pick<Db, 'execute'>, lastTicketNumber: number): Promise<void> {
  await db.execute(
    sql`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`,
  );
  await db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
  await db.execute(sql`select setval('support_ticket_number_seq', ${lastTicketNumber})`);
}

/** Seeds the demo companies, users and data into an empty database (see seedDemoIfEmpty). */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const size = options.size ?? 'demo';
  const seed = options.seed ?? DEMO_SEED;
  const ctx = seedContext(seed, options.asOf ?? SEED_AS_OF, size, MONTHS_BY_SIZE[size], true);
  // scrypt is slow on purpose; hashing before the transaction keeps it short.
  const hashes = await hashDemoPasswords();
  const written = await db.transaction(async (tx) => {
    const writer = new SeedWriter(tx);
    await insertCompanies(writer, DEMO_COMPANIES, ctx.stamp);
    await insertCompanyExtras(
      writer,
      seed,
      DEMO_COMPANIES.map((c) => ({ id: c.id ?? 0, plan: c.plan })),
      ctx.stamp,
      northwind,
    );
    const filterRng = rngFor(seed, 'report-filters');
    const userRows = demoUserRows(
      hashes,
      ctx.stamp,
      [filterRng.uuid(), filterRng.uuid()],
      ctx.months.at(-1) ?? ctx.asOf.slice(0, 7),
    );
    // Users are synced to their company's admins and consultants (Contacts): versions of their own company.
    for (const spec of DEMO_COMPANIES) {
      const own = userRows.users.filter((row) => row.companyId === spec.id);
      if (spec.id !== null && own.length > 0) await writer.insertSynced(users, spec.id, own);
    }
    await writer.insert(userRoles, userRows.roles);
    await writer.insert(consultantCompanyAccess, userRows.access);
    await writer.insert(totpSecrets, userRows.totp);
    for (const companyId of new Set(userRows.reportFilters.map((row) => row.companyId)))
      await writer.insertSynced(
        reportFilters,
        companyId,
        userRows.reportFilters.filter((row) => row.companyId === companyId),
      );
    await writer.insert(supportRequestTypes, sharedRequestTypes(seed));

    let ticketNumber = FIRST_TICKET_NUMBER;
    for (const spec of DEMO_COMPANIES) {
      if (!spec.plan || spec.id === null) continue;
      const vendorIds = await ensureVendors(tx, writer, vendorNamesFor(spec.plan));
      const companyCtx = { ...ctx, plan: spec.plan, companyId: spec.id, vendorIds, staff: staffFor(spec.id) };
      ticketNumber += await seedCompany(writer, companyCtx, ticketNumber);
    }
    await syncSequences(tx, ticketNumber - 1);
    return writer;
  });
  return {
    asOf: ctx.asOf,
    size,
    counts: written.counts,
    timings: written.timings,
    ms: Math.round(performance.now() - started),
  };
}

/** Seeds the demo when the companies table is empty; true when it seeded. */
export async function seedDemoIfEmpty(db: Db, options: SeedOptions = {}): Promise<boolean> {
  const existing = await db.select({ id: companies.id }).from(companies).limit(1);
  if (existing.length > 0) return false;
  await seedDemo(db, options);
  return true;
}
