import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, bills, contracts, locations, vendors } from '../../server/src/db/schema';
import { utcToday } from '../../server/src/areas/locations/attention';
import { countContractsDue } from '../../src/domain/contracts';
import type { HomeChartsData } from '../../src/domain/homeCharts';
import { call, startTestServer } from '../helpers/testServer';
import type { TestServer } from '../helpers/testServer';
import { createCompany, createUser, grantCompany, tokenFor } from '../helpers/fixtures';

let server: TestServer;
let consultancy: number;
let alpha: number;
let beta: number;
const tokens: Record<'super' | 'consultant' | 'client', string> = { super: '', consultant: '', client: '' };

function month(offset: number): string {
  const date = new Date(Date.UTC(2026, 9 - offset, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.db;
  consultancy = await createCompany(db, { name: 'GET Consultants' });
  alpha = await createCompany(db, { name: 'Alpha Stores' });
  beta = await createCompany(db, { name: 'Beta Foods' });
  const superUser = await createUser(db, { companyId: consultancy, roles: ['Super Consultant'] });
  const consultant = await createUser(db, { companyId: consultancy, roles: ['Consultant'] });
  const client = await createUser(db, { companyId: alpha, roles: ['Client'] });
  await grantCompany(db, consultant.id, alpha);
  tokens.super = await tokenFor(server.config, {
    id: superUser.id,
    companyId: consultancy,
    roles: ['Super Consultant'],
  });
  tokens.consultant = await tokenFor(server.config, {
    id: consultant.id,
    companyId: consultancy,
    roles: ['Consultant'],
  });
  tokens.client = await tokenFor(server.config, { id: client.id, companyId: alpha, roles: ['Client'] });

  // 14 months of one electric bill: only the latest 12 count.
  const [vendor] = await db.insert(vendors).values({ id: randomUUID(), name: 'Test Power' }).returning();
  const locationId = randomUUID();
  const accountId = randomUUID();
  await db.insert(locations).values({
    id: locationId,
    companyId: alpha,
    version: 1,
    name: 'Store 1',
    address: '1 Main',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  });
  await db.insert(accounts).values({
    id: accountId,
    companyId: alpha,
    version: 1,
    locationId,
    vendorId: vendor?.id ?? '',
    vendorName: 'Test Power',
    accountNumber: 'A-1',
  });
  await db.insert(bills).values(
    Array.from({ length: 14 }, (_, index) => ({
      id: randomUUID(),
      companyId: alpha,
      version: 1,
      accountId,
      locationId,
      vendorId: vendor?.id ?? '',
      vendorName: 'Test Power',
      billMonth: month(index),
      totalNewCharges: 100.1,
      services: [
        {
          serviceType: 'electric',
          charges: 100.1,
          usage: 1000,
          unit: 'kWh',
          demandKw: 20,
          kvaMax: null,
          kvarSum: null,
          taxesFees: 5,
        },
      ],
    })),
  );
});

afterAll(async () => {
  await server.close();
});

describe('GET /api/consultant', () => {
  it('lists the granted companies of a consultant', async () => {
    const response = await call<{ id: number; hasAccess: boolean }[]>(server, 'GET', '/api/consultant', {
      token: tokens.consultant,
    });
    expect(response.status).toBe(200);
    expect(response.body.map((row) => row.id)).toEqual([alpha]);
  });

  it('lists every client for a super consultant', async () => {
    const response = await call<{ id: number }[]>(server, 'GET', '/api/consultant', { token: tokens.super });
    expect(response.body.map((row) => row.id).sort()).toEqual([alpha, beta].sort());
  });

  it('answers 404 to a client', async () => {
    const response = await call(server, 'GET', '/api/consultant', { token: tokens.client });
    expect(response.status).toBe(404);
  });
});

describe('GET /api/consultant/all', () => {
  it('marks which clients the consultant may open', async () => {
    const response = await call<{ id: number; hasAccess: boolean }[]>(server, 'GET', '/api/consultant/all', {
      token: tokens.consultant,
    });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.body.map((row) => [row.id, row.hasAccess]))).toEqual({
      [alpha]: true,
      [beta]: false,
    });
  });
});

describe('GET /api/companies/:id/homeChartsData', () => {
  it('totals the latest 12 bill months', async () => {
    const response = await call<HomeChartsData>(server, 'GET', `/api/companies/${alpha}/homeChartsData`, {
      token: tokens.client,
    });
    expect(response.status).toBe(200);
    expect(response.body.months).toHaveLength(12);
    expect(response.body.months.at(-1)).toBe(month(0));
    expect(response.body.totalCharges).toBe(1201.2);
    expect(response.body.byService).toEqual([
      { serviceType: 'electric', charges: 1201.2, usage: 12000, unit: 'kWh' },
    ]);
    expect(response.body).toMatchObject({
      locationCount: 1,
      accountCount: 1,
      openAlerts: 0,
      contractsDue: 0,
    });
  });

  it('counts the contracts due with the rule the client home page uses', async () => {
    const today = utcToday();
    const day = (offset: number) => {
      const date = new Date(`${today}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() + offset);
      return date.toISOString().slice(0, 10);
    };
    const rows = [
      { endDate: day(0), isExtended: false, isViewed: false },
      { endDate: day(30), isExtended: false, isViewed: false },
      { endDate: day(31), isExtended: false, isViewed: false },
      { endDate: day(-1), isExtended: false, isViewed: false },
      { endDate: day(5), isExtended: true, isViewed: false },
      // Viewed: no longer due (spec 000 §4, the badge's rule).
      { endDate: day(6), isExtended: false, isViewed: true },
    ];
    const company = await createCompany(server.db, { name: 'Gamma Labs' });
    await server.db.insert(contracts).values(
      rows.map((row) => ({
        ...row,
        companyId: company,
        version: 1,
        serviceType: 'electric',
        vendorName: 'Test Power',
        startDate: '2024-01-01',
      })),
    );
    const response = await call<HomeChartsData>(server, 'GET', `/api/companies/${company}/homeChartsData`, {
      token: tokens.super,
    });
    expect(response.status).toBe(200);
    expect(response.body.contractsDue).toBe(2);
    expect(response.body.contractsDue).toBe(countContractsDue(rows, today));
    expect(response.body.months).toEqual([]);
  });

  it('answers 404 for a company the consultant was not granted', async () => {
    const response = await call(server, 'GET', `/api/companies/${beta}/homeChartsData`, {
      token: tokens.consultant,
    });
    expect(response.status).toBe(404);
  });
});
