import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyHomeCharts, dueContractCount, openAlertCount } from '../../../src/db/queries/companyHome';
import type { AppDb } from '../../../src/db/schema';
import { countContractsDue, localToday } from '../../../src/domain/contracts';
import type { HomeChartsData } from '../../../src/domain/homeCharts';
import { createSyncEngine } from '../../../workers/sync/engine';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';
import { openLocalDb } from '../../helpers/localDb';
import { accountRow, alertRow, billRow, contractRow, service } from './locationRows';

const TODAY = '2026-03-10';
const C = 1;
let db: AppDb;

beforeEach(() => {
  db = openLocalDb();
});

describe('dueContractCount', () => {
  it('counts the company’s contracts due as the shared rule does, ended and extended ones left out', async () => {
    const contracts = [
      contractRow('k1', C, TODAY),
      contractRow('k2', C, '2026-04-09'),
      contractRow('k3', C, '2026-04-10'),
      contractRow('k4', C, '2026-03-09'),
      contractRow('k5', C, '2026-03-20', { isExtended: true }),
      contractRow('k6', 2, '2026-03-20'),
    ];
    await db.contracts.bulkPut(contracts);
    expect(await dueContractCount(db, C, TODAY)).toBe(2);
    expect(await dueContractCount(db, C, TODAY)).toBe(
      countContractsDue(
        contracts.filter((contract) => contract.companyId === C),
        TODAY,
      ),
    );
    expect(await dueContractCount(db, 3, TODAY)).toBe(0);
  });
});

describe('openAlertCount', () => {
  it('counts the company’s open alerts imported in the Alerts page’s default window', async () => {
    const account = accountRow('a1', C, 'l1', 'electric');
    const bills = ['2025-01', '2025-02', '2026-01'].map((month) =>
      billRow(`b-${month}`, account, month, [service('electric', 10, 100)]),
    );
    await db.bills.bulkPut(bills);
    const [first, second] = bills;
    if (!first || !second) throw new Error('no bills');
    await db.alerts.bulkPut([
      alertRow('x1', first),
      alertRow('x2', second, { status: 'closed' }),
      alertRow('x3', second, { companyId: 2 }),
      alertRow('x4', first, { status: 'pending', importDate: '2025-06-01' }),
    ]);
    // 12 months back from 2026-06-15 starts at 2025-06-15: x4 is older, x1 (2026-01-01) counts.
    expect(await openAlertCount(db, C, '2026-06-15')).toBe(1);
    expect(await openAlertCount(db, C, '2026-05-31')).toBe(2);
  });
});

let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer();
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('companyHomeCharts', () => {
  it(
    'computes on the device exactly the figures the server answers for homeChartsData',
    { timeout: 120_000 },
    async () => {
      const counted: number[] = [];
      for (const companyId of [demo.companies.harbor, demo.companies.summit, demo.companies.northwind]) {
        const db = openLocalDb();
        const engine = createSyncEngine({
          db,
          fetch: (input, init) => fetch(input, init),
          baseUrl: demo.server.url,
          getToken: () => demo.tokens.superConsultant,
          refreshToken: async () => null,
          onEvent: () => undefined,
        });
        await engine.syncNow(companyId);
        await engine.stop();
        const server = await demo.as<HomeChartsData>(
          'superConsultant',
          'GET',
          `/api/companies/${companyId}/homeChartsData`,
        );
        expect(server.status).toBe(200);
        expect(server.body.byService.length).toBeGreaterThan(1);
        counted.push(server.body.openAlerts, server.body.contractsDue);
        expect(await companyHomeCharts(db, companyId, localToday())).toEqual(server.body);
        db.close();
      }
    },
  );

  it('answers empty figures for a company with nothing on the device', async () => {
    const db = openLocalDb();
    expect(await companyHomeCharts(db, 7, '2026-03-01')).toEqual({
      companyId: 7,
      name: '',
      months: [],
      totalCharges: 0,
      byService: [],
      monthlyCharges: [],
      locationCount: 0,
      accountCount: 0,
      openAlerts: 0,
      contractsDue: 0,
    });
  });
});
