// Scale mode for benchmarks: one extra company with many sites, accounts and three years of bills.
// Bills keep their per-service summary (what sync needs); their charge and usage lines are left out for speed.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, users } from '../db/schema';
import { SeedWriter } from './bulkInsert';
import { ensureVendors, insertCompanies, insertCompanyExtras } from './companies';
import { vendorNamesFor } from './accounts';
import { SEED_AS_OF, DEMO_SEED, seedContext } from './demo';
import type { SeedSummary } from './demo';
import { scalePlan } from './plans';
import { seedCompany } from './seedCompany';

/** Sites per scale label; L gives ≥ 1,000 sites, ≥ 4,000 accounts and ≥ 140,000 bills. */
export const SCALE_SIZES = { S: 150, M: 500, L: 1200 } as const;

/** A scale label of SCALE_SIZES. */
export type ScaleLabel = keyof typeof SCALE_SIZES;

/** Whether a text names a scale size ('L'). */
export function isScaleLabel(text: string): text is ScaleLabel {
  return Object.hasOwn(SCALE_SIZES, text);
}

/** Options of a scale run. */
export interface ScaleOptions {
  asOf?: Date;
  seed?: number;
  /** Write bill_charges and bill_usages too (slower; off by default). */
  billLines?: boolean;
}

/**
 * Adds 'Scale {label} Holdings' with 36 months of bills. Super consultants reach it like every company; no grant
 * is written. When the company already exists nothing is written and its id is answered with empty counts.
 */
export async function seedScale(db: Db, label: ScaleLabel, options: ScaleOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const plan = scalePlan(label, SCALE_SIZES[label]);
  const ctx = seedContext(
    options.seed ?? DEMO_SEED,
    options.asOf ?? SEED_AS_OF,
    'demo',
    36,
    options.billLines ?? false,
  );
  const [existing] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, plan.name));
  if (existing)
    return { asOf: ctx.asOf, size: 'scale', counts: {}, timings: {}, ms: 0, companyId: existing.id };

  const result = await db.transaction(async (tx) => {
    const writer = new SeedWriter(tx);
    const [companyId] = await insertCompanies(
      writer,
      [{ id: null, name: plan.name, plan, parentId: null }],
      ctx.stamp,
    );
    if (companyId === undefined) throw new Error('seed: the scale company was not created');
    await insertCompanyExtras(writer, ctx.seed, [{ id: companyId, plan }], ctx.stamp, null);
    const people = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, ['super@get.demo', 'consultant@get.demo']));
    const superId = people.find((p) => p.email === 'super@get.demo')?.id ?? null;
    const vendorIds = await ensureVendors(tx, writer, vendorNamesFor(plan));
    const staff = { superId, consultantId: superId, clientIds: [] };
    await seedCompany(writer, { ...ctx, plan, companyId, vendorIds, staff }, 0);
    return { companyId, counts: writer.counts, timings: writer.timings };
  });
  return {
    asOf: ctx.asOf,
    size: 'scale',
    counts: result.counts,
    timings: result.timings,
    ms: Math.round(performance.now() - started),
    companyId: result.companyId,
  };
}
