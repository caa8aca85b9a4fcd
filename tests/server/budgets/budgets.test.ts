// The budgets calls of spec 001 §7 on the real server: the list with actuals from the bills, last year's figures,
// create / edit / delete with validation, If-Match and tombstones, the consultant twins and the area's guard.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetItems, budgets, companies, tombstones } from '../../../server/src/db/schema';
import { insertBills, insertBudget } from '../../helpers/alertWorld';
import { seedWorld, worldTokens } from '../../helpers/companyWorld';
import type { RoleName, World } from '../../helpers/companyWorld';
import { SEED_TIMEOUT_MS } from '../../helpers/demoServer';
import { call, startTestServer } from '../../helpers/testServer';
import type { TestServer } from '../../helpers/testServer';

interface ItemAnswer {
  id: string;
  month: string;
  budgetSpendAmount: number;
  budgetUsageAmount: number;
  actualSpendAmount: number;
  actualUsageAmount: number | null;
}

interface BudgetAnswer {
  id: string;
  version: number;
  locationId: string;
  serviceType: string;
  unit: string;
  startMonth: string;
  monthCount: number;
  budgetItems: ItemAnswer[];
}

interface WriteAnswer {
  budget: BudgetAnswer;
  budgetItems: ItemAnswer[];
}

let server: TestServer;
let world: World;
let tokens: Record<RoleName, string>;
let seeded: { id: string; itemIds: string[] };

beforeAll(async () => {
  server = await startTestServer({
    seed: async (db) => {
      world = await seedWorld(db);
      await db.update(companies).set({ budgetsAccess: true }).where(eq(companies.id, world.a.id));
      await insertBills(db, world.a, [
        { month: '2025-01', charges: 90, usage: 900 },
        { month: '2025-02', charges: 80, usage: 800 },
        { month: '2026-01', charges: 100.5, usage: 1005 },
      ]);
      seeded = await insertBudget(db, world.a, {
        startMonth: '2026-01',
        amounts: [
          [95, 950],
          [85, 850],
        ],
      });
    },
  });
  tokens = await worldTokens(server.config, world);
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await server.close();
});

const item = (month: string, spend: number, usage: number) => ({
  id: randomUUID(),
  month,
  budgetSpendAmount: spend,
  budgetUsageAmount: usage,
});

describe('GET /api/budgets', () => {
  it('answers the budgets with each month’s actuals from the bills (null usage where no bill)', async () => {
    const res = await call<BudgetAnswer[]>(server, 'GET', '/api/budgets', { token: tokens.client });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]?.budgetItems.map((i) => [i.month, i.actualSpendAmount, i.actualUsageAmount])).toEqual([
      ['2026-01', 100.5, 1005],
      ['2026-02', 0, null],
    ]);
    const twin = await call<BudgetAnswer[]>(
      server,
      'GET',
      `/api/companies/${world.a.id}/budgets?serviceType=water`,
      {
        token: tokens.consultant,
      },
    );
    expect(twin.body).toEqual([]);
  });

  it('keeps budgets to clients with budgets access who are not limited; consultants always', async () => {
    expect((await call(server, 'GET', '/api/budgets', { token: tokens.limitedClient })).status).toBe(403);
    expect((await call(server, 'GET', '/api/budgets', { token: tokens.clientOfB })).status).toBe(403);
    const consultantOfB = await call(server, 'GET', `/api/companies/${world.b.id}/budgets`, {
      token: tokens.superConsultant,
    });
    expect(consultantOfB.status).toBe(200);
  });
});

describe('GET /api/budgets/:locationId/previousData', () => {
  it('answers last year’s figures for each planned month, the average where last year had no bill', async () => {
    const res = await call<{
      unit: string;
      items: { month: string; spend: number; usage: number; isBilled: boolean }[];
    }>(
      server,
      'GET',
      `/api/budgets/${world.a.locationId}/previousData?ServiceGroupId=4&StartYear=2026&StartMonth=1&NumOfMonths=3`,
      { token: tokens.client },
    );
    expect(res.status).toBe(200);
    expect(res.body.unit).toBe('kWh');
    expect(res.body.items).toEqual([
      { month: '2026-01', previousMonth: '2025-01', spend: 90, usage: 900, isBilled: true },
      { month: '2026-02', previousMonth: '2025-02', spend: 80, usage: 800, isBilled: true },
      { month: '2026-03', previousMonth: '2025-03', spend: 85, usage: 850, isBilled: false },
    ]);
    const unknown = await call(
      server,
      'GET',
      `/api/budgets/${world.a.locationId}/previousData?ServiceGroupId=999&StartYear=2026&StartMonth=1&NumOfMonths=3`,
      { token: tokens.client },
    );
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: { fields: { 'querystring.ServiceGroupId': expect.any(String) } } },
    });
    const foreign = await call(
      server,
      'GET',
      `/api/budgets/${world.b.locationId}/previousData?ServiceGroupId=4&StartYear=2026&StartMonth=1&NumOfMonths=3`,
      { token: tokens.client },
    );
    expect(foreign.status).toBe(404);
  });
});

describe('budget writes', () => {
  it('creates a budget with the client’s ids once per Idempotency-Key', async () => {
    const id = randomUUID();
    const body = {
      id,
      locationId: world.a.locationId,
      serviceType: 'natural_gas',
      unit: 'Therms',
      startMonth: '2026-07',
      monthCount: 2,
      budgetItems: [item('2026-07', 40, 30), item('2026-08', 45, 35)],
    };
    const headers = { 'idempotency-key': 'budget-client:1' };
    const res = await call<WriteAnswer>(server, 'POST', `/api/companies/${world.a.id}/budgets`, {
      token: tokens.consultant,
      body,
      headers,
    });
    expect(res.status).toBe(201);
    expect(res.body.budget).toMatchObject({ id, startMonth: '2026-07', monthCount: 2, unit: 'Therms' });
    expect(res.body.budgetItems.map((i) => i.id)).toEqual(body.budgetItems.map((i) => i.id));
    const again = await call<WriteAnswer>(server, 'POST', `/api/companies/${world.a.id}/budgets`, {
      token: tokens.consultant,
      body,
      headers,
    });
    expect(again.body).toEqual(res.body);
    expect(await server.db.select().from(budgets).where(eq(budgets.id, id))).toHaveLength(1);
  });

  it('refuses an invalid budget with its fields, an overlap and another company’s site (400)', async () => {
    const post = (body: Record<string, unknown>) =>
      call<{ error: { fields: Record<string, string> } }>(server, 'POST', '/api/budgets', {
        token: tokens.client,
        body,
      });
    const base = {
      locationId: world.a.locationId,
      serviceType: 'electric',
      unit: 'kWh',
      startMonth: '2026-03',
      monthCount: 2,
      budgetItems: [item('2026-03', 1, 1), item('2026-04', 1, 1)],
    };
    const months = await post({ ...base, budgetItems: [item('2026-03', 1, 1), item('2026-05', 1, 1)] });
    expect(months.body.error.fields).toEqual({ 'body.budgetItems.1.month': 'must be 2026-04' });
    const overlap = await post({
      ...base,
      startMonth: '2026-02',
      budgetItems: [item('2026-02', 1, 1), item('2026-03', 1, 1)],
    });
    expect(overlap.body.error.fields).toEqual({
      'body.startMonth': 'overlaps another budget of this site and service',
    });
    const foreign = await post({ ...base, locationId: world.b.locationId });
    expect(foreign.body.error.fields).toEqual({ 'body.locationId': 'is not a site of this company' });
    const negative = await post({ ...base, budgetItems: [item('2026-03', -1, 1), item('2026-04', 1, 1)] });
    expect(negative.status).toBe(400);
  });

  it('edits the months with If-Match, answering 409 with the budget and its items when stale', async () => {
    const [budget] = await server.db.select().from(budgets).where(eq(budgets.id, seeded.id));
    const items = [
      { id: seeded.itemIds[0], month: '2026-01', budgetSpendAmount: 99, budgetUsageAmount: 990 },
      { id: seeded.itemIds[1], month: '2026-02', budgetSpendAmount: 88, budgetUsageAmount: 880 },
    ];
    const res = await call<WriteAnswer>(server, 'PUT', `/api/budgets/${seeded.id}`, {
      token: tokens.client,
      body: { budgetItems: items },
      headers: { 'if-match': String(budget?.version) },
    });
    expect(res.status).toBe(200);
    expect(res.body.budgetItems.map((i) => [i.id, i.budgetSpendAmount])).toEqual([
      [seeded.itemIds[0], 99],
      [seeded.itemIds[1], 88],
    ]);
    const stale = await call<{ current: WriteAnswer }>(server, 'PUT', `/api/budgets/${seeded.id}`, {
      token: tokens.client,
      body: { budgetItems: items },
      headers: { 'if-match': String(budget?.version) },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current.budget.version).toBe(res.body.budget.version);
    expect(stale.body.current.budgetItems).toHaveLength(2);
  });

  it('deletes a budget and its items with tombstones; 403 for a client without budgets access', async () => {
    const { id, itemIds } = await insertBudget(server.db, world.a, {
      startMonth: '2027-01',
      amounts: [[1, 1]],
    });
    expect((await call(server, 'DELETE', `/api/budgets/${id}`, { token: tokens.limitedClient })).status).toBe(
      403,
    );
    const res = await call(server, 'DELETE', `/api/budgets/${id}`, { token: tokens.client });
    expect(res).toMatchObject({ status: 200, body: { id, deleted: true } });
    expect(await server.db.select().from(budgetItems).where(eq(budgetItems.budgetId, id))).toEqual([]);
    const marks = await server.db
      .select()
      .from(tombstones)
      .where(and(eq(tombstones.companyId, world.a.id)));
    expect(marks.map((mark) => `${mark.entity}/${mark.entityId}`)).toEqual(
      expect.arrayContaining([`budgets/${id}`, `budgetItems/${itemIds[0]}`]),
    );
  });
});
