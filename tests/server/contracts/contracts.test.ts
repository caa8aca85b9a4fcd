import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractExpiry } from '../../../src/domain/contracts';
import { utcToday } from '../../../server/src/areas/locations/attention';
import { SEED_TIMEOUT_MS, startDemoServer } from '../../helpers/demoServer';
import type { DemoServer } from '../../helpers/demoServer';

interface Contract {
  id: string;
  companyId: number;
  version: number;
  serviceType: string;
  vendorName: string;
  startDate: string;
  endDate: string;
  termMonth: number | null;
  contractRateType: number;
  associatedContractId: string | null;
  isExtended: boolean;
  isViewed: boolean;
  daysTillExpire?: number;
  status?: string;
  statusColor?: string;
  linkedLocationsCount?: number;
}

interface Link {
  id: string;
  contractId: string;
  locationId: string;
  version: number;
}

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

let demo: DemoServer;
let northwind: number;
let contracts: Contract[];
let sites: { id: string }[];

const key = () => `test-${randomUUID().slice(0, 8)}:${Math.floor(Math.random() * 1e9)}`;

const NEW_CONTRACT = {
  serviceType: 'electric',
  vendorName: 'Test Power Co',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  termMonth: 12,
  contractSignDate: '2025-12-01',
  contractRate: 0.0712,
  contractAnnualUsage: 500000,
  contractRateType: 1,
  consultantName: 'Ann Lee',
  notes: null,
};

async function add(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return demo.as<{ contract: Contract; linkedLocations: Link[] } & ErrorBody>(
    'northwindAdmin',
    'POST',
    '/api/contracts/add',
    { body, headers },
  );
}

async function get(id: string) {
  return demo.as<Contract>('northwindAdmin', 'GET', `/api/contracts/${id}`);
}

beforeAll(async () => {
  demo = await startDemoServer();
  northwind = demo.companies.northwind;
  contracts = (await demo.as<Contract[]>('northwindAdmin', 'GET', '/api/contracts')).body;
  sites = (await demo.as<{ id: string }[]>('northwindAdmin', 'GET', '/api/locations')).body;
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  await demo.server.close();
});

describe('contract reads', () => {
  it('lists the contracts not extended with the expiry of today and their link counts', async () => {
    const all = await demo.rows<{ id: string; is_extended: boolean }>(
      // The seeded rows, read apart from the route.
      sql`select id, is_extended from contracts where company_id = ${northwind}`,
    );
    expect(contracts.length).toBe(all.filter((row) => !row.is_extended).length);
    expect(contracts.every((row) => !row.isExtended)).toBe(true);
    const today = utcToday();
    for (const row of contracts) {
      expect({
        daysTillExpire: row.daysTillExpire,
        status: row.status,
        statusColor: row.statusColor,
      }).toEqual(contractExpiry(row, today));
      expect(row.linkedLocationsCount).toBeGreaterThanOrEqual(1);
    }
    const twin = await demo.as<Contract[]>('consultant', 'GET', `/api/companies/${northwind}/contracts`);
    expect(twin.body.map((row) => row.id)).toEqual(contracts.map((row) => row.id));
  });

  it('refuses limited clients (403) and another company (404)', async () => {
    expect((await demo.as('northwindLimited', 'GET', '/api/contracts')).status).toBe(403);
    const id = contracts[0]?.id ?? '';
    expect((await demo.as('northwindLimited', 'GET', `/api/contracts/${id}`)).status).toBe(403);
    expect((await demo.as('harborClient', 'GET', `/api/contracts/${id}`)).status).toBe(404);
    expect((await demo.as('harborClient', 'GET', `/api/companies/${northwind}/contracts`)).status).toBe(404);
    const twinOfOther = await demo.as(
      'consultant',
      'GET',
      `/api/companies/${demo.companies.harbor}/contracts/${id}`,
    );
    expect(twinOfOther.status).toBe(404);
  });

  it('answers one contract with its documents, the chain it extends, and its linked locations', async () => {
    const extension = contracts.find((row) => row.associatedContractId !== null);
    expect(extension).toBeDefined();
    const one = await demo.as<Contract & { associatedDocuments: unknown[] }>(
      'northwindClient',
      'GET',
      `/api/contracts/${extension?.id ?? ''}`,
    );
    expect(one.status).toBe(200);
    expect(Array.isArray(one.body.associatedDocuments)).toBe(true);
    const chain = await demo.as<Contract[]>(
      'northwindClient',
      'GET',
      `/api/contracts/${extension?.id ?? ''}/extended`,
    );
    expect(chain.body.map((row) => row.id)).toEqual([extension?.associatedContractId]);
    expect(chain.body[0]?.isExtended).toBe(true);
    expect(chain.body[0]?.status).toMatch(/\(Extended\)$/);
    const links = await demo.as<{ locationId: string; name: string }[]>(
      'northwindClient',
      'GET',
      `/api/contracts/${extension?.id ?? ''}/linked_locations`,
    );
    expect(links.body.length).toBe(extension?.linkedLocationsCount);
    expect(links.body.every((link) => typeof link.name === 'string')).toBe(true);
  });

  it('sums the contracts up in /contracts/info', async () => {
    const info = await demo.as<{ total: number; badge: { count: number; tooltip: string } }>(
      'northwindAdmin',
      'GET',
      '/api/contracts/info',
    );
    expect(info.body.total).toBe(contracts.length);
    expect(info.body.badge.tooltip).toMatch(/^\d+ Contracts? due in 30 days$/);
  });

  it('renders a one-page PDF summary as an attachment', async () => {
    const id = contracts[0]?.id ?? '';
    const response = await fetch(`${demo.server.url}/api/contracts/${id}/download`, {
      headers: { authorization: `Bearer ${demo.tokens.northwindClient}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Contract /);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  });
});

describe('contract look-ups', () => {
  it('answers vendors, the consultants of the company and its site types', async () => {
    const vendors = await demo.as<{ id: string; name: string }[]>(
      'northwindAdmin',
      'GET',
      '/api/companies/getAllVendorsInfo',
    );
    expect(vendors.status).toBe(200);
    expect(vendors.body.length).toBeGreaterThan(0);
    const consultants = await demo.as<{ fullName: string }[]>(
      'consultant',
      'GET',
      `/api/companies/${northwind}/companies/all_get_consultants`,
    );
    expect(consultants.status).toBe(200);
    expect(consultants.body.length).toBeGreaterThan(0);
    const types = await demo.as<string[]>('northwindClient', 'GET', '/api/locations/site_type');
    expect(types.status).toBe(200);
    expect(new Set(types.body).size).toBe(types.body.length);
    expect((await demo.as('northwindLimited', 'GET', '/api/companies/getAllVendorsInfo')).status).toBe(403);
  });
});

describe('contract writes', () => {
  it('adds a contract with its links under the ids the device made, once per Idempotency-Key', async () => {
    const id = randomUUID();
    const links = [{ id: randomUUID(), locationId: sites[0]?.id ?? '' }];
    const headers = { 'idempotency-key': key() };
    const first = await add({ id, ...NEW_CONTRACT, linkedLocations: links }, headers);
    expect(first.status).toBe(201);
    expect(first.body.contract).toMatchObject({
      id,
      vendorName: 'Test Power Co',
      isExtended: false,
      isViewed: false,
    });
    expect(first.body.linkedLocations.map((link) => link.id)).toEqual([links[0]?.id]);
    const again = await add({ id, ...NEW_CONTRACT, linkedLocations: links }, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const reused = await add({ id, ...NEW_CONTRACT }, { 'idempotency-key': key() });
    expect(reused.status).toBe(400);
    expect(reused.body.error.fields).toEqual({ 'body.id': 'is already used' });
  });

  it('keeps a blank rate, usage and term blank, and a zero rate zero (no coercion of null to 0)', async () => {
    const blank = await add(
      { ...NEW_CONTRACT, contractRate: null, contractAnnualUsage: null, termMonth: null },
      { 'idempotency-key': key() },
    );
    expect(blank.status).toBe(201);
    expect(blank.body.contract).toMatchObject({
      contractRate: null,
      contractAnnualUsage: null,
      termMonth: null,
    });
    const zero = await add({ ...NEW_CONTRACT, contractRate: 0 }, { 'idempotency-key': key() });
    expect(zero.body.contract).toMatchObject({ contractRate: 0 });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    [
      'dates out of order',
      { endDate: '2025-06-01', contractSignDate: null },
      { 'body.endDate': 'must be after the start date' },
    ],
    [
      'a term that does not match',
      { termMonth: 36 },
      { 'body.termMonth': 'does not match the dates (12 months)' },
    ],
    [
      'a rate type of 3',
      { contractRateType: 3 },
      { 'body.contractRateType': 'must be 0 (Fixed), 1 (Not Fixed) or 2 (Variable)' },
    ],
    ['a blank vendor', { vendorName: ' ' }, { 'body.vendorName': 'is required' }],
  ])('refuses %s with 400 and the field', async (_name, change, fields) => {
    const answer = await add({ ...NEW_CONTRACT, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual(fields);
  });

  it('refuses a link to another company’s location', async () => {
    const harborSites = (await demo.as<{ id: string }[]>('harborClient', 'GET', '/api/locations')).body;
    const answer = await add({
      ...NEW_CONTRACT,
      linkedLocations: [{ id: randomUUID(), locationId: harborSites[0]?.id }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({
      'body.linkedLocations.0': 'is not a location of this company',
    });
  });

  it('updates with If-Match, answers 409 on a stale version, and marks viewed without one', async () => {
    const created = (await add(NEW_CONTRACT)).body.contract;
    const path = `/api/contracts/${created.id}/update`;
    const edited = await demo.as<Contract>('northwindAdmin', 'PUT', path, {
      body: { vendorName: 'Renamed Power', termMonth: 12 },
      headers: { 'if-match': String(created.version) },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.vendorName).toBe('Renamed Power');
    expect(edited.body.version).toBeGreaterThan(created.version);
    const stale = await demo.as<ErrorBody & { current: Contract }>('northwindAdmin', 'PUT', path, {
      body: { notes: 'late' },
      headers: { 'if-match': String(created.version) },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current.vendorName).toBe('Renamed Power');
    const viewed = await demo.as<Contract>('northwindClient', 'PUT', path, { body: { isViewed: true } });
    expect(viewed.body.isViewed).toBe(true);
    const invalid = await demo.as<ErrorBody>('northwindAdmin', 'PUT', path, {
      body: { endDate: '2025-01-01' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toEqual({
      'body.endDate': 'must be after the start date',
      'body.contractSignDate': 'must not be after the end date',
    });
    expect((await demo.as('northwindLimited', 'PUT', path, { body: { isViewed: true } })).status).toBe(403);
  });

  it('extends a contract: a new one after the old ends, the old one extended, its links copied; only once', async () => {
    const created = (
      await add({ ...NEW_CONTRACT, linkedLocations: [{ id: randomUUID(), locationId: sites[1]?.id }] })
    ).body.contract;
    const newId = randomUUID();
    const extension = {
      ...NEW_CONTRACT,
      id: newId,
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      linkedLocations: [{ id: randomUUID(), locationId: sites[1]?.id }],
    };
    const early = await demo.as<ErrorBody>('northwindAdmin', 'POST', `/api/contracts/${created.id}/extend`, {
      body: { ...extension, startDate: '2026-12-01', endDate: '2027-11-30' },
    });
    expect(early.body.error.fields).toEqual({
      'body.startDate': 'must be after the end of the contract it extends',
    });
    const answer = await demo.as<{ extended: Contract; contract: Contract; linkedLocations: Link[] }>(
      'northwindAdmin',
      'POST',
      `/api/contracts/${created.id}/extend`,
      { body: extension, headers: { 'if-match': String(created.version) } },
    );
    expect(answer.status).toBe(201);
    expect(answer.body.extended).toMatchObject({ id: created.id, isExtended: true });
    expect(answer.body.contract).toMatchObject({
      id: newId,
      associatedContractId: created.id,
      isExtended: false,
    });
    expect(answer.body.linkedLocations).toHaveLength(1);
    const list = (await demo.as<Contract[]>('northwindAdmin', 'GET', '/api/contracts')).body.map(
      (row) => row.id,
    );
    expect(list).toContain(newId);
    expect(list).not.toContain(created.id);
    const twice = await demo.as<ErrorBody>('northwindAdmin', 'POST', `/api/contracts/${created.id}/extend`, {
      body: { ...extension, id: randomUUID(), startDate: '2028-01-01', endDate: '2028-12-31' },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.fields).toEqual({ 'params.id': 'is already extended' });

    // Deleting the old one first is refused; deleting the extension makes the old one current again.
    const refused = await demo.as<ErrorBody>(
      'northwindAdmin',
      'DELETE',
      `/api/contracts/delete?id=${created.id}`,
    );
    expect(refused.status).toBe(400);
    const deleted = await demo.as<{ id: string; associated: Contract }>(
      'northwindAdmin',
      'DELETE',
      `/api/companies/${northwind}/contracts/delete?id=${newId}`,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.associated).toMatchObject({ id: created.id, isExtended: false });
    expect((await get(newId)).status).toBe(404);
    expect((await get(created.id)).body.isExtended).toBe(false);
  });

  it('links and unlinks locations, moving the contract version, with the contract and its links in the answer', async () => {
    const created = (await add(NEW_CONTRACT)).body.contract;
    const linkId = randomUUID();
    const linked = await demo.as<{ contract: Contract; linkedLocations: Link[] }>(
      'northwindAdmin',
      'POST',
      '/api/contracts/linked_locations/link',
      {
        body: { contractId: created.id, locationIds: [sites[2]?.id], ids: [linkId] },
        headers: { 'if-match': String(created.version) },
      },
    );
    expect(linked.status).toBe(200);
    expect(linked.body.linkedLocations.map((link) => link.id)).toEqual([linkId]);
    expect(linked.body.contract.version).toBeGreaterThan(created.version);
    const stale = await demo.as('northwindAdmin', 'POST', '/api/contracts/linked_locations/unlink', {
      body: { contractId: created.id, locationIds: [sites[2]?.id] },
      headers: { 'if-match': String(created.version) },
    });
    expect(stale.status).toBe(409);
    const unlinked = await demo.as<{ contract: Contract; linkedLocations: Link[] }>(
      'northwindAdmin',
      'POST',
      '/api/contracts/linked_locations/unlink',
      { body: { contractId: created.id, locationIds: [sites[2]?.id] } },
    );
    expect(unlinked.body.linkedLocations).toEqual([]);
    const foreign = await demo.as('harborClient', 'POST', '/api/contracts/linked_locations/link', {
      body: { contractId: created.id, locationIds: [sites[2]?.id] },
    });
    expect(foreign.status).toBe(404);
  });
});
