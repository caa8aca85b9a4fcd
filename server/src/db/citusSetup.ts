// The statements that turn a migrated database on a Citus coordinator into a distributed one (docs/architecture.md §4
// Several machines), derived from CITUS_PLACEMENT and the schema's foreign keys, so they never disagree with either.
// Run once, after the migrations, on the coordinator: `npx tsx server/src/db/citusSetup.ts | psql "$DATABASE_URL"`.
// Citus cannot be installed on the machines this was written on: the order is tested
// (tests/server/db/citusReady.test.ts), the statements were not run against Citus.
import { pathToFileURL } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { CITUS_DISTRIBUTION_COLUMN, CITUS_PLACEMENT } from './citusPlacement';
import * as schema from './schema';

/** Every table of the schema with the tables its foreign keys refer to (itself left out). */
export function schemaTableReferences(): Map<string, Set<string>> {
  const references = new Map<string, Set<string>>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const targets = new Set<string>();
    for (const key of config.foreignKeys) {
      const target = getTableName(key.reference().foreignTable);
      if (target !== config.name) targets.add(target);
    }
    references.set(config.name, targets);
  }
  return references;
}

/** The tables in an order where every table comes after the tables it refers to. */
function referencedFirst(tables: readonly string[], references: Map<string, Set<string>>): string[] {
  const ordered: string[] = [];
  const done = new Set<string>();
  const visit = (table: string, path: readonly string[]) => {
    if (done.has(table)) return;
    if (path.includes(table)) throw new Error(`foreign keys form a cycle: ${[...path, table].join(' → ')}`);
    for (const target of references.get(table) ?? [])
      if (tables.includes(target)) visit(target, [...path, table]);
    done.add(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table, []);
  return ordered;
}

/**
 * The setup, in the order Citus needs: reference tables (each after those it refers to), then company_sync as the
 * colocation group every distributed table joins (so one company's rows of every table are on one worker and a write
 * with its version bump stays a single-worker transaction), then the other distributed tables after those they refer
 * to. The coordinator-local tables get no statement: with the coordinator in Citus's metadata
 * (`citus_set_coordinator_host`), Citus keeps a local table's foreign keys to a reference table by adding it to its
 * metadata itself (the setting citus.enable_local_reference_table_foreign_keys, on by default).
 */
export function citusSetupStatements(references = schemaTableReferences()): string[] {
  const placed = (kind: string) =>
    Object.keys(CITUS_PLACEMENT).filter((table) => CITUS_PLACEMENT[table] === kind);
  const anchor = 'company_sync';
  const statements = referencedFirst(placed('reference'), references).map(
    (table) => `SELECT create_reference_table('${table}');`,
  );
  statements.push(`SELECT create_distributed_table('${anchor}', '${CITUS_DISTRIBUTION_COLUMN}');`);
  for (const table of referencedFirst(placed('distributed'), references))
    if (table !== anchor)
      statements.push(
        `SELECT create_distributed_table('${table}', '${CITUS_DISTRIBUTION_COLUMN}', colocate_with => '${anchor}');`,
      );
  return statements;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(`${citusSetupStatements().join('\n')}\n`);
}
