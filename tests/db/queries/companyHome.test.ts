import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyHomeCharts } from '../../../src/db/queries/companyHome';
import { localToday } from '../../../src/domain/contracts';
import type { HomeChartsData } from '../../../src/domain/homeCharts';
import { createSyncEngine } from '../../../workers/sync/engine';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';
import { openLocalDb } from '../../helpers/localDb';

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
