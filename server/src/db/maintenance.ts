import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Refreshes the planner's statistics. Bulk loads (the seed) leave none, and PGlite never runs
 * autovacuum, so without this a single site's query can scan a whole company's bills.
 */
export async function analyzeDatabase(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}
