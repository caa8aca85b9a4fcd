import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../../server/src/db/client';
import type { DatabaseHandle, Db } from '../../../server/src/db/client';
import { migrateDatabase } from '../../../server/src/db/migrate';
import {
  COMPANY_IDS,
  DEMO_MFA_SECRET,
  DEMO_PASSWORD,
  DEMO_USERS,
  SEEDED_ALERT_STATUSES,
  resetDatabase,
  seedDemo,
  seedDemoIfEmpty,
} from '../../../server/src/seed';
import type { SeedSummary } from '../../../server/src/seed';
import { verifyPassword } from '../../../server/src/auth/passwords';
import { contractStatus } from '../../../src/domain/contracts';

const AS_OF = new Date('2026-03-01T00:00:00.000Z');
const AS_OF_DAY = '2026-03-01';

/** Tables compared row by row between the two runs (users without password_hash: scrypt salts are random). */
const HASHED_TABLES: Record<string, string> = {
  companies: 'select * from companies',
  users: 'select id, email, first_name, last_name, company_id, is_active, created_at from users',
  locations: 'select * from locations',
  accounts: 'select * from accounts',
  meters: 'select * from meters',
  bills: 'select * from bills',
  bill_charges: 'select * from bill_charges',
  alerts: 'select * from alerts',
  alert_notes: 'select * from alert_notes',
  contracts: 'select * from contracts',
  budget_items: 'select * from budget_items',
  energy_star_metrics: 'select * from energy_star_metrics',
  company_sync: 'select * from company_sync',
};

async function freshDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ dataDir: '', inMemory: true });
  await migrateDatabase(handle);
  return handle;
}

function stableJson(value: unknown): string {
  if (value instanceof Uint8Array) return JSON.stringify(Buffer.from(value).toString('hex'));
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A hash of every row of a query, independent of the order rows come back in. */
async function tableHash(db: Db, query: string): Promise<{ rows: number; hash: string }> {
  const result = await db.execute<Record<string, unknown>>(sql.raw(query));
  const lines = result.rows.map(stableJson).sort();
  return { rows: lines.length, hash: createHash('sha256').update(lines.join('\n')).digest('hex') };
}

async function rows<T extends Record<string, unknown>>(db: Db, query: string): Promise<T[]> {
  return (await db.execute<Record<string, unknown>>(sql.raw(query))).rows as T[];
}

describe('seedDemo (small)', () => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let summary: SeedSummary;
  let db: Db;

  beforeAll(async () => {
    [first, second] = await Promise.all([freshDatabase(), freshDatabase()]);
    db = first.db;
    summary = await seedDemo(first.db, { asOf: AS_OF, size: 'small' });
    await seedDemo(second.db, { asOf: AS_OF, size: 'small' });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it('writes identical data for the same seed and as-of date', async () => {
    for (const [table, query] of Object.entries(HASHED_TABLES)) {
      const [a, b] = await Promise.all([tableHash(first.db, query), tableHash(second.db, query)]);
      expect(a.rows, table).toBeGreaterThan(0);
      expect(a, table).toEqual(b);
    }
  });

  it('reports the rows it wrote', async () => {
    const [bills] = await rows<{ n: number }>(db, 'select count(*)::int as n from bills');
    expect(summary.asOf).toBe(AS_OF_DAY);
    expect(summary.counts.bills).toBe(bills?.n);
    expect(summary.counts.companies).toBe(7);
  });

  it('creates every demo user with the right company and roles, and the MFA secret', async () => {
    const users = await rows<{
      id: number;
      email: string;
      company_id: number;
      roles: string[];
      password_hash: string;
    }>(
      db,
      `select u.id, u.email, u.company_id, u.password_hash, array_agg(r.role order by r.role) as roles
       from users u join user_roles r on r.user_id = u.id group by u.id order by u.id`,
    );
    expect(users.map((u) => u.email)).toEqual(DEMO_USERS.map((u) => u.email));
    for (const demo of DEMO_USERS) {
      const user = users.find((u) => u.email === demo.email);
      expect(user?.company_id, demo.email).toBe(demo.companyId);
      expect(user?.roles, demo.email).toEqual([...demo.roles].sort());
    }
    const superUser = users.find((u) => u.email === 'super@get.demo');
    expect(await verifyPassword(DEMO_PASSWORD, superUser?.password_hash ?? '')).toBe(true);
    const grants = await rows<{ company_id: number }>(
      db,
      `select a.company_id from consultant_company_access a join users u on u.id = a.user_id
       where u.email = 'consultant@get.demo' order by a.company_id`,
    );
    expect(grants.map((g) => g.company_id)).toEqual([
      COMPANY_IDS.northwind,
      COMPANY_IDS.harbor,
      COMPANY_IDS.summit,
    ]);
    const totp = await rows<{ secret: string; enabled: boolean }>(
      db,
      `select secret, enabled from totp_secrets t join users u on u.id = t.user_id where u.email = 'mfa@northwind.demo'`,
    );
    expect(totp).toEqual([{ secret: DEMO_MFA_SECRET, enabled: true }]);
  });

  it('sets the company flags: Harbor is type 2, Cedar has two children, Northwind has everything', async () => {
    const companies = await rows<Record<string, unknown>>(db, 'select * from companies order by id');
    const byId = new Map(companies.map((c) => [c.id, c]));
    expect(byId.get(COMPANY_IDS.harbor)?.company_type_id).toBe(2);
    expect(byId.get(COMPANY_IDS.harbor)?.alerts_access).toBe(false);
    expect(byId.get(COMPANY_IDS.harbor)?.energy_star_access).toBe(false);
    expect(byId.get(COMPANY_IDS.summit)?.bill_pay_access).toBe(false);
    expect(companies.filter((c) => c.parent_id === COMPANY_IDS.cedar).map((c) => c.name)).toHaveLength(2);
    const northwind = byId.get(COMPANY_IDS.northwind) ?? {};
    for (const [key, value] of Object.entries(northwind)) {
      if (key.endsWith('_access') || key === 'is_es_active') expect(value, key).toBe(true);
    }
    expect(northwind.archive_table_name).toBeTruthy();
    // Every company record has its own version, below the versions of its rows.
    expect(companies.every((c) => Number(c.version) >= 1)).toBe(true);
  });

  it('moves identity sequences past the seeded ids', async () => {
    const [company] = await rows<{ id: number }>(
      db,
      `insert into companies (name, version) values ('Later Co', 0) returning id`,
    );
    expect(company?.id).toBe(8);
    await db.execute(sql.raw(`delete from companies where id = 8`));
  });

  it('covers every contract expiry status and links extensions to their originals', async () => {
    const contracts = await rows<{
      id: string;
      end_date: string;
      is_extended: boolean;
      associated_contract_id: string | null;
    }>(db, `select id, end_date::text, is_extended, associated_contract_id from contracts`);
    const day = (text: string) => Date.parse(`${text}T00:00:00Z`);
    const statuses = new Set(
      contracts
        .filter((c) => !c.is_extended)
        .map((c) => contractStatus(Math.round((day(c.end_date) - day(AS_OF_DAY)) / 86_400_000), false).text),
    );
    expect([...statuses].sort()).toEqual([
      '< 180 Days Remaining',
      '< 30 Days Remaining',
      '< 90 Days Remaining',
      'Active',
      'Expired',
    ]);
    const extensions = contracts.filter((c) => c.associated_contract_id !== null);
    expect(extensions.length).toBeGreaterThan(0);
    for (const extension of extensions) {
      expect(contracts.find((c) => c.id === extension.associated_contract_id)?.is_extended).toBe(true);
    }
  });

  it('raises alerts in every status, only for companies with alerts access', async () => {
    const statuses = await rows<{ status: string }>(db, 'select distinct status from alerts order by status');
    expect(statuses.map((s) => s.status).sort()).toEqual([...SEEDED_ALERT_STATUSES].sort());
    const harbor = await rows<{ n: number }>(
      db,
      `select count(*)::int as n from alerts where company_id = ${COMPANY_IDS.harbor}`,
    );
    expect(harbor[0]?.n).toBe(0);
    // Every alert on a bill carries that bill's month; the others none.
    const months = await rows<{ n: number }>(
      db,
      `select count(*)::int as n from alerts a left join bills b on b.id = a.bill_id
       where a.bill_month is distinct from b.bill_month`,
    );
    expect(months[0]?.n).toBe(0);
    const notes = await rows<{ closed: boolean }>(db, 'select distinct closed from alert_notes');
    expect(notes.map((n) => n.closed).sort()).toEqual([false, true]);
  });

  it('gives Texas electric accounts ESI IDs and everyone else meter or customer numbers', async () => {
    const accounts = await rows<{
      state: string;
      services: string;
      esi_id: string | null;
      meter_customer_numbers: string | null;
    }>(
      db,
      `select l.state, a.services, a.esi_id, a.meter_customer_numbers from accounts a join locations l on l.id = a.location_id`,
    );
    const texasElectric = accounts.filter((a) => a.state === 'TX' && a.services === 'electric');
    expect(texasElectric.length).toBeGreaterThan(0);
    expect(texasElectric.every((a) => /^\d{17}$/.test(a.esi_id ?? ''))).toBe(true);
    const others = accounts.filter((a) => !(a.state === 'TX' && a.services === 'electric'));
    expect(others.every((a) => a.esi_id === null && (a.meter_customer_numbers ?? '') !== '')).toBe(true);
    expect(new Set(accounts.map((a) => a.state)).size).toBeGreaterThan(2);
  });

  it('writes 13 months of bills ending the month before as-of, with summaries that add up', async () => {
    const months = await rows<{ bill_month: string }>(
      db,
      'select distinct bill_month from bills order by bill_month',
    );
    expect(months).toHaveLength(13);
    expect(months.at(-1)?.bill_month).toBe('2026-02');
    const sums = await rows<{ bad: number; missing: number }>(
      db,
      `select count(*) filter (where abs(total_new_charges - coalesce((select sum((s->>'charges')::numeric) from jsonb_array_elements(services) s), 0)) > 0.005)::int as bad,
              count(*) filter (where is_invoice_missing)::int as missing
       from bills`,
    );
    expect(sums[0]?.bad).toBe(0);
    const lines = await rows<{ bad: number }>(
      db,
      `select count(*)::int as bad from bills b
       where not b.is_invoice_missing and b.total_new_charges <> (select sum(amount) from bill_charges c where c.bill_id = b.id)`,
    );
    expect(lines[0]?.bad).toBe(0);
  });

  it('puts the greatest kVA and the kVAR sum of each service’s usage lines on the bill summary', async () => {
    const summaries = await rows<{ bad: number; with_kva: number }>(
      db,
      `select count(*) filter (where (s->>'kvaMax')::numeric is distinct from u.kva
                                  or (s->>'kvarSum')::numeric is distinct from u.kvar)::int as bad,
              count(*) filter (where s->>'kvaMax' is not null)::int as with_kva
       from bills b cross join lateral jsonb_array_elements(b.services) s
       left join lateral (select max(kva_max) as kva, sum(kvar_sum) as kvar from bill_usages l
                          where l.bill_id = b.id and l.service_name = s->>'serviceType') u on true`,
    );
    expect(summaries[0]?.bad).toBe(0);
    expect(summaries[0]?.with_kva).toBeGreaterThan(0);
  });

  it('gives synced rows consecutive versions below the company counter', async () => {
    const [check] = await rows<{ max_version: number; counter: number; duplicates: number }>(
      db,
      `select (select max(version) from bills where company_id = 2)::int as max_version,
              (select version from company_sync where company_id = 2)::int as counter,
              (select count(*) from (select version from bills where company_id = 2 group by version having count(*) > 1) d)::int as duplicates`,
    );
    expect(check?.duplicates).toBe(0);
    expect(check?.max_version).toBeLessThanOrEqual(check?.counter ?? 0);
  });

  it('seeds only an empty database, and again after a reset', async () => {
    expect(await seedDemoIfEmpty(second.db, { asOf: AS_OF, size: 'small' })).toBe(false);
    await resetDatabase(second.db);
    const [after] = await rows<{ n: number }>(second.db, 'select count(*)::int as n from bills');
    expect(after?.n).toBe(0);
    expect(await seedDemoIfEmpty(second.db, { asOf: AS_OF, size: 'small' })).toBe(true);
    const [again] = await rows<{ n: number }>(second.db, 'select count(*)::int as n from bills');
    expect(again?.n).toBe(summary.counts.bills);
  }, 30_000);
});
