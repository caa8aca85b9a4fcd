import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, sql } from 'drizzle-orm';
import { openTestDatabase } from '../../helpers/database';
import type { TestDatabase } from '../../helpers/database';
import {
  CITUS_DISTRIBUTION_COLUMN,
  CITUS_PLACEMENT,
  CITUS_UNORDERED_IDENTITIES,
} from '../../../server/src/db/citusPlacement';
import type { CitusPlacement } from '../../../server/src/db/citusPlacement';
import { citusSetupStatements, schemaTableReferences } from '../../../server/src/db/citusSetup';
import { SYNCED_TABLES } from '../../../server/src/sync/entities';

// The schema stays ready to run on Citus (docs/architecture.md §4 Several machines). The rules are Citus's own:
// - a distributed table's primary key and unique constraints must include the distribution column
//   (https://docs.citusdata.com/en/stable/develop/reference_ddl.html#constraints: "primary keys and uniqueness
//   constraints must include the distribution column");
// - a foreign key between distributed tables must be between colocated tables and include the distribution column
//   on both sides; distributed tables may refer to reference tables, reference tables only to reference tables
//   (same page, "Foreign keys").
// Citus cannot be installed here, so the rules are checked on the migrated schema itself (PGlite, or PostgreSQL in
// CI), read from the catalog: what the migrations made, not what the TypeScript says.

const DIST = CITUS_DISTRIBUTION_COLUMN;

/** What the rules need to know of the schema, as read from pg_catalog. */
interface SchemaFacts {
  tables: { name: string; columns: { name: string; notNull: boolean }[] }[];
  /** Primary keys, unique constraints and unique indexes (an expression counts as a column that is not company_id). */
  uniqueKeys: { table: string; name: string; columns: string[] }[];
  foreignKeys: { table: string; name: string; columns: string[]; target: string; targetColumns: string[] }[];
  /** Identity columns and columns defaulting to a sequence's nextval, as 'table.column'. */
  sequenced: string[];
  /** Every index (unique or not), its columns in order. */
  indexes: { table: string; name: string; columns: string[] }[];
}

/**
 * The references between distributed tables whose referring column (the one beside company_id) no index of the
 * referring table leads with. Deleting a referenced row makes PostgreSQL look for its referrers (or delete them, on
 * cascade) by that column: without such an index, a scan of the table for every row deleted.
 */
function unindexedReferences(
  facts: Pick<SchemaFacts, 'foreignKeys' | 'indexes'>,
  placement: Readonly<Record<string, CitusPlacement>>,
): string[] {
  return facts.foreignKeys.flatMap((key) => {
    if (placement[key.table] !== 'distributed' || placement[key.target] !== 'distributed') return [];
    const [first] = key.columns.filter((column) => column !== DIST);
    const led = facts.indexes.some((index) => index.table === key.table && index.columns[0] === first);
    return led ? [] : [`${key.table}: no index leads with (${key.columns.join(', ')}) of ${key.name}`];
  });
}

/** Every way `facts` breaks the placement rules, in words; empty when the schema is ready. */
function citusOffences(
  facts: SchemaFacts,
  placement: Readonly<Record<string, CitusPlacement>>,
  unorderedIdentities: Readonly<Record<string, string>>,
  fedTables: ReadonlySet<string>,
): string[] {
  const offences: string[] = [];
  const placed = (table: string) => placement[table];
  for (const table of facts.tables) {
    const where = placed(table.name);
    if (!where) offences.push(`${table.name}: no placement in CITUS_PLACEMENT`);
    if (where === 'distributed') {
      const column = table.columns.find((one) => one.name === DIST);
      if (!column?.notNull) offences.push(`${table.name}: distributed but has no NOT NULL ${DIST}`);
    }
  }
  const existing = new Set(facts.tables.map((table) => table.name));
  for (const table of Object.keys(placement))
    if (!existing.has(table)) offences.push(`${table}: placed in CITUS_PLACEMENT but not in the schema`);

  for (const key of facts.uniqueKeys)
    if (placed(key.table) === 'distributed' && !key.columns.includes(DIST))
      offences.push(`${key.table}: unique key ${key.name} (${key.columns.join(', ')}) lacks ${DIST}`);

  for (const key of facts.foreignKeys) {
    const from = placed(key.table);
    const to = placed(key.target);
    const label = `${key.table}: foreign key ${key.name} → ${key.target}`;
    if (from === 'distributed' && to === 'distributed') {
      const at = key.columns.indexOf(DIST);
      if (at < 0 || key.targetColumns[at] !== DIST)
        offences.push(`${label} does not pair ${DIST} with ${DIST} (${key.columns.join(', ')})`);
    } else if (from === 'distributed' && to === 'local') {
      offences.push(`${label}: a distributed table cannot refer to a coordinator-local one`);
    } else if (from !== 'distributed' && to === 'distributed') {
      offences.push(`${label}: a ${from ?? 'unplaced'} table cannot refer to a distributed one`);
    } else if (from === 'reference' && to === 'local') {
      offences.push(
        `${label}: a reference table (copied to every worker) cannot refer to a coordinator-local one`,
      );
    }
  }

  for (const column of facts.sequenced) {
    const table = column.split('.')[0] ?? '';
    if (placed(table) !== 'distributed') continue;
    if (fedTables.has(table))
      offences.push(`${column}: a sequence in a synced table, whose rows the change feed serves`);
    else if (!(column in unorderedIdentities))
      offences.push(`${column}: a sequence in a distributed table (not in CITUS_UNORDERED_IDENTITIES)`);
  }
  for (const column of Object.keys(unorderedIdentities))
    if (!facts.sequenced.includes(column))
      offences.push(`${column}: listed in CITUS_UNORDERED_IDENTITIES but has no sequence`);
  return offences;
}

/** Reads the facts of the `public` schema from the catalog. */
async function readSchemaFacts(database: TestDatabase): Promise<SchemaFacts> {
  const { db } = database.handle;
  const columns = await db.execute<{ table_name: string; column_name: string; not_null: boolean }>(sql`
    select c.relname as table_name, a.attname as column_name, a.attnotnull as not_null
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname, a.attnum`);
  const tables = new Map<string, SchemaFacts['tables'][number]>();
  for (const row of columns.rows) {
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [] };
    table.columns.push({ name: row.column_name, notNull: row.not_null });
    tables.set(row.table_name, table);
  }
  // indkey 0 is an expression: named '(expression)', never company_id.
  const unique = await db.execute<{
    table_name: string;
    index_name: string;
    columns: string[];
    is_unique: boolean;
  }>(sql`
    select c.relname as table_name, i.relname as index_name, ix.indisunique as is_unique,
      array(
        select coalesce(a.attname, '(expression)')
        from unnest(ix.indkey::int2[]) with ordinality as k(attnum, position)
        left join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        order by k.position
      )::text[] as columns
    from pg_index ix
    join pg_class c on c.oid = ix.indrelid
    join pg_class i on i.oid = ix.indexrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public'`);
  const foreign = await db.execute<{
    table_name: string;
    name: string;
    columns: string[];
    target: string;
    target_columns: string[];
  }>(sql`
    select src.relname as table_name, con.conname as name, dst.relname as target,
      array(
        select a.attname from unnest(con.conkey) with ordinality as k(attnum, position)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.position
      )::text[] as columns,
      array(
        select a.attname from unnest(con.confkey) with ordinality as k(attnum, position)
        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.position
      )::text[] as target_columns
    from pg_constraint con
    join pg_class src on src.oid = con.conrelid
    join pg_class dst on dst.oid = con.confrelid
    join pg_namespace n on n.oid = src.relnamespace
    where n.nspname = 'public' and con.contype = 'f'`);
  const sequenced = await db.execute<{ name: string }>(sql`
    select table_name || '.' || column_name as name
    from information_schema.columns
    where table_schema = 'public' and (is_identity = 'YES' or column_default like 'nextval(%')`);
  return {
    tables: [...tables.values()],
    uniqueKeys: unique.rows
      .filter((row) => row.is_unique)
      .map((row) => ({
        table: row.table_name,
        name: row.index_name,
        columns: row.columns,
      })),
    foreignKeys: foreign.rows.map((row) => ({
      table: row.table_name,
      name: row.name,
      columns: row.columns,
      target: row.target,
      targetColumns: row.target_columns,
    })),
    sequenced: sequenced.rows.map((row) => row.name),
    indexes: unique.rows.map((row) => ({
      table: row.table_name,
      name: row.index_name,
      columns: row.columns,
    })),
  };
}

/** The tables whose rows the change feed serves as they are stored. */
const FED_TABLES = new Set(Object.values(SYNCED_TABLES).map((entry) => getTableName(entry.table)));

describe('the schema is ready for Citus (docs/architecture.md §4 Several machines)', () => {
  let database: TestDatabase;
  let facts: SchemaFacts;
  beforeAll(async () => {
    database = await openTestDatabase('migrated');
    facts = await readSchemaFacts(database);
  });
  afterAll(() => database.close());

  it('reads the whole schema: every table, the keys Citus cares about', () => {
    expect(facts.tables.length).toBeGreaterThan(60);
    expect(facts.uniqueKeys.find((key) => key.name === 'users_email_lower_idx')?.columns).toEqual([
      '(expression)',
    ]);
    expect(facts.foreignKeys.find((key) => key.name === 'bills_account_id_fk')).toEqual({
      table: 'bills',
      name: 'bills_account_id_fk',
      columns: ['account_id', DIST],
      target: 'accounts',
      targetColumns: ['id', DIST],
    });
    expect(facts.sequenced).toContain('tombstones.id');
  });

  it('every table is placed and keeps the rules of its placement', () => {
    expect(citusOffences(facts, CITUS_PLACEMENT, CITUS_UNORDERED_IDENTITIES, FED_TABLES)).toEqual([]);
  });

  it('every reference between distributed tables has an index leading with its columns', () => {
    expect(unindexedReferences(facts, CITUS_PLACEMENT)).toEqual([]);
  });

  it('the per-company version counter is a distributed table keyed by the company alone', () => {
    // One company's write, its version bump and its tombstones then run on one worker in one transaction.
    expect(CITUS_PLACEMENT.company_sync).toBe('distributed');
    const key = facts.uniqueKeys.find((one) => one.table === 'company_sync');
    expect(key?.columns).toEqual([DIST]);
  });

  it('every synced table is distributed, but for the shared ones the feed serves to their readers', () => {
    const shared = [...FED_TABLES].filter((table) => CITUS_PLACEMENT[table] !== 'distributed').sort();
    expect(shared).toEqual(['users']);
  });
});

describe('citusOffences finds each kind of offence', () => {
  const placement: Record<string, CitusPlacement> = {
    companies: 'reference',
    sessions: 'local',
    sites: 'distributed',
    meters: 'distributed',
  };
  const withCompany = [
    { name: 'id', notNull: true },
    { name: DIST, notNull: true },
  ];
  const ready: SchemaFacts = {
    tables: [
      { name: 'companies', columns: [{ name: 'id', notNull: true }] },
      { name: 'sessions', columns: [{ name: 'id', notNull: true }] },
      { name: 'sites', columns: withCompany },
      { name: 'meters', columns: [...withCompany, { name: 'site_id', notNull: true }] },
    ],
    uniqueKeys: [
      { table: 'sites', name: 'sites_pk', columns: ['id', DIST] },
      { table: 'companies', name: 'companies_pkey', columns: ['id'] },
    ],
    foreignKeys: [
      {
        table: 'meters',
        name: 'meters_site',
        columns: ['site_id', DIST],
        target: 'sites',
        targetColumns: ['id', DIST],
      },
      { table: 'sites', name: 'sites_company', columns: [DIST], target: 'companies', targetColumns: ['id'] },
    ],
    sequenced: ['companies.id'],
    indexes: [
      { table: 'sites', name: 'sites_pk', columns: ['id', DIST] },
      { table: 'meters', name: 'meters_site_idx', columns: ['site_id', DIST] },
    ],
  };
  const check = (facts: SchemaFacts, unordered: Record<string, string> = {}) =>
    citusOffences(facts, placement, unordered, new Set(['meters']));

  it('a ready schema has none', () => {
    expect(check(ready)).toEqual([]);
  });

  it('a table without a placement, and a placement without a table', () => {
    const facts = { ...ready, tables: [...ready.tables.slice(1), { name: 'extra', columns: [] }] };
    expect(check(facts)).toEqual([
      'extra: no placement in CITUS_PLACEMENT',
      'companies: placed in CITUS_PLACEMENT but not in the schema',
    ]);
  });

  it('a distributed table without company_id', () => {
    const tables = ready.tables.map((table) =>
      table.name === 'meters' ? { name: 'meters', columns: [{ name: 'id', notNull: true }] } : table,
    );
    const facts = { ...ready, tables };
    expect(check(facts)).toContain('meters: distributed but has no NOT NULL company_id');
  });

  it('a unique key of a distributed table without company_id', () => {
    const facts = {
      ...ready,
      uniqueKeys: [...ready.uniqueKeys, { table: 'meters', name: 'meters_number', columns: ['number'] }],
    };
    expect(check(facts)).toEqual(['meters: unique key meters_number (number) lacks company_id']);
  });

  it('a foreign key between distributed tables on id alone, or pairing company_id with another column', () => {
    const alone = {
      table: 'meters',
      name: 'meters_site',
      columns: ['site_id'],
      target: 'sites',
      targetColumns: ['id'],
    };
    const crossed = { ...alone, columns: ['site_id', DIST], targetColumns: [DIST, 'id'] };
    expect(check({ ...ready, foreignKeys: [alone] })).toHaveLength(1);
    expect(check({ ...ready, foreignKeys: [crossed] })).toHaveLength(1);
  });

  it('a shared or local table referring to a distributed one, a distributed one to a local one', () => {
    const foreignKeys = [
      {
        table: 'companies',
        name: 'companies_site',
        columns: ['site_id'],
        target: 'sites',
        targetColumns: ['id'],
      },
      {
        table: 'sessions',
        name: 'sessions_site',
        columns: ['site_id'],
        target: 'sites',
        targetColumns: ['id'],
      },
      {
        table: 'sites',
        name: 'sites_session',
        columns: ['session_id'],
        target: 'sessions',
        targetColumns: ['id'],
      },
      {
        table: 'companies',
        name: 'companies_session',
        columns: ['session_id'],
        target: 'sessions',
        targetColumns: ['id'],
      },
    ];
    expect(check({ ...ready, foreignKeys })).toHaveLength(4);
  });

  it('a reference between distributed tables that no index of the referring table leads with', () => {
    expect(unindexedReferences(ready, placement)).toEqual([]);
    const indexes = [{ table: 'meters', name: 'meters_company_idx', columns: [DIST, 'site_id'] }];
    expect(unindexedReferences({ ...ready, indexes }, placement)).toEqual([
      'meters: no index leads with (site_id, company_id) of meters_site',
    ]);
  });

  it('a sequence in a distributed table, unless listed as unordered; never in a synced one', () => {
    expect(check({ ...ready, sequenced: ['sites.id'] })).toEqual([
      'sites.id: a sequence in a distributed table (not in CITUS_UNORDERED_IDENTITIES)',
    ]);
    expect(check({ ...ready, sequenced: ['sites.id'] }, { 'sites.id': 'a surrogate key' })).toEqual([]);
    expect(check({ ...ready, sequenced: ['meters.id'] }, { 'meters.id': 'a surrogate key' })).toEqual([
      'meters.id: a sequence in a synced table, whose rows the change feed serves',
    ]);
    expect(check(ready, { 'sites.id': 'a surrogate key' })).toEqual([
      'sites.id: listed in CITUS_UNORDERED_IDENTITIES but has no sequence',
    ]);
  });
});

describe('the Citus setup statements (server/src/db/citusSetup.ts)', () => {
  const statements = citusSetupStatements();
  const position = (table: string) =>
    statements.findIndex((statement) => statement.includes(`_table('${table}'`));

  it('place every reference and distributed table once, company_sync first of the distributed ones', () => {
    const placed = Object.keys(CITUS_PLACEMENT).filter((table) => CITUS_PLACEMENT[table] !== 'local');
    expect(statements).toHaveLength(placed.length);
    for (const table of placed) expect(position(table), table).toBeGreaterThanOrEqual(0);
    expect(statements).toContain(`SELECT create_distributed_table('company_sync', 'company_id');`);
    expect(statements).toContain(
      `SELECT create_distributed_table('bills', 'company_id', colocate_with => 'company_sync');`,
    );
    expect(statements).toContain(`SELECT create_reference_table('users');`);
    const firstDistributed = statements.findIndex((statement) =>
      statement.includes('create_distributed_table'),
    );
    expect(statements[firstDistributed]).toContain(`'company_sync'`);
    expect(statements.slice(0, firstDistributed).every((one) => one.includes('create_reference_table'))).toBe(
      true,
    );
  });

  it('set up every table after the tables its foreign keys refer to', () => {
    for (const [table, targets] of schemaTableReferences())
      for (const target of targets)
        if (CITUS_PLACEMENT[table] !== 'local')
          expect(position(target), `${table} → ${target}`).toBeLessThan(position(table));
  });
});
