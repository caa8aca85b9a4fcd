import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { eq, getTableName, sql } from 'drizzle-orm';
import { openTestDatabase } from '../../helpers/database';
import type { TestDatabase } from '../../helpers/database';
import type { DatabaseHandle, Db } from '../../../server/src/db/client';
import { migrateDatabase } from '../../../server/src/db/migrate';
import {
  bills,
  companies,
  fileInbox,
  locations,
  users,
  vendors,
  accounts,
} from '../../../server/src/db/schema';
import { SYNCED_TABLES as FEED_TABLES, SYNCED_TABLE_NAMES } from '../../../server/src/sync/entities';

// Runs against a fresh PostgreSQL database when TEST_DATABASE_URL is set (CI), else an in-memory PGlite.
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

/** The synced tables, from the feed's table map (the companies table is checked on its own). */
const SYNCED_TABLES = [...new Set(SYNCED_TABLE_NAMES.map((name) => getTableName(FEED_TABLES[name].table)))];

/** Every table of the data model (docs/architecture.md §4, §8). */
const ALL_TABLES = [
  ...SYNCED_TABLES,
  'companies',
  'company_custom_configuration',
  'company_sync',
  'tombstones',
  'idempotency_keys',
  'user_roles',
  'consultant_company_access',
  'refresh_tokens',
  'totp_secrets',
  'invites',
  'password_reset_tokens',
  'sso_clients',
  'vendors',
  'bill_charges',
  'bill_usages',
  'bill_attachments',
  'file_inbox',
  'gl_files',
  'accrual_reports',
  'bill_pay_bill_notes',
  'control_workbooks',
  'support_request_types',
  'user_admin_audit',
  'archive_records',
  'chat_sessions',
];

interface ColumnRow extends Record<string, unknown> {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: string;
}

/** A transaction handle (same query API as Db). */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Marks a transaction that a test rolls back on purpose, so shared databases keep no test rows. */
class Rollback extends Error {}

/** Runs `body` in a transaction that is always rolled back. */
async function inRolledBackTransaction(db: Db, body: (tx: Tx) => Promise<void>): Promise<void> {
  await expect(
    db.transaction(async (tx) => {
      await body(tx);
      throw new Rollback();
    }),
  ).rejects.toBeInstanceOf(Rollback);
}

async function tableNames(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

async function appliedMigrations(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number | string }>(
    sql`select count(*) as n from drizzle.__drizzle_migrations`,
  );
  return Number(rows[0]?.n);
}

describe('server database schema', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
    handle = database.handle;
    await migrateDatabase(handle);
  }, 60_000);

  afterAll(async () => {
    await database.close();
  });

  it('opens the driver the environment asks for', () => {
    expect(handle.kind).toBe(onPostgres ? 'postgres' : 'pglite');
  });

  it('creates a table for every entity', async () => {
    const names = await tableNames(handle.db);
    for (const table of ALL_TABLES) expect(names, table).toContain(table);
  });

  it('gives every synced table company_id, version and updated_at, all NOT NULL', async () => {
    const { rows } = await handle.db.execute<ColumnRow>(sql`
      select table_name, column_name, data_type, is_nullable from information_schema.columns
      where table_schema = 'public' and column_name in ('company_id', 'version', 'updated_at')`);
    const types = new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r]));
    for (const table of SYNCED_TABLES) {
      expect(types.get(`${table}.company_id`), table).toMatchObject({
        data_type: 'integer',
        is_nullable: 'NO',
      });
      expect(types.get(`${table}.version`), table).toMatchObject({ data_type: 'bigint', is_nullable: 'NO' });
      expect(types.get(`${table}.updated_at`), table).toMatchObject({
        data_type: 'timestamp with time zone',
        is_nullable: 'NO',
      });
    }
    expect(types.get('companies.version')).toMatchObject({ data_type: 'bigint', is_nullable: 'NO' });
    expect(types.get('companies.updated_at')).toMatchObject({ is_nullable: 'NO' });
  });

  it('points every synced company_id at companies', async () => {
    const { rows } = await handle.db.execute<{ table_name: string }>(sql`
      select cl.relname as table_name from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'public.companies'::regclass
        and a.attname = 'company_id' and array_length(c.conkey, 1) = 1`);
    const referencing = new Set(rows.map((r) => r.table_name));
    for (const table of SYNCED_TABLES) expect(referencing.has(table), table).toBe(true);
  });

  it('indexes every synced table on (company_id, version)', async () => {
    const { rows } = await handle.db.execute<{ tablename: string; indexdef: string }>(
      sql`select tablename, indexdef from pg_indexes where schemaname = 'public'`,
    );
    for (const table of [...SYNCED_TABLES, 'tombstones']) {
      const defs = rows.filter((r) => r.tablename === table).map((r) => r.indexdef);
      expect(
        defs.some((d) => /\(company_id, version\)$/.test(d)),
        `${table}: ${defs.join('; ')}`,
      ).toBe(true);
    }
  });

  it('has the indexes of the common queries', async () => {
    const { rows } = await handle.db.execute<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where schemaname = 'public'`,
    );
    const defs = rows.map((r) => r.indexdef.replace(/ USING btree/, ''));
    const expected = [
      /ON public\.bills \(company_id, bill_month\)$/,
      /ON public\.bills \(account_id, bill_month\)$/,
      /ON public\.bills \(location_id, bill_month\)$/,
      /ON public\.accounts \(location_id\)$/,
      /ON public\.alerts \(company_id, status\)$/,
      /ON public\.contracts \(company_id, end_date\)$/,
      /UNIQUE INDEX \S+ ON public\.users \(lower\(email\)\)$/,
    ];
    for (const pattern of expected)
      expect(
        defs.some((d) => pattern.test(d)),
        String(pattern),
      ).toBe(true);
  });

  it('treats a second migration as a no-op', async () => {
    const before = await appliedMigrations(handle.db);
    const tablesBefore = await tableNames(handle.db);
    await migrateDatabase(handle);
    expect(await appliedMigrations(handle.db)).toBe(before);
    expect(await tableNames(handle.db)).toEqual(tablesBefore);
    expect(before).toBeGreaterThan(0);
  });

  it('round-trips the column conventions (numbers, date strings, jsonb, bytea)', async () => {
    await inRolledBackTransaction(handle.db, async (tx) => {
      const [company] = await tx.insert(companies).values({ name: 'Schema Test Co', version: 1 }).returning();
      if (!company) throw new Error('no company');
      const [vendor] = await tx
        .insert(vendors)
        .values({ name: `Schema Test Utility ${company.id}` })
        .returning();
      if (!vendor) throw new Error('no vendor');
      const [location] = await tx
        .insert(locations)
        .values({
          companyId: company.id,
          version: 2,
          name: 'Store 1',
          address: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
        })
        .returning();
      if (!location) throw new Error('no location');
      const [account] = await tx
        .insert(accounts)
        .values({
          companyId: company.id,
          version: 2,
          locationId: location.id,
          vendorId: vendor.id,
          vendorName: vendor.name,
          accountNumber: 'A-1',
        })
        .returning();
      if (!account) throw new Error('no account');
      const services = [
        {
          serviceType: 'electric',
          charges: 1234.56,
          usage: 10500.125,
          unit: 'kWh',
          demandKw: 42.5,
          kvaMax: 50,
          kvarSum: 3.5,
          taxesFees: 12.34,
        },
      ];
      await tx.insert(bills).values({
        companyId: company.id,
        version: 3,
        accountId: account.id,
        locationId: location.id,
        vendorId: vendor.id,
        vendorName: vendor.name,
        billMonth: '2025-07',
        invoiceDate: '2025-07-15',
        totalNewCharges: 1234.56,
        services,
      });
      const [bill] = await tx.select().from(bills).where(eq(bills.accountId, account.id));
      expect(bill).toMatchObject({
        billMonth: '2025-07',
        invoiceDate: '2025-07-15',
        totalNewCharges: 1234.56,
        version: 3,
        services,
      });
      expect(typeof bill?.updatedAt).toBe('string');

      const content = new Uint8Array([0, 1, 2, 253, 254, 255]);
      const [waiting] = await tx
        .insert(fileInbox)
        .values({ storageKey: `company-documents/${company.id}/a`, content })
        .returning();
      expect(waiting && Array.from(waiting.content)).toEqual(Array.from(content));
    });
  });

  it('keeps emails unique whatever their case', async () => {
    await inRolledBackTransaction(handle.db, async (tx) => {
      const [company] = await tx.insert(companies).values({ name: 'Email Test Co', version: 1 }).returning();
      if (!company) throw new Error('no company');
      const user = { firstName: 'A', lastName: 'B', companyId: company.id, version: 1 };
      await tx.insert(users).values({ ...user, email: 'case.test@example.demo' });
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(users).values({ ...user, email: 'Case.Test@Example.demo' });
        }),
      ).rejects.toThrow();
    });
  });
});
