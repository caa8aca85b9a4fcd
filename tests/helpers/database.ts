import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '../../server/src/db/client';
import type { DatabaseHandle } from '../../server/src/db/client';
import { migrateDatabase } from '../../server/src/db/migrate';
import { seedDemo } from '../../server/src/seed';

/** The as-of date of the seeded demo: bills run to February 2026. */
export const DEMO_AS_OF = new Date('2026-03-01T00:00:00.000Z');

/**
 * What a test database starts as: empty (the migration tests), migrated, or migrated and seeded with the small demo.
 * The prepared ones are made once per Vitest run (tests/helpers/databaseSnapshots.ts) and copied for each file.
 */
export type DatabaseStart = 'empty' | 'migrated' | 'demo';

/** Brings an empty database to `start`: what each prepared database holds. */
export async function prepareDatabase(handle: DatabaseHandle, start: DatabaseStart): Promise<void> {
  if (start === 'empty') return;
  await migrateDatabase(handle);
  if (start === 'demo') await seedDemo(handle.db, { size: 'small', asOf: DEMO_AS_OF });
}

/**
 * Where the prepared databases of this run are: PGlite data-folder dumps (files; even the empty one, which spares
 * each file PGlite's initdb), or PostgreSQL template databases (names) when TEST_DATABASE_URL is set.
 */
export type DatabaseSnapshots =
  | { kind: 'pglite'; empty: string; migrated: string; demo: string }
  | { kind: 'postgres'; adminUrl: string; migrated: string; demo: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseSnapshots: DatabaseSnapshots;
  }
}

/** A database of a test file: in-memory PGlite, or a fresh PostgreSQL database when TEST_DATABASE_URL is set. */
export interface TestDatabase {
  handle: DatabaseHandle;
  /** The PostgreSQL URL of this database, when it is one. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** This run's prepared databases, from the global set-up. */
function snapshots(): DatabaseSnapshots {
  const made = inject('databaseSnapshots');
  if (!made)
    throw new Error('no prepared test databases: vitest.config.ts runs tests/helpers/databaseSnapshots.ts');
  return made;
}

/**
 * Opens a database of its own for a test file, as `start` says (default empty). Where the global set-up prepared
 * PostgreSQL templates (CI's TEST_DATABASE_URL), a new database is created on that server from the template and dropped
 * on close, so test files never see each other's rows; else an in-memory PGlite, loaded from the prepared dump.
 */
export async function openTestDatabase(start: DatabaseStart = 'empty'): Promise<TestDatabase> {
  const made = snapshots();
  if (made.kind === 'pglite') {
    const handle = await openDatabase({
      dataDir: 'memory://',
      inMemory: true,
      loadDataDir: new Blob([readFileSync(made[start])]),
    });
    return { handle, databaseUrl: undefined, close: () => handle.close() };
  }
  const { adminUrl } = made;
  const name = `get_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const template = start === 'empty' ? '' : ` template ${made[start]}`;
  await adminQuery(adminUrl, `create database ${name}${template}`);
  const databaseUrl = databaseUrlOf(adminUrl, name);
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
