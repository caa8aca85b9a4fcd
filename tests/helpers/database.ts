import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/client';
import type { DatabaseHandle } from '../../server/src/db/client';

/** A database of a test file: in-memory PGlite, or a fresh PostgreSQL database when TEST_DATABASE_URL is set. */
export interface TestDatabase {
  handle: DatabaseHandle;
  /** The PostgreSQL URL of this database, when it is one. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Opens a fresh, empty database. With TEST_DATABASE_URL (CI's PostgreSQL) a new database is created
 * on that server and dropped on close, so test files never see each other's rows.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ dataDir: 'memory://', inMemory: true });
    return { handle, databaseUrl: undefined, close: () => handle.close() };
  }
  const name = `get_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  return {
    handle,
    databaseUrl,
    close: async () => {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
