import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb } from '../../../src/db/schema';
import type { ReportFilter } from '../../../src/domain/reports/filter';
import { reportFilterOptions } from '../../../src/domain/reports/options';
import { runReport } from '../../../src/domain/reports/run';
import { REPORT_TYPE_IDS } from '../../../src/domain/reports/types';
import type { ReportResult } from '../../../src/domain/reports/types';
import { ReportDataCache } from '../../../workers/reports/data';
import { createSyncEngine } from '../../../workers/sync/engine';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';
import { openLocalDb } from '../../helpers/localDb';

const TODAY = '2026-03-10';
let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer();
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

/** A local database holding the companies as the sync worker pulled them. */
async function synced(companyIds: readonly number[]): Promise<AppDb> {
  const db = openLocalDb();
  const engine = createSyncEngine({
    db,
    fetch: (input, init) => fetch(input, init),
    baseUrl: demo.server.url,
    getToken: () => demo.tokens.superConsultant,
    refreshToken: async () => null,
    onEvent: () => undefined,
  });
  for (const id of companyIds) await engine.syncNow(id);
  await engine.stop();
  return db;
}

async function serverReport(companyId: number, reportType: string, filter: ReportFilter) {
  const json = encodeURIComponent(JSON.stringify(filter));
  const res = await demo.as<ReportResult>(
    'superConsultant',
    'GET',
    `/api/companies/${companyId}/reporting/report?reportType=${reportType}&jsonFilter=${json}&today=${TODAY}`,
  );
  expect(res.status, reportType).toBe(200);
  return res.body;
}

describe('reports on the device and on the server', () => {
  it(
    'answer identical rows for every report type on the demo data, for a company and for a parent with its units',
    { timeout: 240_000 },
    async () => {
      const cases: { companyId: number; synced: number[]; filter: ReportFilter }[] = [
        {
          companyId: demo.companies.northwind,
          synced: [demo.companies.northwind],
          filter: { fromMonth: '2025-02', toMonth: '2026-02' },
        },
        {
          companyId: demo.companies.summit,
          synced: [demo.companies.summit],
          filter: { fromMonth: '2025-06', toMonth: '2026-01', serviceTypes: ['electric', 'natural_gas'] },
        },
        {
          companyId: demo.companies.cedar,
          synced: [demo.companies.cedar, demo.companies.cedarNorth, demo.companies.cedarSouth],
          filter: { fromMonth: '2025-02', toMonth: '2026-02', states: ['TX'], rankBy: 'eui' },
        },
      ];
      let compared = 0;
      for (const { companyId, synced: ids, filter } of cases) {
        const db = await synced(ids);
        const cache = new ReportDataCache(db);
        const companyIds = await cache.companiesOf(companyId);
        expect(companyIds.sort()).toEqual([...ids].sort());
        const data = await cache.load(companyIds);
        for (const reportType of REPORT_TYPE_IDS) {
          const device = runReport(reportType, filter, data, { today: TODAY });
          const server = await serverReport(companyId, reportType, filter);
          expect(device, `${companyId} ${reportType}`).toEqual(server);
          compared += device.rows.length;
          if (companyId === demo.companies.northwind)
            expect(device.rows.length, reportType).toBeGreaterThan(0);
        }
        const choices = await demo.as('superConsultant', 'GET', `/api/companies/${companyId}/allFilters`);
        expect(reportFilterOptions(data)).toEqual(choices.body);
        db.close();
      }
      expect(compared).toBeGreaterThan(1_000);
    },
  );
});
