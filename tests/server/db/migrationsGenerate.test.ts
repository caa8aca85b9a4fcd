import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import drizzleConfig from '../../../drizzle.config';

// The migrations in server/drizzle and their snapshots (server/drizzle/meta) must say what the Drizzle schema says:
// `drizzle-kit generate` (https://orm.drizzle.team/docs/drizzle-kit-generate) compares the schema with the latest
// snapshot and writes a migration for any difference. Here it runs on a copy of the folder, so the repository is never
// written; no database is needed. See docs/architecture.md (migrations) for how to add one.

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const migrationsFolder = join(root, 'server/drizzle');

interface Journal {
  entries: { idx: number; tag: string }[];
}
interface Snapshot {
  id: string;
  prevId: string;
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

function sqlFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

describe('server/drizzle migrations', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'drizzle-generate-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('each journal entry has its SQL and a snapshot whose parent is the one before (drizzle-kit refuses a fork)', () => {
    const journal = readJson<Journal>(join(migrationsFolder, 'meta/_journal.json'));
    const ids = new Set<string>();
    let previous = '00000000-0000-0000-0000-000000000000';
    for (const entry of journal.entries) {
      expect(existsSync(join(migrationsFolder, `${entry.tag}.sql`)), `${entry.tag}.sql`).toBe(true);
      const snapshotPath = join(migrationsFolder, `meta/${String(entry.idx).padStart(4, '0')}_snapshot.json`);
      expect(existsSync(snapshotPath), `snapshot of ${entry.tag}`).toBe(true);
      const snapshot = readJson<Snapshot>(snapshotPath);
      expect(snapshot.prevId, `parent of ${entry.tag}'s snapshot`).toBe(previous);
      expect(ids.has(snapshot.id), `${entry.tag}'s snapshot id is unique`).toBe(false);
      ids.add(snapshot.id);
      previous = snapshot.id;
    }
    expect(sqlFiles(migrationsFolder)).toEqual(journal.entries.map((entry) => `${entry.tag}.sql`).sort());
  });

  it('drizzle-kit generate finds nothing to add: the schema has no change without its migration', () => {
    const out = join(scratch, 'drizzle');
    cpSync(migrationsFolder, out, { recursive: true });
    const config = join(scratch, 'drizzle.config.ts');
    const schema = ([] as string[]).concat(drizzleConfig.schema ?? []).map((path) => resolve(root, path));
    // drizzle-kit reads `out` relative to the folder it runs in (it prefixes './'): it runs in the scratch folder.
    writeFileSync(
      config,
      `export default ${JSON.stringify({ ...drizzleConfig, schema, out: './drizzle' }, null, 2)};\n`,
    );

    const result = spawnSync(
      process.execPath,
      [join(root, 'node_modules/drizzle-kit/bin.cjs'), 'generate', `--config=${config}`, '--name=missing'],
      // stdin closed: a question (was a column renamed?) ends the run ("Interactive prompts require a TTY") instead of
      // waiting for an answer; `npm run db:generate` in a terminal asks it.
      { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 },
    );
    // Without its stack frames: Vitest reads `at file:line` lines in a message as the failure's stack and stops on
    // drizzle-kit's bundled source map.
    const output = `${result.stdout}\n${result.stderr}`
      .split('\n')
      .filter((line) => !/^\s+at /.test(line))
      .join('\n');
    const added = sqlFiles(out).filter((name) => !existsSync(join(migrationsFolder, name)));
    const written = added.map((name) => `-- ${name}\n${readFileSync(join(out, name), 'utf8')}`).join('\n');

    // drizzle-kit ends with status 0 even when it fails (a snapshot it cannot read): its own words decide.
    expect(result.status, `drizzle-kit generate failed:\n${output}`).toBe(0);
    expect(
      added,
      `the schema changed without a migration; run \`npm run db:generate\` and commit what it writes:\n${written}`,
    ).toEqual([]);
    expect(output, `drizzle-kit generate did not finish:\n${output}`).toContain('No schema changes');
  }, 60_000);
});
