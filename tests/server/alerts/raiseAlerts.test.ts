// The server's audit run (server/src/audits/raiseAlerts.ts) as a bill write calls it: the alerts the audits find
// are inserted once, with their rule and key; running it again (or over more bills) never raises one twice.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseBillAlerts } from '../../../server/src/audits/raiseAlerts';
import { accounts, alerts, billCharges, billUsages, companies } from '../../../server/src/db/schema';
import { bumpCompanyVersion } from '../../../server/src/sync/versioning';
import { addMonths } from '../../../src/domain/totals';
import { insertBills } from '../../helpers/alertWorld';
import type { BillSpec } from '../../helpers/alertWorld';
import { seedWorld } from '../../helpers/companyWorld';
import type { World } from '../../helpers/companyWorld';
import { SEED_TIMEOUT_MS } from '../../helpers/demoServer';
import { startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';

let server: TestServer;
let world: World;

beforeAll(async () => {
  server = await startTestServer({ seed: async (db) => void (world = await seedWorld(db)) });
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await server.close();
});

/** Runs the audits of the world account as a bill write would: in a transaction, with a new version. */
async function audit(today: string, onlyBillIds?: ReadonlySet<string>) {
  return server.db.transaction(async (tx) => {
    const version = await bumpCompanyVersion(tx, world.a.id);
    return raiseBillAlerts(tx, {
      companyId: world.a.id,
      version,
      accountIds: [world.a.accountId],
      today,
      ...(onlyBillIds ? { onlyBillIds } : {}),
    });
  });
}

async function rulesOf(): Promise<string[]> {
  const rows = await server.db.select().from(alerts).where(eq(alerts.companyId, world.a.id));
  return rows.map((row) => row.rule).sort();
}

describe('raiseBillAlerts', () => {
  it('raises each alert once: a late fee, a duplicate, a spike; again over the same bills, nothing new', async () => {
    // Fourteen steady months, then a late fee, a duplicate of it and a spike.
    const steady: BillSpec[] = Array.from({ length: 14 }, (_, i) => ({
      month: addMonths('2024-11', i),
      charges: 100,
      // Reads that move a little (the same usage three times in a row looks estimated) at a 2 kW peak (a load
      // factor near 70 %).
      usage: 1000 + 5 * i,
      demandKw: 2,
    }));
    await insertBills(server.db, world.a, steady);
    expect((await audit('2026-06-01')).raised).toEqual([]);

    const [late] = await insertBills(server.db, world.a, [
      { month: '2026-01', charges: 112, usage: 1000, lateFee: 12, demandKw: 2 },
    ]);
    const [duplicate] = await insertBills(server.db, world.a, [
      { month: '2026-01', charges: 112, usage: 1000, lateFee: 12, demandKw: 2, invoiceDate: '2026-01-09' },
    ]);
    const [spike] = await insertBills(server.db, world.a, [
      { month: '2026-02', charges: 250, usage: 3000, demandKw: 5 },
    ]);
    const first = await audit('2026-03-15', new Set([late ?? '', duplicate ?? '', spike ?? '']));
    expect(await rulesOf()).toEqual([
      'anomaly',
      'anomaly',
      'anomaly',
      'cost_vs_last_year',
      'cost_vs_prior',
      'demand_spike',
      'duplicate_bill',
      'late_fee',
      'late_fee',
      'twelve_month_high',
      'usage_twelve_month_high',
      'usage_vs_last_year',
      'usage_vs_prior',
    ]);
    expect(first.raised).toHaveLength(13);
    const stored = await server.db
      .select()
      .from(alerts)
      .where(eq(alerts.billId, duplicate ?? ''));
    expect(stored.map((row) => row.auditKey).sort()).toEqual(
      [`${duplicate}:anomaly`, `${duplicate}:duplicate_bill`, `${duplicate}:late_fee`].sort(),
    );
    expect(
      stored.every((row) => row.status === 'open' && !row.isPublic && row.locationId === world.a.locationId),
    ).toBe(true);
    // The alert carries its bill's month, so a device places it in a window of months without reading the bill.
    expect(stored.map((row) => row.billMonth)).toEqual(['2026-01', '2026-01', '2026-01']);

    // Every bill audited again (a re-import): the same alerts exist, none is added.
    expect((await audit('2026-03-15')).raised).toEqual([]);
    expect(await rulesOf()).toHaveLength(13);
  });

  it('raises a missing bill once the account’s expected delivery date has passed, once per expected date', async () => {
    await server.db
      .update(accounts)
      .set({ nextExpectedDeliveryDate: '2026-03-10' })
      .where(eq(accounts.id, world.a.accountId));
    expect((await audit('2026-03-14')).raised).toEqual([]);
    const passed = await audit('2026-03-16');
    expect(passed.raised).toHaveLength(1);
    const [missing] = await server.db
      .select()
      .from(alerts)
      .where(eq(alerts.id, passed.raised[0] ?? ''));
    expect(missing).toMatchObject({
      rule: 'missing_bill',
      billId: null,
      billMonth: null,
      auditKey: `missing_bill:${world.a.accountId}:2026-03-10`,
      importDate: '2026-03-16',
    });
    expect((await audit('2026-03-20')).raised).toEqual([]);
  });

  it('audits with the company’s thresholds and what the bill’s lines tell', async () => {
    // The company allows 45-day periods; the default (35 days) would flag this 40-day one.
    await server.db
      .update(companies)
      .set({ auditThresholds: { periodMaxDays: 45 } })
      .where(eq(companies.id, world.a.id));
    const [billId = ''] = await insertBills(server.db, world.a, [
      {
        month: '2026-03',
        charges: 100,
        usage: 1020,
        demandKw: 2,
        readDateFrom: '2026-02-10',
        readDateTo: '2026-03-21',
        invoiceDate: '2026-03-25',
      },
    ]);
    // Estimated reads on this bill and the one before (February's bill): a meter no one reads.
    const [february] = await server.db
      .select({ id: alerts.billId })
      .from(alerts)
      .where(eq(alerts.billMonth, '2026-02'));
    await server.db.insert(billUsages).values(
      [billId, february?.id ?? ''].map((id) => ({
        billId: id,
        companyId: world.a.id,
        serviceName: 'electric',
        measurementType: 'Estimated',
        usageTotal: 1020,
      })),
    );
    await server.db.insert(billCharges).values([
      {
        billId,
        companyId: world.a.id,
        serviceType: 'electric',
        chargeClassification: 'Power Factor',
        amount: 30,
      },
      { billId, companyId: world.a.id, serviceType: 'electric', chargeClassification: 'Energy', amount: 70 },
    ]);
    await audit('2026-04-10', new Set([billId]));
    const stored = await server.db.select().from(alerts).where(eq(alerts.billId, billId));
    const rules = stored.map((row) => row.rule);
    expect(stored.find((row) => row.rule === 'estimated_bill')).toMatchObject({
      measured: null,
      reference: 2,
    });
    expect(rules).not.toContain('billing_period_length');
    expect(stored.find((row) => row.rule === 'power_factor')).toMatchObject({
      measured: null,
      reference: 30,
    });
  });
});
