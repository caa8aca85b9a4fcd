// `POST /locations` (server/src/areas/locations/locationAdd.ts): a site added from the contract form's location picker.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoRole, DemoServer } from '../../helpers/demoServer';

interface Site {
  id: string;
  companyId: number;
  version: number;
  name: string;
  state: string;
  zip: string;
  sqft: number | null;
  siteType: string | null;
}

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const NEW_SITE = {
  name: 'Picker Test Depot',
  siteNumber: '9001',
  address: '400 Harbor Rd',
  city: 'Galveston',
  state: 'tx',
  zip: '77550',
  sqft: 18000,
  siteType: 'Warehouse',
};

let demo: DemoServer;

const key = () => `test-${randomUUID().slice(0, 8)}:${Math.floor(Math.random() * 1e9)}`;

function add(role: DemoRole, path: string, body: Record<string, unknown>, idempotencyKey = key()) {
  return demo.as<Site & ErrorBody>(role, 'POST', path, {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

async function sitesNamed(name: string) {
  return demo.rows<{ id: string }>(sql`select id from locations where name = ${name}`);
}

beforeAll(async () => {
  demo = await startDemoServer();
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('POST /locations', () => {
  it('adds a site under the id the device made, normalized, once per Idempotency-Key', async () => {
    const id = randomUUID();
    const idempotencyKey = key();
    const first = await add('northwindAdmin', '/api/locations', { id, ...NEW_SITE }, idempotencyKey);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      id,
      companyId: demo.companies.northwind,
      name: 'Picker Test Depot',
      state: 'TX',
      zip: '77550',
      sqft: 18000,
      siteType: 'Warehouse',
    });
    const replay = await add('northwindAdmin', '/api/locations', { id, ...NEW_SITE }, idempotencyKey);
    expect(replay.status).toBe(201);
    expect(replay.body.version).toBe(first.body.version);
    expect(await sitesNamed('Picker Test Depot')).toHaveLength(1);
    const list = await demo.as<{ id: string }[]>('northwindClient', 'GET', '/api/locations');
    expect(list.body.map((site) => site.id)).toContain(id);
  });

  it('answers 400 naming each field that breaks a rule, and writes nothing', async () => {
    const atAddress = async () =>
      (
        await demo.rows<{ n: number }>(
          sql`select count(*)::int as n from locations where address = ${NEW_SITE.address}`,
        )
      )[0]?.n;
    const before = await atAddress();
    const bad = await add('northwindAdmin', '/api/locations', {
      ...NEW_SITE,
      name: ' ',
      state: 'ZZ',
      sqft: 12.5,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      'body.name': 'is required',
      'body.state': 'is not a state or province of the list',
      'body.sqft': 'must be a whole number of square feet from 1 to 100,000,000',
    });
    const unknownField = await add('northwindAdmin', '/api/locations', { ...NEW_SITE, isActive: false });
    expect(unknownField.status).toBe(400);
    const taken = await demo.rows<{ id: string }>(sql`select id from locations limit 1`);
    const reused = await add('northwindAdmin', '/api/locations', { ...NEW_SITE, id: taken[0]?.id });
    expect(reused.status).toBe(400);
    expect(reused.body.error.fields).toEqual({ 'body.id': 'is already used' });
    // Every refused site had the test site's address: none of them was written.
    expect(await atAddress()).toBe(before);
  });

  it('follows the contracts area: consultants through the twin, limited clients 403, other companies 404', async () => {
    const northwind = demo.companies.northwind;
    const twin = await add('consultant', `/api/companies/${northwind}/locations`, {
      ...NEW_SITE,
      name: 'Consultant Added Site',
    });
    expect(twin.status).toBe(201);
    expect(twin.body.companyId).toBe(northwind);
    // Blank optional fields stay null (the server's type coercion once turned a null number into 0).
    const client = await add('northwindClient', `/api/companies/${northwind}/locations`, {
      ...NEW_SITE,
      name: 'Client Added Site',
      siteNumber: null,
      sqft: null,
      siteType: null,
    });
    expect(client.status).toBe(201);
    expect(client.body).toMatchObject({ sqft: null, siteType: null });
    const limited = await add('northwindLimited', '/api/locations', { ...NEW_SITE, name: 'Limited Site' });
    expect(limited.status).toBe(403);
    const foreign = await add('harborClient', `/api/companies/${northwind}/locations`, {
      ...NEW_SITE,
      name: 'Foreign Site',
    });
    expect(foreign.status).toBe(404);
    expect([...(await sitesNamed('Limited Site')), ...(await sitesNamed('Foreign Site'))]).toHaveLength(0);
  });
});
