import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../helpers/database';
import type { TestDatabase } from '../../helpers/database';

// Only PostgreSQL has connections a server can end; CI runs this suite against one (TEST_DATABASE_URL).
describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('the PostgreSQL pool', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('outlives an idle connection the server ends, and answers the next query', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const db = database.handle.db;
    const { rows } = await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
    const pid = rows[0]?.pid;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('PostgreSQL closed an idle connection')),
    );
    const again = await db.execute<{ one: number }>(sql`select 1 as one`);
    expect(again.rows[0]?.one).toBe(1);
    warn.mockRestore();
  });
});
