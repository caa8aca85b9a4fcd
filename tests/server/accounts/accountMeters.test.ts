import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyVersion } from '../../helpers/companyWorld';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';
import { feedCursor } from '../../helpers/feedCursor';

/** The role names of the client users these tests read the feed as. */
const CLIENT = ['Client'];

interface MeterRow {
  id: string;
  accountId: string;
  meterNumber: string;
  meterService: string;
  esiId: string | null;
  subAddress: string | null;
  serviceState: string | null;
  serviceZip: string | null;
  version: number;
}

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
  current?: MeterRow;
}

interface ChangePage {
  changes: { entity: string; op: string; id: string; version: number; row?: Record<string, unknown> }[];
}

let demo: DemoServer;
let northwind: number;
/** A Texas electric account and one of its meters. */
let texas: { accountId: string; meterId: string; meterNumber: string };
/** An account outside Texas. */
let other: { accountId: string; meterId: string };

const ESI_17 = '10443720123456789';
const ESI_22 = '1008901000123456789012';

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  const pick = async (texasOnly: boolean) => {
    const [row] = await demo.rows<{ account_id: string; meter_id: string; meter_number: string }>(sql`
      select a.id as account_id, m.id as meter_id, m.meter_number from accounts a
      join locations l on l.id = a.location_id join meters m on m.account_id = a.id
      where a.company_id = ${northwind} and (l.state = 'TX') = ${texasOnly} order by a.account_number, m.meter_number limit 1`);
    return {
      accountId: row?.account_id ?? '',
      meterId: row?.meter_id ?? '',
      meterNumber: row?.meter_number ?? '',
    };
  };
  texas = await pick(true);
  other = await pick(false);
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('POST /api/accounts/addMeterRecord', () => {
  it('creates a meter as a synced write that shows in the change feed and the account info', async () => {
    const before = await companyVersion(demo.server.db, northwind);
    const res = await demo.as<MeterRow>('northwindClient', 'POST', '/api/accounts/addMeterRecord', {
      body: { accountId: texas.accountId, meterNumber: ' E-NEW-1 ', meterService: 'Electric', esiId: ESI_17 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      accountId: texas.accountId,
      meterNumber: 'E-NEW-1',
      meterService: 'electric',
      esiId: ESI_17,
      serviceState: 'TX',
      version: before + 1,
    });
    const feed = await demo.as<ChangePage>(
      'northwindClient',
      'GET',
      `/api/sync/${northwind}/changes?since=${await feedCursor(demo.server.db, northwind, before, CLIENT)}`,
    );
    expect(feed.body.changes).toEqual([
      expect.objectContaining({ entity: 'meters', op: 'put', id: res.body.id, version: before + 1 }),
    ]);
    const info = await demo.as<{ meters: { id: string; number: string }[] }>(
      'northwindClient',
      'GET',
      `/api/accounts/${texas.accountId}/info`,
    );
    expect(info.body.meters).toContainEqual(expect.objectContaining({ id: res.body.id, number: 'E-NEW-1' }));
  });

  it('keeps an id made offline and applies a repeated Idempotency-Key once', async () => {
    const id = randomUUID();
    const headers = { 'idempotency-key': 'meters-client:1' };
    const body = { id, accountId: other.accountId, meterNumber: 'W-OFFLINE', meterService: 'water' };
    const first = await demo.as<MeterRow>('northwindClient', 'POST', '/api/accounts/addMeterRecord', {
      body,
      headers,
    });
    const second = await demo.as<MeterRow>('northwindClient', 'POST', '/api/accounts/addMeterRecord', {
      body,
      headers,
    });
    expect(first).toMatchObject({ status: 201, body: { id } });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const [count] = await demo.rows<{ n: number }>(
      sql`select count(*)::int as n from meters where id = ${id}`,
    );
    expect(count?.n).toBe(1);
  });

  it('refuses a meter number the account already has, with a clear message', async () => {
    const before = await companyVersion(demo.server.db, northwind);
    const res = await demo.as<ErrorBody>('northwindClient', 'POST', '/api/accounts/addMeterRecord', {
      body: {
        accountId: texas.accountId,
        meterNumber: texas.meterNumber.toLowerCase(),
        meterService: 'electric',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      'body.meterNumber': `meter ${texas.meterNumber.toLowerCase()} already exists on this account`,
    });
    expect(await companyVersion(demo.server.db, northwind)).toBe(before);
  });

  it('checks the number, the service and the Texas esiId rule (17 or 22 digits)', async () => {
    const add = (body: Record<string, unknown>) =>
      demo.as<ErrorBody>('northwindClient', 'POST', '/api/accounts/addMeterRecord', {
        body: { accountId: texas.accountId, ...body },
      });
    const blank = await add({ meterNumber: '  ', meterService: 'steam-ish' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toEqual({
      'body.meterNumber': 'is required',
      'body.meterService': 'is not a known service type',
    });
    for (const esiId of ['1044372012345678', '104437201234567890', 'ABC44372012345678']) {
      const res = await add({ meterNumber: `E-${esiId}`, meterService: 'electric', esiId });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({
        'body.esiId': 'must be an ERCOT ESI ID of 17 or 22 digits in Texas',
      });
    }
    expect((await add({ meterNumber: 'E-22', meterService: 'electric', esiId: ESI_22 })).status).toBe(201);
    // Outside Texas the value is a meter or customer number, so shorter ones are fine.
    const outside = await demo.as('northwindClient', 'POST', '/api/accounts/addMeterRecord', {
      body: { accountId: other.accountId, meterNumber: 'X-1', meterService: 'water', esiId: 'CUST-4411' },
    });
    expect(outside.status).toBe(201);
    const extra = await add({ meterNumber: 'E-9', meterService: 'electric', colour: 'red' });
    expect(extra.status).toBe(400);
  });

  it("answers 404 for another company's account and works through the consultant twin", async () => {
    const body = { accountId: texas.accountId, meterNumber: 'E-TWIN', meterService: 'electric' };
    expect((await demo.as('harborClient', 'POST', '/api/accounts/addMeterRecord', { body })).status).toBe(
      404,
    );
    expect(
      (
        await demo.as(
          'consultant',
          'POST',
          `/api/companies/${demo.companies.harbor}/accounts/addMeterRecord`,
          { body },
        )
      ).status,
    ).toBe(404);
    const twin = await demo.as<MeterRow>(
      'consultant',
      'POST',
      `/api/companies/${northwind}/accounts/addMeterRecord`,
      { body },
    );
    expect(twin).toMatchObject({ status: 201, body: { meterNumber: 'E-TWIN' } });
    // The consultant may use the spec's path too: the company comes from the account in the body.
    const plain = await demo.as('consultant', 'POST', '/api/accounts/addMeterRecord', {
      body: { ...body, meterNumber: 'E-PLAIN' },
    });
    expect(plain.status).toBe(201);
  });
});

describe('PUT /api/updateEsiIdSubAddress', () => {
  it('updates the meter and the account in one synced write', async () => {
    const before = await companyVersion(demo.server.db, northwind);
    const res = await demo.as<{
      meter: MeterRow;
      account: { id: string; esiId: string; subAddress: string; version: number };
    }>('northwindClient', 'PUT', '/api/updateEsiIdSubAddress', {
      body: {
        id: texas.meterId,
        esiId: ESI_22,
        subAddress: 'Suite 210',
        serviceCity: 'Austin',
        serviceState: 'tx',
        serviceZip: '787011234',
        accountEsiId: ESI_17,
        accountSubAddress: 'Building B',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.meter).toMatchObject({
      id: texas.meterId,
      esiId: ESI_22,
      subAddress: 'Suite 210',
      serviceState: 'TX',
      serviceZip: '78701-1234',
      version: before + 1,
    });
    expect(res.body.account).toMatchObject({
      id: texas.accountId,
      esiId: ESI_17,
      subAddress: 'Building B',
      version: before + 1,
    });
    const feed = await demo.as<ChangePage>(
      'northwindClient',
      'GET',
      `/api/sync/${northwind}/changes?since=${await feedCursor(demo.server.db, northwind, before, CLIENT)}`,
    );
    expect(feed.body.changes.map((change) => [change.entity, change.id]).sort()).toEqual(
      [
        ['accounts', texas.accountId],
        ['meters', texas.meterId],
      ].sort(),
    );
  });

  it('reports every invalid field at once and changes nothing', async () => {
    const before = await companyVersion(demo.server.db, northwind);
    const res = await demo.as<ErrorBody>('northwindClient', 'PUT', '/api/updateEsiIdSubAddress', {
      body: {
        id: texas.meterId,
        esiId: '12345',
        serviceState: 'ZZ',
        serviceZip: '7870',
        accountEsiId: '1044372012345678X',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      'body.esiId': 'must be an ERCOT ESI ID of 17 or 22 digits in Texas',
      'body.serviceState': 'is not a state or province of the list',
      'body.serviceZip': 'must be 5 or 9 digits (12345 or 12345-6789)',
      'body.accountEsiId': 'must be an ERCOT ESI ID of 17 or 22 digits in Texas',
    });
    expect(await companyVersion(demo.server.db, northwind)).toBe(before);
  });

  it("reads the zip by the state's country and leaves omitted fields alone", async () => {
    const canada = await demo.as<{ meter: MeterRow }>(
      'northwindClient',
      'PUT',
      '/api/updateEsiIdSubAddress',
      {
        body: { id: other.meterId, serviceState: 'ON', serviceZip: 'k1a0b1', esiId: 'M-778' },
      },
    );
    expect(canada.status).toBe(200);
    expect(canada.body.meter).toMatchObject({ serviceState: 'ON', serviceZip: 'K1A 0B1', esiId: 'M-778' });
    const wrongZip = await demo.as<ErrorBody>('northwindClient', 'PUT', '/api/updateEsiIdSubAddress', {
      body: { id: other.meterId, serviceZip: '12345' },
    });
    expect(wrongZip.body.error.fields).toEqual({
      'body.serviceZip': 'must be a Canadian postal code (A1A 1A1)',
    });
    const cleared = await demo.as<{ meter: MeterRow }>(
      'northwindClient',
      'PUT',
      '/api/updateEsiIdSubAddress',
      {
        body: { id: other.meterId, esiId: null },
      },
    );
    expect(cleared.body.meter).toMatchObject({ esiId: null, serviceState: 'ON', serviceZip: 'K1A 0B1' });
  });

  it('answers 409 with the current meter for a stale If-Match', async () => {
    const [meter] = await demo.rows<{ version: string }>(
      sql`select version::text from meters where id = ${texas.meterId}`,
    );
    const version = Number(meter?.version);
    const stale = await demo.as<ErrorBody>('northwindClient', 'PUT', '/api/updateEsiIdSubAddress', {
      body: { id: texas.meterId, subAddress: 'Suite 300' },
      headers: { 'if-match': String(version - 1) },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id: texas.meterId, subAddress: 'Suite 210', version });
    const fresh = await demo.as<{ meter: MeterRow }>('northwindClient', 'PUT', '/api/updateEsiIdSubAddress', {
      body: { id: texas.meterId, subAddress: 'Suite 300' },
      headers: { 'if-match': String(version) },
    });
    expect(fresh).toMatchObject({ status: 200, body: { meter: { subAddress: 'Suite 300' } } });
  });

  it("answers 404 for another company's meter, also through a twin naming the wrong company", async () => {
    const body = { id: texas.meterId, subAddress: 'Nope' };
    expect((await demo.as('harborClient', 'PUT', '/api/updateEsiIdSubAddress', { body })).status).toBe(404);
    expect(
      (
        await demo.as('consultant', 'PUT', `/api/companies/${demo.companies.harbor}/updateEsiIdSubAddress`, {
          body,
        })
      ).status,
    ).toBe(404);
    const twin = await demo.as('consultant', 'PUT', `/api/companies/${northwind}/updateEsiIdSubAddress`, {
      body: { id: texas.meterId, subAddress: 'Twin' },
    });
    expect(twin.status).toBe(200);
  });
});
