import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../helpers/database';
import type { TestDatabase } from '../../helpers/database';

/** The tables of the public schema, and how many companies the database holds (null without that table). */
async function contents(database: TestDatabase): Promise<{ tables: number; companies: number | null }> {
  const { db } = database.handle;
  const tables = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from information_schema.tables where table_schema = 'public'`,
  );
  const count = tables.rows[0]?.count ?? 0;
  if (count === 0) return { tables: 0, companies: null };
  const companies = await db.execute<{ count: number }>(sql`select count(*)::int as count from companies`);
  return { tables: count, companies: companies.rows[0]?.count ?? 0 };
}

// The test files' databases are copies of ones prepared once per run (tests/helpers/databaseSnapshots.ts): each
// starts as it says, and a copy is a file's own.
describe('test databases', () => {
  const opened: TestDatabase[] = [];
  const open = async (...args: Parameters<typeof openTestDatabase>) => {
    const database = await openTestDatabase(...args);
    opened.push(database);
    return database;
  };
  let first: TestDatabase;
  let second: TestDatabase;

  beforeAll(async () => {
    [first, second] = await Promise.all([open('demo'), open('demo')]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
  });

  it('start empty, migrated, or seeded with the demo', async () => {
    expect(await contents(await open())).toEqual({ tables: 0, companies: null });
    const migrated = await contents(await open('migrated'));
    expect(migrated.tables).toBeGreaterThan(20);
    expect(migrated.companies).toBe(0);
    const demo = await contents(first);
    expect(demo).toEqual({ tables: migrated.tables, companies: expect.any(Number) });
    expect(demo.companies).toBeGreaterThan(0);
    // Three databases opened from their files: seconds on a loaded machine.
  }, 30_000);

  it('are each a file’s own: a change in one copy is not in another', async () => {
    const before = await contents(second);
    await first.handle.db.execute(sql`update companies set name = 'Changed in one copy'`);
    const names = await second.handle.db.execute<{ name: string }>(sql`select name from companies`);
    expect(names.rows.map((row) => row.name)).not.toContain('Changed in one copy');
    expect(await contents(second)).toEqual(before);
  });
});
