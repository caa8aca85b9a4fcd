// Vitest's global set-up: the databases the server tests start from, made once per run rather than once per file.
// An empty PGlite costs its initdb (1.3–2 s on 2 cores), then the migrations (0.4 s) and, for the demo, the seed
// (1.4 s); a copy of a prepared one costs 0.5 s (PGlite loads a data-folder dump; PostgreSQL copies a template).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/client';
import type { DatabaseHandle } from '../../server/src/db/client';
import { adminQuery, databaseUrlOf, prepareDatabase } from './database';
import type { DatabaseSnapshots } from './database';

async function dumpOf(handle: DatabaseHandle): Promise<Buffer> {
  if (handle.kind !== 'pglite') throw new Error('only PGlite dumps its data folder');
  const dump = await handle.client.dumpDataDir('none');
  return Buffer.from(await dump.arrayBuffer());
}

/** PGlite: one database, dumped empty, migrated, then seeded. */
async function pgliteSnapshots(): Promise<{ made: DatabaseSnapshots; remove: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'get-test-databases-'));
  const made = {
    kind: 'pglite',
    empty: join(dir, 'empty.tar'),
    migrated: join(dir, 'migrated.tar'),
    demo: join(dir, 'demo.tar'),
  } as const;
  const handle = await openDatabase({ dataDir: 'memory://', inMemory: true });
  try {
    writeFileSync(made.empty, await dumpOf(handle));
    await prepareDatabase(handle, 'migrated');
    writeFileSync(made.migrated, await dumpOf(handle));
    await prepareDatabase(handle, 'demo');
    writeFileSync(made.demo, await dumpOf(handle));
  } finally {
    await handle.close();
  }
  return { made, remove: async () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * PostgreSQL: two template databases. Each is closed before any file starts: PostgreSQL copies a template only while
 * nobody is connected to it.
 */
async function postgresSnapshots(
  adminUrl: string,
): Promise<{ made: DatabaseSnapshots; remove: () => Promise<void> }> {
  const prefix = `get_test_template_${process.pid}`;
  const made = {
    kind: 'postgres',
    adminUrl,
    migrated: `${prefix}_migrated`,
    demo: `${prefix}_demo`,
  } as const;
  const remove = async () => {
    for (const name of [made.migrated, made.demo])
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  };
  await remove();
  for (const start of ['migrated', 'demo'] as const) {
    await adminQuery(adminUrl, `create database ${made[start]}`);
    const handle = await openDatabase({
      databaseUrl: databaseUrlOf(adminUrl, made[start]),
      dataDir: 'memory://',
    });
    try {
      await prepareDatabase(handle, start);
    } finally {
      await handle.close();
    }
  }
  return { made, remove };
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const { made, remove } = adminUrl ? await postgresSnapshots(adminUrl) : await pgliteSnapshots();
  project.provide('databaseSnapshots', made);
  return async () => {
    await remove();
  };
}
