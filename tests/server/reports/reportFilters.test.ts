import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';
import { feedCursor } from '../../helpers/feedCursor';

interface FilterRow {
  id: string;
  companyId: number;
  userId: number;
  name: string;
  reportType: string;
  jsonFilter: Record<string, unknown>;
  version: number;
}

let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer();
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

const FILTER = { fromMonth: '2025-03', toMonth: '2026-02', states: ['TX'], serviceTypes: [] };

async function save(name: string, id = randomUUID(), key?: string) {
  return demo.as<FilterRow>('northwindAdmin', 'POST', '/api/reporting/saveReportFilter', {
    body: { id, name, reportType: 'billDetail', jsonFilter: FILTER },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

describe('saved report filters', () => {
  it('saves a filter with the device’s id, normalised, and lists it for its user only', async () => {
    const id = randomUUID();
    const saved = await save('  Texas bills  ', id);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      id,
      name: 'Texas bills',
      reportType: 'billDetail',
      jsonFilter: { fromMonth: '2025-03', toMonth: '2026-02', states: ['TX'] },
    });
    const mine = await demo.as<FilterRow[]>('northwindAdmin', 'GET', '/api/reporting/reportFilters');
    expect(mine.body.map((row) => row.id)).toContain(id);
    const one = await demo.as<FilterRow>('northwindAdmin', 'GET', `/api/reporting/reportFilters?id=${id}`);
    expect(one.body.id).toBe(id);
    // Another user of the same company neither lists nor reads it.
    const theirs = await demo.as<FilterRow[]>('northwindClient', 'GET', '/api/reporting/reportFilters');
    expect(theirs.body.map((row) => row.id)).not.toContain(id);
    expect((await demo.as('northwindClient', 'GET', `/api/reporting/reportFilters?id=${id}`)).status).toBe(
      404,
    );
  });

  it('applies a repeated Idempotency-Key once', async () => {
    const id = randomUUID();
    const key = `reports-test:${Date.now() % 1_000_000}`;
    const first = await save('Once', id, key);
    const second = await save('Once', id, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const mine = await demo.as<FilterRow[]>('northwindAdmin', 'GET', '/api/reporting/reportFilters');
    expect(mine.body.filter((row) => row.id === id)).toHaveLength(1);
  });

  it('refuses a bad name, type or filter with its fields', async () => {
    const bad = await demo.as<{ error: { fields: Record<string, string> } }>(
      'northwindAdmin',
      'POST',
      '/api/reporting/saveReportFilter',
      { body: { name: ' ', reportType: 'nope', jsonFilter: { fromMonth: '2025-13', toMonth: '2025-01' } } },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(
      ['body.jsonFilter.fromMonth', 'body.name', 'body.reportType'].sort(),
    );
  });

  it('renames and replaces with If-Match, 409 on a stale version, and deletes into the feed', async () => {
    const saved = await save('Rename me');
    const { id, version } = saved.body;
    const renamed = await demo.as<FilterRow>('northwindAdmin', 'PUT', `/api/reporting/${id}`, {
      body: { name: 'Renamed', jsonFilter: { fromMonth: '2025-01', toMonth: '2025-06' } },
      headers: { 'if-match': String(version) },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Renamed',
      jsonFilter: { fromMonth: '2025-01', toMonth: '2025-06' },
    });
    expect(renamed.body.version).toBeGreaterThan(version);

    const stale = await demo.as<{ error: { code: string }; current: FilterRow }>(
      'northwindAdmin',
      'PUT',
      `/api/reporting/${id}`,
      { body: { name: 'Mine' }, headers: { 'if-match': String(version) } },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id, name: 'Renamed' });

    // Another user cannot touch it: not theirs, so not found.
    expect((await demo.as('northwindClient', 'DELETE', `/api/reporting/${id}`)).status).toBe(404);
    const deleted = await demo.as('northwindAdmin', 'DELETE', `/api/reporting/${id}`, {
      headers: { 'if-match': String(renamed.body.version) },
    });
    expect(deleted).toMatchObject({ status: 200, body: { id } });
    // An admin's cursor names the entities only admins read (the company's users): server/src/sync/changeFeed.ts.
    const feed = await demo.as<{ changes: { entity: string; op: string; id: string }[] }>(
      'northwindAdmin',
      'GET',
      `/api/sync/${demo.companies.northwind}/changes?since=${await feedCursor(demo.server.db, demo.companies.northwind, renamed.body.version, ['Client', 'Admin'])}`,
    );
    expect(feed.body.changes).toContainEqual(
      expect.objectContaining({ entity: 'reportFilters', op: 'del', id }),
    );
  });

  it('serves the consultant twin under the company', async () => {
    const path = `/api/companies/${demo.companies.northwind}/reporting/reportFilters`;
    expect((await demo.as('consultant', 'GET', path)).status).toBe(200);
    expect((await demo.as('northwindLimited', 'GET', '/api/reporting/reportFilters')).status).toBe(403);
  });
});
