// Deterministic demo data (docs/architecture.md §8): the demo seed, scale mode, reset, and the demo logins main.ts prints.
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import * as schema from '../db/schema';

export { DEMO_COMPANIES, DEMO_SEED, SEED_AS_OF, seedDemo, seedDemoIfEmpty } from './demo';
export type { SeedOptions, SeedSummary } from './demo';
export { SCALE_SIZES, isScaleLabel, seedScale } from './scale';
export type { ScaleLabel, ScaleOptions } from './scale';
export { DEMO_LOGINS, DEMO_MFA_SECRET, DEMO_PASSWORD, DEMO_USERS } from './users';
export type { DemoUser } from './users';
export { COMPANY_IDS, CONSULTANCY_NAME } from './plans';
export type { SeedSize } from './plans';
export { DEMO_SSO_CLIENT } from './companies';
export { SEEDED_ALERT_STATUSES } from './alerts';

/** Names of every table of the schema, for reset. */
export function schemaTableNames(): string[] {
  const exported: unknown[] = Object.values(schema);
  return exported
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table))
    .sort();
}

/** Drops all data: one TRUNCATE of every table (identities restarted), and the ticket number sequence restarted. */
export async function resetDatabase(db: Db): Promise<void> {
  const tables = sql.join(
    schemaTableNames().map((name) => sql.identifier(name)),
    sql`, `,
  );
  await db.execute(sql`truncate table ${tables} restart identity cascade`);
  await db.execute(sql`alter sequence support_ticket_number_seq restart`);
}
