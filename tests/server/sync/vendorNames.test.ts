import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangePage } from '../../../src/domain/syncProtocol';
import { seedScale } from '../../../server/src/seed';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoRole, DemoServer } from '../../helpers/demoServer';

let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer();
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

/** Every change of a company's feed after `since` (null: the snapshot), page by page over HTTP. */
async function pullFeed(role: DemoRole, companyId: number, since: string | null = null) {
  const changes: ChangePage['changes'] = [];
  let cursor = since;
  for (;;) {
    const query = cursor === null ? 'limit=5000' : `since=${cursor}&limit=5000`;
    const page = await demo.as<ChangePage>(role, 'GET', `/api/sync/${companyId}/changes?${query}`);
    expect(page.status).toBe(200);
    changes.push(...page.body.changes);
    cursor = page.body.cursor;
    if (!page.body.hasMore) return { changes, cursor };
  }
}

/** The vendor's name of every account and bill of a company, read through vendor_id. */
async function vendorNamesOf(companyId: number): Promise<Map<string, string>> {
  const rows = await demo.rows<{ id: string; name: string }>(sql`
    select a.id, v.name from accounts a join vendors v on v.id = a.vendor_id where a.company_id = ${companyId}
    union all
    select b.id, v.name from bills b join vendors v on v.id = b.vendor_id where b.company_id = ${companyId}`);
  return new Map(rows.map((row) => [row.id, row.name]));
}

describe('vendor names in the change feed', () => {
  it('sends every account and bill row of the snapshot with its vendor’s name', async () => {
    const northwind = demo.companies.northwind;
    const expected = await vendorNamesOf(northwind);
    const { changes } = await pullFeed('northwindClient', northwind);
    const rows = changes.filter((change) => change.entity === 'accounts' || change.entity === 'bills');
    expect(rows.filter((change) => change.entity === 'accounts').length).toBeGreaterThan(0);
    expect(rows.filter((change) => change.entity === 'bills').length).toBeGreaterThan(0);
    expect(rows).toHaveLength(expected.size);
    for (const change of rows) {
      expect(change.row?.vendorName, `${change.entity} ${change.id}`).toBe(expected.get(change.id));
    }
  });

  it('sends the vendor’s name with an account changed later', async () => {
    const northwind = demo.companies.northwind;
    const { cursor } = await pullFeed('northwindClient', northwind);
    const [account] = await demo.rows<{ id: string; name: string }>(sql`
      select a.id, v.name from accounts a join vendors v on v.id = a.vendor_id
      where a.company_id = ${northwind} order by a.id limit 1`);
    if (!account) throw new Error('no Northwind account');
    const write = await demo.as<Record<string, unknown>>(
      'northwindClient',
      'PUT',
      `/api/accounts/nickname/${account.id}`,
      {
        body: { nickname: 'Vendor check' },
      },
    );
    expect(write.status).toBe(200);
    expect(write.body.vendorName).toBe(account.name);
    const { changes } = await pullFeed('northwindClient', northwind, cursor);
    expect(
      changes.find((change) => change.entity === 'accounts' && change.id === account.id)?.row,
    ).toMatchObject({
      nickname: 'Vendor check',
      vendorName: account.name,
    });
  });

  it('answers a bill with the vendor’s name it stores', async () => {
    const [bill] = await demo.rows<{ id: string; name: string }>(sql`
      select b.id, v.name from bills b join vendors v on v.id = b.vendor_id
      where b.company_id = ${demo.companies.northwind} order by b.id limit 1`);
    if (!bill) throw new Error('no Northwind bill');
    const res = await demo.as<{ vendorName: string }>('northwindClient', 'GET', `/api/bills/${bill.id}`);
    expect(res.status).toBe(200);
    expect(res.body.vendorName).toBe(bill.name);
  });

  it('has the scale seed write the vendor’s name on its accounts and bills too', async () => {
    const { companyId } = await seedScale(demo.server.db, 'S');
    if (companyId === undefined) throw new Error('the scale seed answered no company');
    const [counts] = await demo.rows<{ accounts: number; bills: number; wrong: number }>(sql`
      select (select count(*)::int from accounts where company_id = ${companyId}) as accounts,
             (select count(*)::int from bills where company_id = ${companyId}) as bills,
             (select count(*)::int from accounts a join vendors v on v.id = a.vendor_id
               where a.company_id = ${companyId} and a.vendor_name <> v.name)
             + (select count(*)::int from bills b join vendors v on v.id = b.vendor_id
               where b.company_id = ${companyId} and b.vendor_name <> v.name) as wrong`);
    expect(counts?.accounts).toBeGreaterThan(0);
    expect(counts?.bills).toBeGreaterThan(0);
    expect(counts?.wrong).toBe(0);
  }, 120_000);
});
